import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TLocale, type TRenderedMail } from "./layout";

export type TInvitationRoleName = "admin" | "member" | "desk_manager";

export type TInvitationMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** Who invited them (full name, else e-mail address); null when unknown. */
  inviterName: string | null;
  /** The role the invitation gives and what it is on (organization or desk name). */
  role: { name: TInvitationRoleName; resourceLabel: string } | null;
  /** The web's /auth/invitation page with the token; null when the api could not tell the site. */
  link: string | null;
  /** How long the link stays valid, in days (docs/api-registration-invitations.md). */
  validDays: number;
};

const ROLE_WORDS: Record<TLocale, Record<TInvitationRoleName, string>> = {
  nl: { admin: "beheerder", member: "medewerker", desk_manager: "baliebeheerder" },
  en: { admin: "administrator", member: "staff member", desk_manager: "desk manager" },
};

const TEXTS = {
  nl: {
    action: "Uitnodiging accepteren",
    outro: (days: number) => [
      `De link is ${days} dagen geldig.`,
      "Had je deze uitnodiging niet verwacht? Dan kun je deze e-mail negeren.",
    ],
  },
  en: {
    action: "Accept the invitation",
    outro: (days: number) => [
      `The link is valid for ${days} days.`,
      "If you did not expect this invitation, you can ignore this email.",
    ],
  },
} as const;

/** devise_invitable's invitation_instructions, in the language the inviter chose. */
export function invitationMail(p: TInvitationMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "auth.invitation",
    locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      link: p.link,
      "inviter.name": p.inviterName,
      "role.name": p.role ? ROLE_WORDS[locale][p.role.name] : null,
      "role.resource": p.role?.resourceLabel ?? null,
      valid_days: p.validDays,
    },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    action: p.link ? { label: TEXTS[locale].action, url: p.link } : undefined,
    outro: TEXTS[locale].outro(p.validDays),
    signature: p.tenantName,
  });
}
