/**
 * The addresses a link in rich text may have: http(s), mailto and tel, the schemes
 * lib/rich-text/sanitize.ts keeps. The editor refuses anything else when the link is made
 * (javascript:, data:, vbscript:, a relative path …), so what the author sees in the editor
 * is what the page will show: the sanitiser would otherwise drop the link silently on save.
 */
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** Something that looks like a host name without a scheme: `www.example.nl/path`. */
const BARE_HOST =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?:[/?#:]\S*)?$/i;

/**
 * The link target to store for what the author typed, or null when it is not allowed.
 * A bare host name gets https:// (people type `www.voorbeeld.nl`).
 */
export function safeLinkHref(input: string): string | null {
  // Control characters and whitespace inside a scheme ("java\tscript:") are how filters
  // are fooled; a typed address has none, so refuse rather than clean them up.
  const text = input.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (text === "" || /[\u0000-\u001f\u007f\s]/.test(text)) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text)
    ? text
    : BARE_HOST.test(text)
      ? `https://${text}`
      : null;
  if (candidate === null) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null;
  if ((url.protocol === "http:" || url.protocol === "https:") && url.hostname === "") return null;
  if ((url.protocol === "mailto:" || url.protocol === "tel:") && url.pathname === "") return null;
  return candidate;
}

/** For Tiptap's Link `isAllowedUri`: pasted and auto-linked addresses follow the same rule. */
export const isSafeLinkHref = (href: string | null | undefined) =>
  typeof href === "string" && safeLinkHref(href) === href;
