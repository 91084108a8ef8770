import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TOrganizationRegisteredMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  organizationName: string;
  /** Who signed it up, as they gave their name and address. */
  registrant: { name: string; email: string };
  /** The site's /organizations/approve; null when the api could not tell the site. */
  link: string | null;
};

/** To each admin of the centre when an organization signs up and awaits approval. */
export function organizationRegisteredMail(p: TOrganizationRegisteredMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const by = `${p.registrant.name} (${p.registrant.email})`;
  if (locale === "en") {
    return renderMail({
      subject: `New organisation awaiting approval: ${p.organizationName}`,
      greeting: greeting(locale, p.firstName),
      intro: [
        `${p.organizationName} has signed up on ${p.tenantName} and awaits your approval.`,
        `Signed up by ${by}.`,
      ],
      action: p.link ? { label: "Review organisations awaiting approval", url: p.link } : undefined,
      outro: [],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Nieuwe organisatie wacht op goedkeuring: ${p.organizationName}`,
    greeting: greeting(locale, p.firstName),
    intro: [
      `${p.organizationName} heeft zich aangemeld op ${p.tenantName} en wacht op jouw goedkeuring.`,
      `Aangemeld door ${by}.`,
    ],
    action: p.link ? { label: "Bekijk de aanmeldingen", url: p.link } : undefined,
    outro: [],
    signature: p.tenantName,
  });
}
