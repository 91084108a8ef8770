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
 * What a volunteer hears when a centre asks them for a vacancy from the pool
 * (docs/volunteer-pool.md), in their own language: the in-app notification and the mail say
 * the same, the mail with a link to the invitation's thread, where they accept or decline.
 */

export type TInvitationNoticeFacts = { vacancyTitle: string; centerName: string };
type TNotice = { title: string; body: string };

const NL = {
  /** The thread's first message when the staff member wrote none of their own. */
  defaultMessage: (f: Pick<TInvitationNoticeFacts, "vacancyTitle">) =>
    `Hoi! We zochten in de vrijwilligerspool en dachten aan jou voor de vacature ${f.vacancyTitle}. Lijkt het je wat? Je kunt de uitnodiging hier accepteren of afslaan.`,
  action: "Bekijk de uitnodiging",
  why: "Je krijgt deze e-mail omdat je in de vrijwilligerspool staat en meldingen per e-mail hebt aangezet. Je kunt dat wijzigen bij je instellingen:",
};

const EN: typeof NL = {
  defaultMessage: (f) =>
    `Hi! We searched the volunteer pool and thought of you for the vacancy ${f.vacancyTitle}. Would you like it? You can accept or decline the invitation here.`,
  action: "View the invitation",
  why: "You receive this e-mail because you are in the volunteer pool and turned on notifications by e-mail. You can change that in your settings:",
};

const textsOf = (locale: TLocale) => (locale === "en" ? EN : NL);

export function invitationNotice(
  locale: TLocale,
  facts: TInvitationNoticeFacts,
  context: {
    override?: TTemplateText | null;
    link?: string | null;
    log?: TTemplateFallbackLog;
  } = {},
): TNotice {
  const rendered = renderTemplate(
    "pool.invitation",
    locale,
    {
      "vacancy.title": facts.vacancyTitle,
      "centre.name": facts.centerName,
      link: context.link ?? null,
    },
    context.override,
    context.log,
  );
  return noticeOf(rendered);
}

export const defaultInvitationMessage = (
  locale: TLocale,
  facts: Pick<TInvitationNoticeFacts, "vacancyTitle">,
) => textsOf(locale).defaultMessage(facts);

export function invitationNoticeMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  notice: TNotice;
  /** The site the invitation was sent from; without one the mail carries no links. */
  origin: string | null;
  path: string;
}): TRenderedMail {
  const texts = textsOf(p.locale);
  return renderMail({
    subject: p.notice.title,
    greeting: greeting(p.locale, p.firstName),
    intro: paragraphsOf(p.notice.body),
    ...(p.origin ? { action: { label: texts.action, url: `${p.origin}${p.path}` } } : {}),
    outro: p.origin ? [`${texts.why} ${p.origin}/profile-edit/settings`] : [],
    signature: p.tenantName,
  });
}
