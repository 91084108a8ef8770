import type { TApplicationStatus } from "../../../lib/contract/applications";
import type { TTemplateKey, TTemplateText } from "../notification-templates/registry";
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
 * What the people around an application hear of it, in their own language: the in-app
 * notification (a title and one line) and the mail that says the same with a link. One
 * text for both, so the toolbar and the inbox never disagree.
 */

export type TApplicationNoticeEvent =
  | { kind: "application_received" }
  | { kind: "application_withdrawn" }
  /** The status the application reached: accepted, declined or closed. */
  | { kind: "application_status"; status: TApplicationStatus }
  /** Unanswered for `days` working days: to the organisation's staff. */
  | { kind: "application_reminder"; days: number }
  /** Unanswered for `days` working days: to the centre's admins. */
  | { kind: "application_overdue"; days: number };

export type TApplicationNoticeFacts = {
  vacancyTitle: string;
  organizationName: string;
  applicantName: string;
};

/** What the application knows of its people; the applicant's name may be gone. */
export type TApplicationNoticeInput = Omit<TApplicationNoticeFacts, "applicantName"> & {
  applicantName: string | null;
};

export type TNotice = { title: string; body: string };

/** The template kind of each event (backend/mail/notification-templates/registry.ts). */
export function applicationNoticeKey(event: TApplicationNoticeEvent): TTemplateKey {
  if (event.kind === "application_received") return "application.received";
  if (event.kind === "application_withdrawn") return "application.withdrawn";
  if (event.kind === "application_reminder") return "application.reminder";
  if (event.kind === "application_overdue") return "application.overdue";
  switch (event.status) {
    case "accepted":
      return "application.accepted";
    case "declined":
      return "application.declined";
    case "closed":
      return "application.closed";
    default:
      return "application.changed";
  }
}

const TEXTS = {
  nl: {
    someone: "Een vrijwilliger",
    action: "Bekijk de reactie",
    why: "Je krijgt deze e-mail omdat je meldingen per e-mail hebt aangezet. Je kunt dat wijzigen bij je instellingen:",
  },
  en: {
    someone: "A volunteer",
    action: "View the application",
    why: "You receive this e-mail because you turned on notifications by e-mail. You can change that in your settings:",
  },
} as const;

/** The notice's words: the template's subject is the title, its paragraphs the body. */
export function applicationNotice(
  locale: TLocale,
  event: TApplicationNoticeEvent,
  input: TApplicationNoticeInput,
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
): TNotice {
  const rendered = renderTemplate(
    applicationNoticeKey(event),
    locale,
    {
      "vacancy.title": input.vacancyTitle,
      "organization.name": input.organizationName,
      "applicant.name": input.applicantName ?? TEXTS[locale].someone,
      link: context.link ?? null,
      days: "days" in event ? event.days : null,
    },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
}

/** The mail of a notice: the same words, a link to the application and to the settings. */
export function applicationNoticeMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  notice: TNotice;
  /** The site the change was made on; without one the mail carries no links. */
  origin: string | null;
  path: string;
}): TRenderedMail {
  const texts = TEXTS[p.locale];
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: paragraphsOf(p.notice.body),
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: p.origin ? [`${texts.why} ${p.origin}/profile-edit/settings`] : [],
    signature: p.tenantName,
  });
}
