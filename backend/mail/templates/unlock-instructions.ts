import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TUnlockMail = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The unlock link; null when the api could not tell the site's address. */
  link: string | null;
};

const TEXTS = {
  nl: {
    action: "Deblokkeer mijn account",
    outro: "De blokkade wordt na een uur ook vanzelf opgeheven.",
  },
  en: { action: "Unlock my account", outro: "The lock is also lifted by itself after one hour." },
} as const;

/** devise's unlock_instructions, sent when the account is locked. */
export function unlockInstructionsMail(p: TUnlockMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "auth.unlock",
    locale,
    { "recipient.first_name": p.firstName, "tenant.name": p.tenantName, link: p.link },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    action: p.link ? { label: TEXTS[locale].action, url: p.link } : undefined,
    outro: [TEXTS[locale].outro],
    signature: p.tenantName,
  });
}
