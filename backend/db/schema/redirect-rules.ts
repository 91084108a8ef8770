import { sql } from "drizzle-orm";
import { boolean, check, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { z } from "zod";
import { tenantId, timestamps } from "./columns";
import { PRINTABLE_ASCII_PATTERN, SITE_PATH_PATTERN } from "./site-path";

/**
 * Redirect rules (spec §2: 'configured on the server per path. An absolute target leaves
 * by full page navigation; otherwise it is a normal redirect'). The web's proxy looks a
 * request's path up here. The CHECK constraints are the wall: whatever writes a row (seed,
 * a future admin screen, a hand-written SQL statement), the database refuses a path that is
 * not normalized and a target that could send a visitor anywhere but this site or an
 * http(s) page. The zod schemas below say the same for code that wants a readable error.
 */

export const REDIRECT_PATH_MAX = 500;
export const REDIRECT_TARGET_MAX = 2000;

/**
 * A normalized path: '/' or '/segment(/segment)*' of lowercase RFC 3986 path characters,
 * so no query, fragment, empty segment (no '//' and no trailing slash), space or
 * non-ASCII (that is stored percent-encoded). One string for PostgreSQL and JavaScript.
 * Without ';' and the quote: drizzle-kit cuts a CHECK at ';' when it writes the migration.
 */
const SEGMENT = "[a-z0-9._~!$&()*+,=:@%-]+";
export const REDIRECT_PATH_PATTERN = `^/(${SEGMENT}(/${SEGMENT})*)?$`;

/** Printable ASCII only, and a site path starts with exactly one '/' (site-path.ts). */
const TARGET_CHARACTERS = PRINTABLE_ASCII_PATTERN;
const SITE_PATH = SITE_PATH_PATTERN;
/** An absolute http(s) URL whose authority is a plain host (no 'user@' to mislead). */
const ABSOLUTE_URL = "^https?://[a-z0-9.-]+(:[0-9]+)?([/?#]|$)";

/** The target is absolute (full page navigation, spec §2) rather than a path on this site. */
export const isAbsoluteTarget = (target: string) => new RegExp(ABSOLUTE_URL, "i").test(target);

// The patterns hold no quote and no backslash, so they go into SQL as they are.
const literal = (value: string) => sql.raw(`'${value}'`);

export const redirectRules = pgTable(
  "redirect_rules",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    path: text("path").notNull(),
    target: text("target").notNull(),
    /** A page that moved for good (a permanent redirect) rather than a shortcut. */
    permanent: boolean("permanent").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("redirect_rules_tenant_path_idx").on(t.tenantId, t.path),
    check(
      "redirect_rules_path_check",
      sql`char_length(${t.path}) <= ${sql.raw(String(REDIRECT_PATH_MAX))} and ${t.path} ~ ${literal(REDIRECT_PATH_PATTERN)}`,
    ),
    check(
      "redirect_rules_target_check",
      sql`char_length(${t.target}) <= ${sql.raw(String(REDIRECT_TARGET_MAX))} and ${t.target} ~ ${literal(TARGET_CHARACTERS)} and strpos(${t.target}, chr(92)) = 0 and (${t.target} ~ ${literal(SITE_PATH)} or ${t.target} ~* ${literal(ABSOLUTE_URL)})`,
    ),
  ],
);

export const ZRedirectPath = z
  .string()
  .max(REDIRECT_PATH_MAX)
  .regex(new RegExp(REDIRECT_PATH_PATTERN));

export const ZRedirectTarget = z
  .string()
  .max(REDIRECT_TARGET_MAX)
  .regex(new RegExp(TARGET_CHARACTERS))
  .refine((target) => !target.includes("\\"), "must not contain a backslash")
  .refine(
    (target) => new RegExp(SITE_PATH).test(target) || isAbsoluteTarget(target),
    "must be a path on this site or an http(s) URL",
  );

export const ZRedirectRule = z.object({
  path: ZRedirectPath,
  target: ZRedirectTarget,
  permanent: z.boolean().default(false),
});
export type TRedirectRuleInput = z.input<typeof ZRedirectRule>;

/**
 * The stored form of a path someone typed: leading '/', dot segments resolved, non-ASCII
 * percent-encoded, lowercase, repeated and trailing slashes dropped. The web matches a
 * request by normalizing its pathname the same way. null when no rule could have it
 * (a query, a fragment, whitespace, or too long).
 */
export function normalizeRedirectPath(input: string): string | null {
  const raw = input.trim();
  if (raw === "" || /[?#\s]/.test(raw)) return null;
  // Slashes collapsed first: URL would read '//host' (and '/\host') as another host.
  const slashed = `/${raw}`.replace(/[\\/]+/g, "/");
  const pathname = new URL(slashed, "http://path.invalid").pathname;
  const path = pathname
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1");
  return ZRedirectPath.safeParse(path).success ? path : null;
}
