import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

/**
 * What someone on an activity's waiting list hears when a place comes free and is theirs:
 * the activity and its date. Always sent, in the app and by mail: they asked for the place,
 * and may have to plan for it or give it back.
 */

type TNotice = { title: string; body: string };

const TEXTS = {
  nl: {
    notice: (activity: string, when: string): TNotice => ({
      title: `Er is een plek vrij: ${activity}`,
      body: `Je stond op de wachtlijst voor "${activity}" (${when}). Er is een plek vrijgekomen en die is nu van jou: je bent aangemeld. Kun je toch niet? Meld je dan af, zodat de volgende op de lijst kan.`,
    }),
    action: "Bekijk de activiteit",
  },
  en: {
    notice: (activity: string, when: string): TNotice => ({
      title: `A place came free: ${activity}`,
      body: `You were on the waiting list for "${activity}" (${when}). A place came free and it is yours now: you are signed up. Can't make it after all? Cancel, so the next on the list can come.`,
    }),
    action: "View the activity",
  },
} as const;

export function promotedNotice(locale: TLocale, activity: string, startsAt: Date): TNotice {
  const when = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  }).format(startsAt);
  return TEXTS[locale].notice(activity, when);
}

export function promotedMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  notice: TNotice;
  origin: string | null;
  path: string;
}): TRenderedMail {
  const texts = TEXTS[p.locale];
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: [p.notice.body],
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: [],
    signature: p.tenantName,
  });
}
