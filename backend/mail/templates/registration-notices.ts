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
 * What someone on an activity's waiting list hears when a place comes free and is theirs:
 * the activity and its date. Always sent, in the app and by mail: they asked for the place,
 * and may have to plan for it or give it back.
 */

type TNotice = { title: string; body: string };

const TEXTS = {
  nl: {
    action: "Bekijk de activiteit",
  },
  en: {
    action: "View the activity",
  },
} as const;

export function promotedNotice(
  locale: TLocale,
  activity: string,
  startsAt: Date,
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
): TNotice {
  const when = new Intl.DateTimeFormat(locale === "nl" ? "nl-NL" : "en-GB", {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "Europe/Amsterdam",
  }).format(startsAt);
  const rendered = renderTemplate(
    "registration.promoted",
    locale,
    { "activity.title": activity, "activity.when": when, link: context.link ?? null },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
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
    intro: paragraphsOf(p.notice.body),
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: [],
    signature: p.tenantName,
  });
}
