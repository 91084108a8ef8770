import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TConfirmationMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The address to confirm: the account's, or the new one of a pending change. */
  email: string;
  /** The web's /confirm page with the token; null when the api could not tell the site. */
  link: string | null;
  /** Set for a change of address (devise reconfirmable): the address that stays until the
   *  new one is confirmed, so the mail can say the change is not done yet. */
  previousEmail?: string;
};

const TEXTS = {
  nl: { action: "Bevestig mijn e-mailadres", valid: "De link is 3 dagen geldig." },
  en: { action: "Confirm my email address", valid: "The link is valid for 3 days." },
} as const;

/** devise's confirmation_instructions, in the user's language. Valid 3 days. */
export function confirmationMail(p: TConfirmationMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "auth.confirmation",
    locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      email: p.email,
      previous_email: p.previousEmail ?? null,
      link: p.link,
    },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    action: p.link ? { label: TEXTS[locale].action, url: p.link } : undefined,
    outro: [TEXTS[locale].valid],
    signature: p.tenantName,
  });
}
