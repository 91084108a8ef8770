import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

export type TUnlockMail = {
  locale: string | null;
  tenantName: string;
  firstName: string | null;
  /** The unlock link; null when the api could not tell the site's address. */
  link: string | null;
};

/** devise's unlock_instructions, sent when the account is locked. */
export function unlockInstructionsMail(p: TUnlockMail): TRenderedMail {
  const locale = mailLocale(p.locale);
  if (locale === "en") {
    return renderMail({
      subject: `Your ${p.tenantName} account has been locked`,
      greeting: greeting(locale, p.firstName),
      intro: [
        `Your ${p.tenantName} account has been locked after too many unsuccessful sign-in attempts.`,
      ],
      action: p.link ? { label: "Unlock my account", url: p.link } : undefined,
      outro: ["The lock is also lifted by itself after one hour."],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `Je account bij ${p.tenantName} is geblokkeerd`,
    greeting: greeting(locale, p.firstName),
    intro: [
      `Je account bij ${p.tenantName} is geblokkeerd na te veel mislukte pogingen om in te loggen.`,
    ],
    action: p.link ? { label: "Deblokkeer mijn account", url: p.link } : undefined,
    outro: ["De blokkade wordt na een uur ook vanzelf opgeheven."],
    signature: p.tenantName,
  });
}
