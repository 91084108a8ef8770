import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TOrganizationStatusMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  organizationName: string;
  status: "approved" | "denied";
};

/** To each admin of an organization when a centre approves or denies it. */
export function organizationStatusMail(p: TOrganizationStatusMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const approved = p.status === "approved";
  if (locale === "en") {
    return renderMail({
      subject: approved
        ? `${p.organizationName} has been approved on ${p.tenantName}`
        : `${p.organizationName} has not been approved on ${p.tenantName}`,
      greeting: greeting(locale, p.firstName),
      intro: approved
        ? [
            `Good news: ${p.organizationName} has been approved on ${p.tenantName}.`,
            "You can now sign in and publish vacancies and activities.",
          ]
        : [`Unfortunately ${p.organizationName} has not been approved on ${p.tenantName}.`],
      outro: approved
        ? []
        : ["If you think this is a mistake, please contact the volunteer centre."],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: approved
      ? `${p.organizationName} is goedgekeurd op ${p.tenantName}`
      : `${p.organizationName} is niet goedgekeurd op ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: approved
      ? [
          `Goed nieuws: ${p.organizationName} is goedgekeurd op ${p.tenantName}.`,
          "Je kunt nu inloggen en vacatures en activiteiten plaatsen.",
        ]
      : [`Helaas is ${p.organizationName} niet goedgekeurd op ${p.tenantName}.`],
    outro: approved
      ? []
      : ["Denk je dat dit een vergissing is? Neem dan contact op met de vrijwilligerscentrale."],
    signature: p.tenantName,
  });
}
