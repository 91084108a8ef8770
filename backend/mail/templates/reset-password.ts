import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TResetPasswordMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The reset link (through the web's /api/auth/password/edit). */
  link: string;
};

/** devise's reset_password_instructions, in the user's language. Valid 6 hours. */
export function resetPasswordMail(p: TResetPasswordMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  if (locale === "en") {
    return renderMail({
      subject: `Reset your password for ${p.tenantName}`,
      greeting: greeting(locale, p.firstName),
      intro: [`Someone asked to reset the password of your ${p.tenantName} account.`],
      action: { label: "Choose a new password", url: p.link },
      outro: [
        "The link is valid for 6 hours.",
        "If you did not ask for this, you can ignore this email: your password stays the same.",
      ],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Nieuw wachtwoord instellen voor ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: [
      `Iemand heeft gevraagd om het wachtwoord van je account bij ${p.tenantName} te wijzigen.`,
    ],
    action: { label: "Kies een nieuw wachtwoord", url: p.link },
    outro: [
      "De link is 6 uur geldig.",
      "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.",
    ],
    signature: p.tenantName,
  });
}
