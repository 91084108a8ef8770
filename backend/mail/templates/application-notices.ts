import type { TApplicationStatus } from "../../../lib/contract/applications";
import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

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

type TNotice = { title: string; body: string };

const NL = {
  received: (f: TApplicationNoticeFacts): TNotice => ({
    title: `Nieuwe reactie op ${f.vacancyTitle}`,
    body: `${f.applicantName} heeft gereageerd op de vacature ${f.vacancyTitle}.`,
  }),
  withdrawn: (f: TApplicationNoticeFacts): TNotice => ({
    title: `Reactie teruggetrokken: ${f.vacancyTitle}`,
    body: `${f.applicantName} heeft de reactie op de vacature ${f.vacancyTitle} teruggetrokken.`,
  }),
  accepted: (f: TApplicationNoticeFacts): TNotice => ({
    title: `Je reactie op ${f.vacancyTitle} is geaccepteerd`,
    body: `${f.organizationName} heeft je reactie op de vacature ${f.vacancyTitle} geaccepteerd.`,
  }),
  declined: (f: TApplicationNoticeFacts): TNotice => ({
    title: `Je reactie op ${f.vacancyTitle} is afgewezen`,
    body: `${f.organizationName} heeft je reactie op de vacature ${f.vacancyTitle} afgewezen.`,
  }),
  closed: (f: TApplicationNoticeFacts): TNotice => ({
    title: `De vacature ${f.vacancyTitle} is gesloten`,
    body: `${f.organizationName} heeft de vacature ${f.vacancyTitle} gesloten. Je reactie is daarmee afgesloten.`,
  }),
  changed: (f: TApplicationNoticeFacts): TNotice => ({
    title: `Je reactie op ${f.vacancyTitle} is bijgewerkt`,
    body: `De status van je reactie op de vacature ${f.vacancyTitle} is veranderd.`,
  }),
  reminder: (f: TApplicationNoticeFacts, days: number): TNotice => ({
    title: `${f.applicantName} wacht op antwoord: ${f.vacancyTitle}`,
    body: `${f.applicantName} reageerde ${days} werkdagen geleden op de vacature ${f.vacancyTitle} en heeft nog geen antwoord gekregen. Laat even weten wat je ervan vindt, ook als het een nee is.`,
  }),
  overdue: (f: TApplicationNoticeFacts, days: number): TNotice => ({
    title: `Nog geen antwoord van ${f.organizationName}: ${f.vacancyTitle}`,
    body: `${f.applicantName} reageerde ${days} werkdagen geleden op de vacature ${f.vacancyTitle} van ${f.organizationName} en heeft nog geen antwoord gekregen.`,
  }),
  action: "Bekijk de reactie",
  why: "Je krijgt deze e-mail omdat je meldingen per e-mail hebt aangezet. Je kunt dat wijzigen bij je instellingen:",
};

const EN: typeof NL = {
  received: (f) => ({
    title: `New application for ${f.vacancyTitle}`,
    body: `${f.applicantName} applied for the vacancy ${f.vacancyTitle}.`,
  }),
  withdrawn: (f) => ({
    title: `Application withdrawn: ${f.vacancyTitle}`,
    body: `${f.applicantName} withdrew their application for the vacancy ${f.vacancyTitle}.`,
  }),
  accepted: (f) => ({
    title: `Your application for ${f.vacancyTitle} was accepted`,
    body: `${f.organizationName} accepted your application for the vacancy ${f.vacancyTitle}.`,
  }),
  declined: (f) => ({
    title: `Your application for ${f.vacancyTitle} was declined`,
    body: `${f.organizationName} declined your application for the vacancy ${f.vacancyTitle}.`,
  }),
  closed: (f) => ({
    title: `The vacancy ${f.vacancyTitle} has closed`,
    body: `${f.organizationName} closed the vacancy ${f.vacancyTitle}, so your application has been closed too.`,
  }),
  changed: (f) => ({
    title: `Your application for ${f.vacancyTitle} was updated`,
    body: `The status of your application for the vacancy ${f.vacancyTitle} has changed.`,
  }),
  reminder: (f, days) => ({
    title: `${f.applicantName} is waiting for a reply: ${f.vacancyTitle}`,
    body: `${f.applicantName} applied for the vacancy ${f.vacancyTitle} ${days} working days ago and has not heard back yet. Please let them know where they stand, even if it is a no.`,
  }),
  overdue: (f, days) => ({
    title: `No reply from ${f.organizationName} yet: ${f.vacancyTitle}`,
    body: `${f.applicantName} applied for the vacancy ${f.vacancyTitle} of ${f.organizationName} ${days} working days ago and has not heard back yet.`,
  }),
  action: "View the application",
  why: "You receive this e-mail because you turned on notifications by e-mail. You can change that in your settings:",
};

export function applicationNotice(
  locale: TLocale,
  event: TApplicationNoticeEvent,
  input: TApplicationNoticeInput,
): TNotice {
  const texts = locale === "en" ? EN : NL;
  const facts: TApplicationNoticeFacts = {
    ...input,
    applicantName: input.applicantName ?? (locale === "en" ? "A volunteer" : "Een vrijwilliger"),
  };
  if (event.kind === "application_received") return texts.received(facts);
  if (event.kind === "application_withdrawn") return texts.withdrawn(facts);
  if (event.kind === "application_reminder") return texts.reminder(facts, event.days);
  if (event.kind === "application_overdue") return texts.overdue(facts, event.days);
  switch (event.status) {
    case "accepted":
      return texts.accepted(facts);
    case "declined":
      return texts.declined(facts);
    case "closed":
      return texts.closed(facts);
    default:
      return texts.changed(facts);
  }
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
  const texts = p.locale === "en" ? EN : NL;
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: [p.notice.body],
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: p.origin ? [`${texts.why} ${p.origin}/profile-edit/settings`] : [],
    signature: p.tenantName,
  });
}
