import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  AVAILABILITY_SLOTS,
  VOLUNTEER_PROFILE_LIMITS as LIMITS,
  PERIODIC_MAIL_FREQUENCIES,
  type TAvailabilitySlot,
  type TPeriodicMailFrequency,
  type TVolunteerLanguage,
} from "../../../lib/contract/volunteer-profile";
import { tenantId, timestamps } from "./columns";
import { tags } from "./tags";
import { users } from "./users";

const quoted = (list: readonly string[]) => sql.raw(list.map((a) => `'${a}'`).join(", "));
const n = (value: number) => sql.raw(String(value));

/**
 * A volunteer's own profile (docs/volunteer-profiles.md): where they live, what they can
 * and like to do, when, and whether centre staff may find them in the volunteer pool.
 * One row per user, made on their first save; a user without one has the empty profile.
 * The place is kept as typed and as the geocoder's coordinates, so a later pool search
 * and the periodic mail measure distances without asking the geocoder again.
 */
export const volunteerProfiles = pgTable(
  "volunteer_profiles",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: tenantId(),
    postalCode: text("postal_code"),
    city: text("city"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    about: text("about").notNull().default(""),
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    availability: text("availability")
      .array()
      .$type<TAvailabilitySlot[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    hoursPerWeek: smallint("hours_per_week"),
    languages: text("languages")
      .array()
      .$type<TVolunteerLanguage[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Centre staff may find them in the volunteer pool: off until the volunteer says yes. */
    inPool: boolean("in_pool").notNull().default(false),
    /** When they said yes, kept for as long as they stay in. */
    poolOptedInAt: timestamp("pool_opted_in_at", { withTimezone: true }),
    periodicMailFrequency: text("periodic_mail_frequency")
      .$type<TPeriodicMailFrequency>()
      .notNull()
      .default("never"),
    periodicMailRadiusKm: smallint("periodic_mail_radius_km"),
    /** Vacancies published after this are new to the next periodic mail. */
    periodicMailSentThrough: timestamp("periodic_mail_sent_through", { withTimezone: true }),
    /**
     * The one-click unsubscribe link's token (RFC 8058). Kept as it is, not as a digest: every
     * mail carries the same link, and all it can do is switch this mail off.
     */
    periodicMailUnsubscribeToken: text("periodic_mail_unsubscribe_token"),
    /** When the centre last asked them for a vacancy: the pool sorts by it. */
    lastInvitedAt: timestamp("last_invited_at", { withTimezone: true }),
    /**
     * About and skills as the pool's word search reads them, lower-cased once on write
     * (migration 0018 defines pool_search_text): `like lower(pattern)` on it is the
     * `ilike` it replaces, without folding and joining every profile on every search.
     */
    searchText: text("search_text").generatedAlwaysAs(sql`pool_search_text(about, skills)`),
    ...timestamps,
  },
  (t) => [
    index("volunteer_profiles_pool_idx").on(t.tenantId, t.inPool),
    uniqueIndex("volunteer_profiles_unsubscribe_idx").on(t.periodicMailUnsubscribeToken),
    // The pool's "asked least recently" order: never asked first.
    index("volunteer_profiles_pool_asked_idx")
      .on(t.tenantId, t.lastInvitedAt.asc().nullsFirst(), t.userId)
      .where(sql`${t.inPool}`),
    // The pool in user order: its count merge-joins this with users_active_idx, two
    // index-only scans, instead of hashing the whole pool.
    index("volunteer_profiles_pool_user_idx").on(t.tenantId, t.userId).where(sql`${t.inPool}`),
    // Availability and languages of the pool, for the search's `&&` (it runs as the owner,
    // queries/volunteer-pool.ts, where row security would keep it from this index).
    index("volunteer_profiles_pool_slots_idx")
      .using("gin", t.availability, t.languages)
      .where(sql`${t.inPool}`),
    check("volunteer_profiles_about_check", sql`char_length(${t.about}) <= ${n(LIMITS.about)}`),
    check("volunteer_profiles_skills_check", sql`cardinality(${t.skills}) <= ${n(LIMITS.skills)}`),
    check(
      "volunteer_profiles_availability_check",
      sql`${t.availability} <@ array[${quoted(AVAILABILITY_SLOTS)}]::text[]`,
    ),
    check(
      "volunteer_profiles_hours_check",
      sql`${t.hoursPerWeek} between ${n(LIMITS.hoursPerWeek.min)} and ${n(LIMITS.hoursPerWeek.max)}`,
    ),
    check(
      "volunteer_profiles_frequency_check",
      sql`${t.periodicMailFrequency} in (${quoted(PERIODIC_MAIL_FREQUENCIES)})`,
    ),
    check(
      "volunteer_profiles_radius_check",
      sql`${t.periodicMailRadiusKm} between ${n(LIMITS.radiusKm.min)} and ${n(LIMITS.radiusKm.max)}`,
    ),
    check("volunteer_profiles_pool_check", sql`${t.inPool} = (${t.poolOptedInAt} is not null)`),
  ],
);

/** The volunteer's interests: tags of the tenant's vocabulary (the vacancies' themes). */
export const volunteerProfileTags = pgTable(
  "volunteer_profile_tags",
  {
    tenantId: tenantId(),
    userId: integer("user_id")
      .notNull()
      .references(() => volunteerProfiles.userId, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tagId] }),
    // With the tenant in it, the interest filter is an index-only scan under row security,
    // which checks tenant_id on every row it reads.
    index("volunteer_profile_tags_tag_idx").on(t.tagId, t.tenantId, t.userId),
  ],
);

export type TVolunteerProfile = typeof volunteerProfiles.$inferSelect;
