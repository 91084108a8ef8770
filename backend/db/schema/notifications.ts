import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { z } from "zod";
import { tenantId, timestamps } from "./columns";
import { PRINTABLE_ASCII_PATTERN, SITE_PATH_PATTERN } from "./site-path";
import { users } from "./users";

/**
 * A signed-in user's notifications (spec §2: the toolbar's notifications, the page
 * /notificaties). Each row belongs to one user of one tenant; only that user ever reads
 * or changes it (docs/api-notifications.md). The CHECK constraints are the wall for
 * whatever writes a row later (the seed now, events of applications and messages later):
 * a link is always a path on this site, never somewhere else.
 */

export const NOTIFICATION_KINDS = ["system", "application", "message", "organization"] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;
export const NOTIFICATION_URL_MAX = 500;

// The patterns hold no quote and no backslash, so they go into SQL as they are.
const literal = (value: string) => sql.raw(`'${value}'`);
const max = (n: number) => sql.raw(String(n));

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TNotificationKind>().notNull(),
    title: text("title").notNull(),
    body: text("body"),
    /** Where the notification leads: a path on this site ('/applications'), or nothing. */
    url: text("url"),
    /** null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The list's order (newest first, id breaking ties) and the unread count, per user.
    // NULLS FIRST is what a plain `order by … desc` means, so the planner can read the
    // index forwards for -created_at and backwards for created_at.
    index("notifications_user_created_idx").on(
      t.tenantId,
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      "notifications_kind_check",
      sql`${t.kind} in ('system', 'application', 'message', 'organization')`,
    ),
    check(
      "notifications_title_check",
      sql`char_length(${t.title}) between 1 and ${max(NOTIFICATION_TITLE_MAX)}`,
    ),
    check("notifications_body_check", sql`char_length(${t.body}) <= ${max(NOTIFICATION_BODY_MAX)}`),
    check(
      "notifications_url_check",
      sql`char_length(${t.url}) <= ${max(NOTIFICATION_URL_MAX)} and ${t.url} ~ ${literal(PRINTABLE_ASCII_PATTERN)} and strpos(${t.url}, chr(92)) = 0 and ${t.url} ~ ${literal(SITE_PATH_PATTERN)}`,
    ),
  ],
);

/** The same rule as notifications_url_check, for code that wants a readable error. */
export const ZNotificationUrl = z
  .string()
  .max(NOTIFICATION_URL_MAX)
  .regex(new RegExp(PRINTABLE_ASCII_PATTERN))
  .refine((url) => !url.includes("\\"), "must not contain a backslash")
  .refine((url) => new RegExp(SITE_PATH_PATTERN).test(url), "must be a path on this site");

export const ZNotification = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string().min(1).max(NOTIFICATION_TITLE_MAX),
  body: z.string().max(NOTIFICATION_BODY_MAX).nullable().default(null),
  url: ZNotificationUrl.nullable().default(null),
});
export type TNotificationInput = z.input<typeof ZNotification>;
