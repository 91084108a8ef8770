import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

/**
 * What a poster hears when a centre admin hides their peer-help post: the title, the
 * reason in the admin's words, and where to ask about it. Always sent, in the app and by
 * mail: it is about something they wrote, not a notification they can choose.
 */

type TNotice = { title: string; body: string };

const TEXTS = {
  nl: {
    notice: (postTitle: string, reason: string): TNotice => ({
      title: `Je bericht "${postTitle}" is verborgen`,
      body: `De vrijwilligerscentrale heeft je bericht "${postTitle}" verborgen. De reden: ${reason}`,
    }),
    action: "Bekijk je berichten",
    outro: "Vragen hierover? Antwoord de vrijwilligerscentrale via de contactgegevens op de site.",
  },
  en: {
    notice: (postTitle: string, reason: string): TNotice => ({
      title: `Your post "${postTitle}" was hidden`,
      body: `The volunteer centre hid your post "${postTitle}". The reason: ${reason}`,
    }),
    action: "View your posts",
    outro: "Questions about this? Contact the volunteer centre through the details on the site.",
  },
} as const;

export function helpPostHiddenNotice(locale: TLocale, postTitle: string, reason: string) {
  return TEXTS[locale].notice(postTitle, reason);
}

export function helpPostHiddenMail(p: {
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
    outro: [texts.outro],
    signature: p.tenantName,
  });
}
