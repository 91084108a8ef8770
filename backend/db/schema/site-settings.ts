import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { REPLY_NUDGE_DEFAULTS, REPLY_NUDGE_LIMITS } from "../../../lib/contract/reply-times";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/**
 * A volunteer centre's own settings for its public site (spec §2 /instellingen: design
 * and footer; docs/api-site-settings.md). The centre's name and contact details are the
 * organization row and its profile; this holds only what has no other home.
 * `theme` is a partial theme (palette, font, shape) laid over the tenant's own by the web
 * (lib/theme/resolve-theme.ts); `footer` is the footer's text and links.
 */
export type TSiteFooter = { text?: string | null; links?: { label: string; url: string }[] };
export type TSiteTheme = {
  palette?: { primary?: string; secondary?: string; neutral?: string };
  font?: string;
  shape?: string;
};

export const siteSettings = pgTable(
  "site_settings",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    theme: jsonb("theme").$type<TSiteTheme>().notNull().default({}),
    footer: jsonb("footer").$type<TSiteFooter>().notNull().default({}),
    /** Remind organisations that leave an application unanswered (docs/reply-times.md). */
    replyNudgesEnabled: boolean("reply_nudges_enabled")
      .notNull()
      .default(REPLY_NUDGE_DEFAULTS.enabled),
    replyNudgeDays: smallint("reply_nudge_days").notNull().default(REPLY_NUDGE_DEFAULTS.nudgeDays),
    replyEscalationDays: smallint("reply_escalation_days")
      .notNull()
      .default(REPLY_NUDGE_DEFAULTS.escalationDays),
    /** Signed-out visitors may read the peer-help posts. */
    helpPostsPublic: boolean("help_posts_public").notNull().default(false),
    /** New vacancies of the centre's organisations wait as pending for a centre admin
     *  (docs/vacancy-writes.md). */
    reviewsNewVacancies: boolean("reviews_new_vacancies").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("site_settings_center_idx").on(t.volunteerCenterId),
    check(
      "site_settings_reply_days_check",
      sql`${t.replyNudgeDays} between ${sql.raw(String(REPLY_NUDGE_LIMITS.minDays))} and ${sql.raw(String(REPLY_NUDGE_LIMITS.maxDays))} and ${t.replyEscalationDays} > ${t.replyNudgeDays} and ${t.replyEscalationDays} <= ${sql.raw(String(REPLY_NUDGE_LIMITS.maxDays))}`,
    ),
  ],
);
