import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TAccountDeletionMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** `<site>/account/verwijderen?token=…`; null when the api could not tell the site. */
  link: string | null;
};

/** The link that confirms an account deletion, in the user's language. Valid 24 hours. */
export function accountDeletionMail(p: TAccountDeletionMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  if (locale === "en") {
    return renderMail({
      subject: `Confirm the deletion of your ${p.tenantName} account`,
      greeting: greeting(locale, p.firstName),
      intro: [
        `Someone asked to delete your ${p.tenantName} account.`,
        "Once you confirm, your name, email address, phone number and password are erased for good and you can no longer sign in. This cannot be undone.",
      ],
      ...(p.link ? { action: { label: "Delete my account", url: p.link } } : {}),
      outro: [
        "The link is valid for 24 hours.",
        "If you did not ask for this, you can ignore this email: your account stays as it is.",
      ],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Bevestig het verwijderen van je account bij ${p.tenantName}`,
    greeting: greeting(locale, p.firstName),
    intro: [
      `Iemand heeft gevraagd om je account bij ${p.tenantName} te verwijderen.`,
      "Als je dat bevestigt, worden je naam, e-mailadres, telefoonnummer en wachtwoord voorgoed gewist en kun je niet meer inloggen. Dit kan niet ongedaan worden gemaakt.",
    ],
    ...(p.link ? { action: { label: "Verwijder mijn account", url: p.link } } : {}),
    outro: [
      "De link is 24 uur geldig.",
      "Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren: je account blijft zoals het is.",
    ],
    signature: p.tenantName,
  });
}
