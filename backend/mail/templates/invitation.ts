import { greeting, mailLocale, renderMail, type TLocale, type TRenderedMail } from "./layout";

export type TInvitationRoleName = "admin" | "member" | "desk_manager";

export type TInvitationMail = {
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

/** devise_invitable's invitation_instructions, in the language the inviter chose. */
export function invitationMail(p: TInvitationMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const given = p.role ? { word: ROLE_WORDS[locale][p.role.name], of: p.role.resourceLabel } : null;
  if (locale === "en") {
    const who = p.inviterName ? `${p.inviterName} has invited you` : "You have been invited";
    return renderMail({
      subject: `You have been invited to ${p.tenantName}`,
      greeting: greeting(locale, p.firstName),
      intro: [
        given
          ? `${who} to ${p.tenantName} as ${given.word} of ${given.of}.`
          : `${who} to ${p.tenantName}.`,
        "Choose a password to activate your account.",
      ],
      action: p.link ? { label: "Accept the invitation", url: p.link } : undefined,
      outro: [
        `The link is valid for ${p.validDays} days.`,
        "If you did not expect this invitation, you can ignore this email.",
      ],
      signature: p.tenantName,
    });
  }
  const who = p.inviterName ? `${p.inviterName} heeft je uitgenodigd` : "Je bent uitgenodigd";
  return renderMail({
    subject: `Je bent uitgenodigd voor ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: [
      given
        ? `${who} voor ${p.tenantName} als ${given.word} van ${given.of}.`
        : `${who} voor ${p.tenantName}.`,
      "Kies een wachtwoord om je account te activeren.",
    ],
    action: p.link ? { label: "Uitnodiging accepteren", url: p.link } : undefined,
    outro: [
      `De link is ${p.validDays} dagen geldig.`,
      "Had je deze uitnodiging niet verwacht? Dan kun je deze e-mail negeren.",
    ],
    signature: p.tenantName,
  });
}
