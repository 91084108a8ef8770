import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

const TEXTS = {
  nl: {
    action: "Download mijn gegevens",
    outro: (hours: number) => [
      `De link werkt ${hours} uur, en alleen als je met dit account bent ingelogd.`,
      "Heb je hier niet om gevraagd? Log dan in en verander je wachtwoord.",
    ],
  },
  en: {
    action: "Download my data",
    outro: (hours: number) => [
      `The link works for ${hours} hours, and only when you are signed in with this account.`,
      "If you did not ask for this, sign in and change your password.",
    ],
  },
} as const;

/**
 * "Your data is ready" (docs/data-exports.md): the link to the download page, valid for
 * DATA_EXPORT_LINK_HOURS, which opens only for the person it was made for, signed in.
 */
export function dataExportReadyMail(
  p: TTemplateOverride & {
    locale: TLocale;
    firstName: string | null;
    tenantName: string;
    /** `<site>/profiel/download/<token>`; null when the api could not tell the site. */
    link: string | null;
    hours: number;
  },
): TRenderedMail {
  const rendered = renderTemplate(
    "account.data_export",
    p.locale,
    {
      "recipient.first_name": p.firstName,
      "tenant.name": p.tenantName,
      link: p.link,
      hours: p.hours,
    },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(p.locale, p.firstName),
    intro: rendered.paragraphs,
    ...(p.link ? { action: { label: TEXTS[p.locale].action, url: p.link } } : {}),
    outro: TEXTS[p.locale].outro(p.hours),
    signature: p.tenantName,
  });
}
