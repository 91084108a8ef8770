import { greeting, mailLocale, renderMail, type TRenderedMail } from "./layout";

/** What was sent through /contactformulier (docs/contact-form.md). */
type TSent = { name: string; email: string; subject: string; body: string };

/**
 * To the centre's contact address. Dutch: the address belongs to no account whose
 * language we know, and Dutch is the sites' default (spec §1).
 */
export function contactMessageMail(p: {
  tenantName: string;
  centreName: string;
  message: TSent;
  /** The back office's /contactformulier/berichten; null when the api cannot tell the site. */
  link: string | null;
}): TRenderedMail {
  const m = p.message;
  return renderMail({
    subject: `Contactformulier: ${m.subject}`,
    greeting: greeting("nl", null),
    intro: [
      `${m.name} (${m.email}) heeft via het contactformulier van ${p.tenantName} een bericht gestuurd aan ${p.centreName}.`,
      `Onderwerp: ${m.subject}`,
      m.body,
    ],
    action: p.link ? { label: "Bekijk de berichten", url: p.link } : undefined,
    outro: [`Antwoord aan: ${m.email}`],
    signature: p.tenantName,
  });
}

/** The sender's confirmation, in the language they wrote in. */
export function contactConfirmationMail(p: {
  locale: string | null;
  tenantName: string;
  centreName: string;
  message: TSent;
}): TRenderedMail {
  const locale = mailLocale(p.locale);
  const m = p.message;
  if (locale === "en") {
    return renderMail({
      subject: `We received your message: ${m.subject}`,
      greeting: greeting(locale, m.name),
      intro: [
        `Thank you for your message to ${p.centreName}. We will reply to ${m.email} as soon as we can.`,
        "Your message:",
        m.body,
      ],
      outro: [],
      signature: p.tenantName,
    });
  }
  return renderMail({
    subject: `We hebben je bericht ontvangen: ${m.subject}`,
    greeting: greeting(locale, m.name),
    intro: [
      `Bedankt voor je bericht aan ${p.centreName}. We antwoorden zo snel mogelijk op ${m.email}.`,
      "Je bericht:",
      m.body,
    ],
    outro: [],
    signature: p.tenantName,
  });
}
