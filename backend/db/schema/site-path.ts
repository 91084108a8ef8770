/**
 * Patterns for a link to a page of this site, shared by the tables that store one
 * (redirect_rules.target, notifications.url) and the footer's links. One string each for
 * PostgreSQL (a CHECK) and JavaScript (zod); neither holds a quote, a ';' or a backslash,
 * so they go into SQL as they are (drizzle-kit cuts a CHECK at ';'). Defined in the
 * contract the web's footer form checks with as well.
 */
export { PRINTABLE_ASCII_PATTERN, SITE_PATH_PATTERN } from "../../../lib/contract/site-settings";
