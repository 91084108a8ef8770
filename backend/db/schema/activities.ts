import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { type ACTIVITY_KINDS, ACTIVITY_STATUSES } from "../../../lib/contract/activities";
import { activitySeries } from "./activity-series";
import { tenantId, timestamps } from "./columns";
import { desks } from "./desks";
import { organizations } from "./organizations";

export { ACTIVITY_STATUSES };
export type TActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export type TActivityKindName = (typeof ACTIVITY_KINDS)[number];

/**
 * An activity (a meeting, workshop, outing) on a date. It belongs to a centre, may be
 * organised by an organisation, and may belong to a desk (spec §2 '/:balie/activiteiten').
 * A cancelled activity stays visible, marked cancelled, so people who planned on it learn
 * of it; a draft is never public.
 */
export const activities = pgTable(
  "activities",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    organizationId: integer("organization_id").references(() => organizations.id, {
      onDelete: "set null",
    }),
    deskId: integer("desk_id").references(() => desks.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary"),
    /** Sanitized HTML from the editor (ARCHITECTURE decision 8). */
    description: text("description"),
    status: text("status").$type<TActivityStatus>().notNull().default("draft"),
    /** A workshop is a training for volunteers, with a certificate for who came (docs/workshops.md). */
    kind: text("kind").$type<TActivityKindName>().notNull().default("activity"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    allDay: boolean("all_day").notNull().default(false),
    online: boolean("online").notNull().default(false),
    locationName: text("location_name"),
    street: text("street"),
    postalCode: text("postal_code"),
    city: text("city"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    imageUrl: text("image_url"),
    /** Where to sign up, when that happens elsewhere (a form, a mail address as mailto:). */
    registrationUrl: text("registration_url"),
    capacity: integer("capacity"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** The series it is an occurrence of (docs/activity-writes.md); null: a single one. */
    seriesId: integer("series_id").references(() => activitySeries.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("activities_public_idx").on(t.tenantId, t.status, t.volunteerCenterId, t.startsAt),
    index("activities_desk_idx").on(t.deskId, t.startsAt),
    index("activities_series_idx").on(t.seriesId, t.startsAt),
    check("activities_status_check", sql`${t.status} in ('draft', 'published', 'cancelled')`),
    check("activities_kind_check", sql`${t.kind} in ('activity', 'workshop')`),
    check("activities_period_check", sql`${t.endsAt} is null or ${t.endsAt} >= ${t.startsAt}`),
  ],
);
