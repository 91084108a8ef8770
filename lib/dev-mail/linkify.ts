/**
 * Splits plain text into text and link parts, so a mail body can show its http(s) URLs as
 * real links (rendered as React elements; never as HTML). Pure: no DOM, no React.
 */
export type TLinkifyPart =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/gi;
// Sentence punctuation right after a URL ("… /reset." or "(see http://x)") is not part of it.
const TRAILING = /[.,;:!?)\]}'"]+$/;

function asHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? candidate : null;
  } catch {
    return null;
  }
}

export function linkify(text: string): TLinkifyPart[] {
  const parts: TLinkifyPart[] = [];
  let pending = "";
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, "");
    const start = match.index;
    const href = asHref(url);
    if (!href) continue;
    pending += text.slice(last, start);
    if (pending) parts.push({ kind: "text", text: pending });
    pending = "";
    parts.push({ kind: "link", text: url, href });
    last = start + url.length;
  }
  pending += text.slice(last);
  if (pending) parts.push({ kind: "text", text: pending });
  return parts;
}
