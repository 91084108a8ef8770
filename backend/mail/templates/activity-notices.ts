import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

/**
 * What the people of an activity hear of it (docs/activity-writes.md): when a published
 * activity's time or place changes, when it is cancelled (everyone registered or waiting),
 * and 48 hours before it starts (those with a place). Always sent, in the app and by mail:
 * they planned on it.
 */

type TNotice = { title: string; body: string };
export type TActivityNoticeKind = "changed" | "cancelled" | "reminder";
export type TActivityFacts = {
  title: string;
  startsAt: Date;
  endsAt: Date | null;
  allDay: boolean;
  online: boolean;
  locationName: string | null;
  street: string | null;
  city: string | null;
};

const TEXTS = {
  nl: {
    changed: (a: string, when: string, where: string): TNotice => ({
      title: `Gewijzigd: ${a}`,
      body: `De tijd of plaats van "${a}" is veranderd. Het is nu ${when}, ${where}. Kun je niet meer? Meld je dan af, zodat een ander je plek kan krijgen.`,
    }),
    cancelled: (a: string, when: string): TNotice => ({
      title: `Gaat niet door: ${a}`,
      body: `"${a}" (${when}) gaat niet door. Je aanmelding vervalt; je hoeft niets te doen.`,
    }),
    reminder: (a: string, when: string, where: string): TNotice => ({
      title: `Over twee dagen: ${a}`,
      body: `Je bent aangemeld voor "${a}": ${when}, ${where}. Kun je toch niet? Meld je dan af, zodat iemand van de wachtlijst kan komen.`,
    }),
    online: "online",
    unknownPlace: "de plaats staat op de pagina van de activiteit",
    allDay: "de hele dag",
    action: "Bekijk de activiteit",
  },
  en: {
    changed: (a: string, when: string, where: string): TNotice => ({
      title: `Changed: ${a}`,
      body: `The time or place of "${a}" has changed. It is now ${when}, ${where}. Can't make it any more? Cancel, so someone else can have your place.`,
    }),
    cancelled: (a: string, when: string): TNotice => ({
      title: `Cancelled: ${a}`,
      body: `"${a}" (${when}) will not take place. Your registration lapses; you need not do anything.`,
    }),
    reminder: (a: string, when: string, where: string): TNotice => ({
      title: `In two days: ${a}`,
      body: `You are signed up for "${a}": ${when}, ${where}. Can't make it after all? Cancel, so someone on the waiting list can come.`,
    }),
    online: "online",
    unknownPlace: "the place is on the activity's page",
    allDay: "all day",
    action: "View the activity",
  },
} as const;

function whenOf(locale: TLocale, a: TActivityFacts): string {
  const tag = locale === "nl" ? "nl-NL" : "en-GB";
  const zone = "Europe/Amsterdam";
  if (a.allDay) {
    const day = new Intl.DateTimeFormat(tag, { dateStyle: "full", timeZone: zone });
    return `${day.format(a.startsAt)} (${TEXTS[locale].allDay})`;
  }
  const start = new Intl.DateTimeFormat(tag, {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: zone,
  }).format(a.startsAt);
  if (!a.endsAt) return start;
  const end = new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone: zone });
  return `${start} – ${end.format(a.endsAt)}`;
}

function whereOf(locale: TLocale, a: TActivityFacts): string {
  if (a.online) return TEXTS[locale].online;
  const parts = [a.locationName, a.street, a.city].filter((p) => p && p.trim() !== "");
  return parts.length > 0 ? parts.join(", ") : TEXTS[locale].unknownPlace;
}

export function activityNotice(
  locale: TLocale,
  kind: TActivityNoticeKind,
  activity: TActivityFacts,
): TNotice {
  const texts = TEXTS[locale];
  const when = whenOf(locale, activity);
  if (kind === "cancelled") return texts.cancelled(activity.title, when);
  return texts[kind](activity.title, when, whereOf(locale, activity));
}

export function activityNoticeMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  notice: TNotice;
  origin: string | null;
  path: string;
}): TRenderedMail {
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: [p.notice.body],
    ...(p.origin ? { action: { label: TEXTS[p.locale].action, url: `${p.origin}${p.path}` } } : {}),
    outro: [],
    signature: p.tenantName,
  });
}
