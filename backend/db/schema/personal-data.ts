import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { DATA_EXPORT_STATUSES, type TDataExportStatus } from "../../../lib/contract/data-exports";
import { tenantId, timestamps } from "./columns";
import { users } from "./users";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));

/**
 * A user's private calendar address (docs/calendar-feed.md): the feed is read with a random
 * token, never the session. Only the token's SHA-256 digest is kept, so the address is shown
 * once, when it is made; making a new one revokes the old, deleting the row revokes it.
 */
export const calendarTokens = pgTable(
  "calendar_tokens",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: tenantId(),
    tokenDigest: text("token_digest").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("calendar_tokens_digest_idx").on(t.tokenDigest)],
);

/**
 * "Download my data" (docs/data-exports.md): prepared by the job queue, kept here as the
 * JSON document it is, and fetched with the mailed link (the token's digest is kept) for
 * 24 hours, after which the cleanup deletes the content.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<TDataExportStatus>().notNull().default("pending"),
    tokenDigest: text("token_digest"),
    content: text("content"),
    byteSize: integer("byte_size"),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("data_exports_user_idx").on(t.tenantId, t.userId, t.id.desc()),
    uniqueIndex("data_exports_digest_idx").on(t.tokenDigest),
    check("data_exports_status_check", sql`${t.status} in (${quoted(DATA_EXPORT_STATUSES)})`),
    check(
      "data_exports_ready_check",
      sql`(${t.status} = 'ready') = (${t.content} is not null and ${t.tokenDigest} is not null)`,
    ),
  ],
);

export type TDataExport = typeof dataExports.$inferSelect;
