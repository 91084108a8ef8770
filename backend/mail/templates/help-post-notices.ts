import type { TTemplateText } from "../notification-templates/registry";
import { renderTemplate, type TTemplateFallbackLog } from "../notification-templates/render";
import {
  greeting,
  noticeOf,
  paragraphsOf,
  renderMail,
  type TLocale,
  type TRenderedMail,
} from "./layout";

/**
 * What a poster hears when a centre admin hides their peer-help post: the title, the
 * reason in the admin's words, and where to ask about it. Always sent, in the app and by
 * mail: it is about something they wrote, not a notification they can choose.
 */

type TNotice = { title: string; body: string };

const TEXTS = {
  nl: {
    action: "Bekijk je berichten",
    outro: "Vragen hierover? Antwoord de vrijwilligerscentrale via de contactgegevens op de site.",
  },
  en: {
    action: "View your posts",
    outro: "Questions about this? Contact the volunteer centre through the details on the site.",
  },
} as const;

export function helpPostHiddenNotice(
  locale: TLocale,
  postTitle: string,
  reason: string,
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
) {
  const rendered = renderTemplate(
    "help_post.hidden",
    locale,
    { "post.title": postTitle, reason, link: context.link ?? null },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
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
    intro: paragraphsOf(p.notice.body),
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: [texts.outro],
    signature: p.tenantName,
  });
}
