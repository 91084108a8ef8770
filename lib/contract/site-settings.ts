/**
 * What the api and the web both know about a centre's footer (see ./organization.ts for
 * why this module exists): backend/domain/site-settings.ts parses with it,
 * lib/site/footer-form.ts checks with it.
 */

export const FOOTER_LIMITS = { text: 1000, links: 8, label: 60, url: 500 } as const;

/**
 * Printable ASCII only: browsers drop tabs and newlines inside a URL, so '/\t/evil.example'
 * would become the protocol-relative '//evil.example'; non-ASCII is stored encoded. A string,
 * as it is also a PostgreSQL CHECK (backend/db/schema/site-path.ts).
 */
export const PRINTABLE_ASCII_PATTERN = "^[!-~]+$";

/**
 * A site path starts with exactly one '/' ('//host' and '/\host' leave the site; the
 * backslash is refused on its own, `strpos(x, chr(92)) = 0` in SQL).
 */
export const SITE_PATH_PATTERN = "^/([^/]|$)";

const WEB_ADDRESS = /^https?:\/\/[^/\s]+/i;

/**
 * A footer link goes to a web address (http or https, with a host) or to a path on this
 * site ('/contact'); '//host', '/\host' and 'javascript:…' leave the site or run script.
 */
export function isFooterUrl(raw: string): boolean {
  const url = raw.trim();
  if (!new RegExp(PRINTABLE_ASCII_PATTERN).test(url) || url.includes("\\")) return false;
  return new RegExp(SITE_PATH_PATTERN).test(url) || WEB_ADDRESS.test(url);
}
