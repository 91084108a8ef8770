import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TOrganizationRegisteredMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  organizationName: string;
  /** Who signed it up, as they gave their name and address. */
  registrant: { name: string; email: string };
  /** The site's /organizations/approve; null when the api could not tell the site. */
  link: string | null;
};

const ACTION = {
  nl: "Bekijk de aanmeldingen",
  en: "Review organisations awaiting approval",
} as const;

/** To each admin of the centre when an organization signs up and awaits approval. */
export function organizationRegisteredMail(p: TOrganizationRegisteredMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "organization.registered",
    locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      link: p.link,
      "organization.name": p.organizationName,
      "registrant.name": p.registrant.name,
      "registrant.email": p.registrant.email,
    },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    action: p.link ? { label: ACTION[locale], url: p.link } : undefined,
    outro: [],
    signature: p.tenantName,
  });
}
