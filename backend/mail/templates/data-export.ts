import { greeting, renderMail, type TLocale, type TRenderedMail } from "./layout";

/**
 * "Your data is ready" (docs/data-exports.md): the link to the download page, valid for
 * DATA_EXPORT_LINK_HOURS, which opens only for the person it was made for, signed in.
 */
export function dataExportReadyMail(p: {
  locale: TLocale;
  firstName: string | null;
  tenantName: string;
  /** `<site>/profiel/download/<token>`; null when the api could not tell the site. */
  link: string | null;
  hours: number;
}): TRenderedMail {
  if (p.locale === "en") {
    return renderMail({
      subject: `Your data from ${p.tenantName} is ready`,
      greeting: greeting(p.locale, p.firstName),
      intro: [
        `You asked for a copy of the data ${p.tenantName} keeps about you. It is ready as one JSON file.`,
      ],
      ...(p.link ? { action: { label: "Download my data", url: p.link } } : {}),
      outro: [
        `The link works for ${p.hours} hours, and only when you are signed in with this account.`,
        "If you did not ask for this, sign in and change your password.",
      ],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Je gegevens bij ${p.tenantName} staan klaar`,
    greeting: greeting(p.locale, p.firstName),
    intro: [
      `Je hebt gevraagd om een kopie van de gegevens die ${p.tenantName} over je bewaart. Die staat klaar als één JSON-bestand.`,
    ],
    ...(p.link ? { action: { label: "Download mijn gegevens", url: p.link } } : {}),
    outro: [
      `De link werkt ${p.hours} uur, en alleen als je met dit account bent ingelogd.`,
      "Heb je hier niet om gevraagd? Log dan in en verander je wachtwoord.",
    ],
    signature: p.tenantName,
  });
}
