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
    online: "online",
    unknownPlace: "de plaats staat op de pagina van de activiteit",
    allDay: "de hele dag",
    action: "Bekijk de activiteit",
  },
  en: {
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
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
): TNotice {
  const rendered = renderTemplate(
    `activity.${kind}`,
    locale,
    {
      "activity.title": activity.title,
      "activity.when": whenOf(locale, activity),
      "activity.where": whereOf(locale, activity),
      link: context.link ?? null,
    },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
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
    intro: paragraphsOf(p.notice.body),
    ...(p.origin ? { action: { label: TEXTS[p.locale].action, url: `${p.origin}${p.path}` } } : {}),
    outro: [],
    signature: p.tenantName,
  });
}
