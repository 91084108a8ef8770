import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TOrganizationStatusMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  organizationName: string;
  status: "approved" | "denied";
};

const DENIED_OUTRO = {
  nl: "Denk je dat dit een vergissing is? Neem dan contact op met de vrijwilligerscentrale.",
  en: "If you think this is a mistake, please contact the volunteer centre.",
} as const;

/** To each admin of an organization when a centre approves or denies it. */
export function organizationStatusMail(p: TOrganizationStatusMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const approved = p.status === "approved";
  const rendered = renderTemplate(
    approved ? "organization.approved" : "organization.denied",
    locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      "organization.name": p.organizationName,
    },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    outro: approved ? [] : [DENIED_OUTRO[locale]],
    signature: p.tenantName,
  });
}
