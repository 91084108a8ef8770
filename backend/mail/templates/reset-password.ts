import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TResetPasswordMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The reset link (through the web's /api/auth/password/edit). */
  link: string;
};

const TEXTS = {
  nl: {
    action: "Kies een nieuw wachtwoord",
    outro: [
      "De link is 6 uur geldig.",
      "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je wachtwoord blijft hetzelfde.",
    ],
  },
  en: {
    action: "Choose a new password",
    outro: [
      "The link is valid for 6 hours.",
      "If you did not ask for this, you can ignore this email: your password stays the same.",
    ],
  },
} as const;

/** devise's reset_password_instructions, in the user's language. Valid 6 hours. */
export function resetPasswordMail(p: TResetPasswordMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "auth.reset_password",
    locale,
    { "recipient.first_name": p.firstName, "tenant.name": p.tenantName, link: p.link },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    action: { label: TEXTS[locale].action, url: p.link },
    outro: [...TEXTS[locale].outro],
    signature: p.tenantName,
  });
}
