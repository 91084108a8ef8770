import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, smallint } from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";

/**
 * A recurring activity (docs/activity-writes.md, "Series"): every `interval_weeks` weeks on
 * its first occurrence's weekday and Dutch wall-clock time, until a date or for a count of
 * dates, skipping the exception dates. Its occurrences are ordinary activities that name it
 * (`activities.series_id`); the series keeps the rule they were made by.
 */
export const activitySeries = pgTable(
  "activity_series",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    intervalWeeks: smallint("interval_weeks").notNull(),
    /** The last day (Amsterdam) an occurrence may fall on; or `occurrence_count`. */
    untilDate: date("until_date", { mode: "string" }),
    /** How many dates the rule yields (exception dates among them are skipped). */
    occurrenceCount: smallint("occurrence_count"),
    exceptionDates: date("exception_dates", { mode: "string" })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    ...timestamps,
  },
  (t) => [
    index("activity_series_tenant_idx").on(t.tenantId, t.volunteerCenterId),
    check("activity_series_interval_check", sql`${t.intervalWeeks} between 1 and 52`),
    check(
      "activity_series_end_check",
      sql`(${t.untilDate} is null) <> (${t.occurrenceCount} is null)`,
    ),
    check(
      "activity_series_count_check",
      sql`${t.occurrenceCount} is null or ${t.occurrenceCount} between 1 and 104`,
    ),
  ],
);
