/** Shared shape of the auth mails: plain text plus a simple, escaped HTML version. */
export type TLocale = "nl" | "en";
export type TRenderedMail = { subject: string; text: string; html: string };

/** nl unless the user chose en (spec §1: Dutch by default). */
export const mailLocale = (locale: string | null | undefined): TLocale =>
  locale === "en" ? "en" : "nl";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export type TMailBody = {
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  intro: string[];
  /** The call to action; omitted when the api could not build a link. */
  action?: { label: string; url: string };
  /** Paragraphs after the link. */
  outro: string[];
  signature: string;
};

export function renderMail(body: TMailBody): TRenderedMail {
  const text = [
    body.greeting,
    ...body.intro,
    ...(body.action ? [`${body.action.label}:\n${body.action.url}`] : []),
    ...body.outro,
    body.signature,
  ].join("\n\n");
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const action = body.action
    ? `<p><a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.label)}</a></p>`
    : "";
  const html = [
    "<!DOCTYPE html>",
    `<html><head><meta charset="utf-8"><title>${escapeHtml(body.subject)}</title></head>`,
    '<body style="font-family: sans-serif; line-height: 1.5">',
    paragraph(body.greeting),
    ...body.intro.map(paragraph),
    action,
    ...body.outro.map(paragraph),
    paragraph(body.signature),
    "</body></html>",
  ].join("\n");
  return { subject: body.subject, text: `${text}\n`, html };
}

/** "Hallo Jane," / "Hello Jane,"; without a first name just the greeting. */
export function greeting(locale: TLocale, firstName: string | null | undefined): string {
  const word = locale === "en" ? "Hello" : "Hallo";
  return firstName ? `${word} ${firstName},` : `${word},`;
}

/** A notice (title and body) from a rendered template: paragraphs kept apart by a blank line. */
export function noticeOf(rendered: { subject: string; paragraphs: string[] }) {
  return { title: rendered.subject, body: rendered.paragraphs.join("\n\n") };
}

/** A notice body back into the mail's paragraphs. */
export function paragraphsOf(body: string): string[] {
  return body.split(/\n[ \t]*\n/).filter((p) => p.trim() !== "");
}
