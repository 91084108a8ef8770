import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TConfirmationMail = {
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

/** devise's confirmation_instructions, in the user's language. Valid 3 days. */
export function confirmationMail(p: TConfirmationMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const change = p.previousEmail !== undefined;
  if (locale === "en") {
    return renderMail({
      subject: change
        ? `Confirm your new email address for ${p.tenantName}`
        : `Confirm your email address for ${p.tenantName}`,
      greeting: greeting(locale, p.firstName),
      intro: change
        ? [
            `You asked to change your email address for ${p.tenantName} to ${p.email}. Please confirm that this is your address.`,
            `Until you do, you keep signing in with ${p.previousEmail}.`,
          ]
        : [`Please confirm that ${p.email} is your email address for ${p.tenantName}.`],
      action: p.link ? { label: "Confirm my email address", url: p.link } : undefined,
      outro: ["The link is valid for 3 days."],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: change
      ? `Bevestig je nieuwe e-mailadres voor ${p.tenantName}`
      : `Bevestig je e-mailadres voor ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: change
      ? [
          `Je hebt gevraagd je e-mailadres voor ${p.tenantName} te wijzigen naar ${p.email}. Bevestig dat dit jouw e-mailadres is.`,
          `Tot je dat doet, log je in met ${p.previousEmail}.`,
        ]
      : [`Bevestig dat ${p.email} jouw e-mailadres is voor ${p.tenantName}.`],
    action: p.link ? { label: "Bevestig mijn e-mailadres", url: p.link } : undefined,
    outro: ["De link is 3 dagen geldig."],
    signature: p.tenantName,
  });
}
