import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TEmailChangeNotice = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The address the change goes to once it is confirmed. */
  newEmail: string;
};

/**
 * To the current address when a change of address is asked (PUT /auth): if someone else
 * holds the session, the owner hears of it while the old address still signs in and can
 * reset the password. No link: the change needs nothing from this address.
 */
export function emailChangeNoticeMail(p: TEmailChangeNotice): TRenderedMail {
  const locale = mailLocale(p.locale);
  if (locale === "en") {
    return renderMail({
      subject: `Your email address for ${p.tenantName} is being changed`,
      greeting: greeting(locale, p.firstName),
      intro: [
        `Your email address for ${p.tenantName} is being changed to ${p.newEmail}. The change takes effect once the new address is confirmed with the link we sent there.`,
      ],
      outro: [
        "Was this not you? Then reset your password straight away with this address and let us know; the change does not go through as long as nobody confirms it.",
      ],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Je e-mailadres voor ${p.tenantName} wordt gewijzigd`,
    greeting: greeting(locale, p.firstName),
    intro: [
      `Je e-mailadres voor ${p.tenantName} wordt gewijzigd naar ${p.newEmail}. De wijziging gaat in zodra het nieuwe adres is bevestigd met de link die we daarheen hebben gestuurd.`,
    ],
    outro: [
      "Was jij dit niet? Stel dan meteen een nieuw wachtwoord in met dit adres en laat het ons weten; zolang niemand de wijziging bevestigt, gaat ze niet door.",
    ],
    signature: p.tenantName,
  });
}
