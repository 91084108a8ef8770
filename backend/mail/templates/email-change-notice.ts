import { renderTemplate, type TTemplateOverride } from "../notification-templates/render";
import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TEmailChangeNotice = TTemplateOverride & {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The address the change goes to once it is confirmed. */
  newEmail: string;
};

const OUTRO = {
  nl: "Was jij dit niet? Stel dan meteen een nieuw wachtwoord in met dit adres en laat het ons weten; zolang niemand de wijziging bevestigt, gaat ze niet door.",
  en: "Was this not you? Then reset your password straight away with this address and let us know; the change does not go through as long as nobody confirms it.",
} as const;

/**
 * To the current address when a change of address is asked (PUT /auth): if someone else
 * holds the session, the owner hears of it while the old address still signs in and can
 * reset the password. No link: the change needs nothing from this address.
 */
export function emailChangeNoticeMail(p: TEmailChangeNotice): TRenderedMail {
  const locale = mailLocale(p.locale);
  const rendered = renderTemplate(
    "account.email_change",
    locale,
    { "recipient.first_name": p.firstName, "tenant.name": p.tenantName, new_email: p.newEmail },
    p.override,
    p.log,
  );
  return renderMail({
    subject: rendered.subject,
    greeting: greeting(locale, p.firstName),
    intro: rendered.paragraphs,
    outro: [OUTRO[locale]],
    signature: p.tenantName,
  });
}
