import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TConfirmationMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  email: string;
  /** The web's /confirm page with the token; null when the api could not tell the site. */
  link: string | null;
};

/** devise's confirmation_instructions, in the user's language. Valid 3 days. */
export function confirmationMail(p: TConfirmationMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  if (locale === "en") {
    return renderMail({
      subject: `Confirm your email address for ${p.tenantName}`,
      greeting: greeting(locale, p.firstName),
      intro: [`Please confirm that ${p.email} is your email address for ${p.tenantName}.`],
      action: p.link ? { label: "Confirm my email address", url: p.link } : undefined,
      outro: ["The link is valid for 3 days."],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Bevestig je e-mailadres voor ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: [`Bevestig dat ${p.email} jouw e-mailadres is voor ${p.tenantName}.`],
    action: p.link ? { label: "Bevestig mijn e-mailadres", url: p.link } : undefined,
    outro: ["De link is 3 dagen geldig."],
    signature: p.tenantName,
  });
}
