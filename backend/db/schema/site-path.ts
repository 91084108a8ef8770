/**
 * Patterns for a link to a page of this site, shared by the tables that store one
 * (redirect_rules.target, notifications.url). One string each for PostgreSQL (a CHECK)
 * and JavaScript (zod); neither holds a quote, a ';' or a backslash, so they go into SQL
 * as they are (drizzle-kit cuts a CHECK at ';').
 */

/** Printable ASCII only: browsers drop tabs and newlines inside a URL, so '/\t/evil.example'
 *  would become the protocol-relative '//evil.example'; non-ASCII is stored encoded. */
export const PRINTABLE_ASCII_PATTERN = "^[!-~]+$";

/** A site path starts with exactly one '/' ('//host' and '/\host' leave the site; the
 *  backslash is refused on its own, `strpos(x, chr(92)) = 0` in SQL). */
export const SITE_PATH_PATTERN = "^/([^/]|$)";
