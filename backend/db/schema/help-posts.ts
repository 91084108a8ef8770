import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import {
  HELP_POST_CATEGORIES,
  HELP_POST_KINDS,
  HELP_POST_LIMITS,
  STORED_HELP_POST_STATUSES,
  type THelpPostCategory,
  type THelpPostKind,
  type TStoredHelpPostStatus,
} from "../../../lib/contract/help-posts";
import { tenantId, timestamps } from "./columns";
import { users } from "./users";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));
const n = (value: number) => sql.raw(String(value));

/**
 * A resident's request for help or offer of it (docs/peer-help.md). The place is kept
 * twice: the geocoder's exact point, which the api never reads back, and its ~500 m grid
 * cell's centre (`cell_*`, computed by backend/domain/help-grid.ts), which is all that is
 * ever shown, searched or sorted on. `city` is the geocoder's place name, never the address
 * or postcode the poster typed.
 */
export const helpPosts = pgTable(
  "help_posts",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<THelpPostKind>().notNull(),
    category: text("category").$type<THelpPostCategory>().notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    timing: text("timing").notNull().default(""),
    city: text("city"),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    cellLatitude: doublePrecision("cell_latitude").notNull(),
    cellLongitude: doublePrecision("cell_longitude").notNull(),
    status: text("status").$type<TStoredHelpPostStatus>().notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenById: integer("hidden_by_id").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    ...timestamps,
  },
  (t) => [
    index("help_posts_open_idx")
      .on(t.tenantId, t.cellLatitude, t.cellLongitude)
      .where(sql`${t.status} = 'open'`),
    index("help_posts_list_idx").on(t.tenantId, t.status, t.id.desc()),
    index("help_posts_user_idx").on(t.tenantId, t.userId, t.id.desc()),
    check("help_posts_kind_check", sql`${t.kind} in (${quoted(HELP_POST_KINDS)})`),
    check("help_posts_category_check", sql`${t.category} in (${quoted(HELP_POST_CATEGORIES)})`),
    check("help_posts_status_check", sql`${t.status} in (${quoted(STORED_HELP_POST_STATUSES)})`),
    check(
      "help_posts_text_check",
      sql`char_length(${t.title}) between 1 and ${n(HELP_POST_LIMITS.title)} and char_length(${t.body}) <= ${n(HELP_POST_LIMITS.body)} and char_length(${t.timing}) <= ${n(HELP_POST_LIMITS.timing)}`,
    ),
    check(
      "help_posts_hidden_check",
      sql`(${t.status} = 'hidden') = (${t.hiddenAt} is not null and ${t.hiddenReason} is not null) and char_length(${t.hiddenReason}) <= ${n(HELP_POST_LIMITS.hiddenReason)}`,
    ),
  ],
);

export type THelpPost = typeof helpPosts.$inferSelect;
