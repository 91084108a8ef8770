import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TAccountDeletionMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** `<site>/account/verwijderen?token=…`; null when the api could not tell the site. */
  link: string | null;
};

const TEXTS = {
  nl: {
    action: "Verwijder mijn account",
    outro: [
      "De link is 24 uur geldig.",
      "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je account blijft zoals het is.",
    ],
  },
  en: {
    action: "Delete my account",
    outro: [
      "The link is valid for 24 hours.",
      "If you did not ask for this, you can ignore this email: your account stays as it is.",
    ],
  },
} as const;

/** The link that confirms an account deletion, in the user's language. Valid 24 hours. */
export function accountDeletionMail(p: TAccountDeletionMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "account.deletion",
    locale,
    { "recipient.first_name": p.firstName, "tenant.name": p.tenantName, link: p.link },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    ...(p.link ? { action: { label: TEXTS[locale].action, url: p.link } } : {}),
    outro: [...TEXTS[locale].outro],
    signature: p.tenantName,
  });
}
