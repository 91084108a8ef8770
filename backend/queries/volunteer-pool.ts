import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { TPoolSort } from "../../lib/contract/pool";
import type { TAvailabilitySlot, TVolunteerLanguage } from "../../lib/contract/volunteer-profile";
import { asOwnerWithinTenant } from "../db/as-owner";
import type { AppDb } from "../db/client";
import {
  activities,
  activityRegistrations,
  tags,
  users,
  volunteerProfiles,
  volunteerProfileTags,
} from "../db/schema";
import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";

/**
 * The volunteer pool search (docs/volunteer-pool.md): the tenant's active volunteers who
 * opted in (`in_pool`), nobody else, not even in the count. Every filter is a condition of
 * one statement over volunteer_profiles joined to users; the count is the same conditions.
 * A place narrows the pool by a bounding box before the exact haversine distance, as the
 * vacancy search does.
 *
 * Under row security only leakproof comparisons (=, <, between on numbers, text and times)
 * can be index conditions; `&&`, `<@` and `like` are checked row by row after the tenant
 * policy. So a filtered search finds its matches as the table owner
 * (backend/db/as-owner.ts, the vacancy search's exception), where availability and
 * languages come from their GIN index (migration 0019): that statement only reads ids,
 * sort keys and the count, and carries `tenant_id = app_tenant_id()` for every table it
 * reads; what the page shows is read afterwards under row security by id. Words are
 * checked against the stored lower-cased `search_text`, interests from an index-only scan.
 */

export type TPoolSearch = {
  tenantId: number;
  /** Words, each of which must occur in the name, about or skills (case-insensitive). */
  words?: readonly string[];
  /** Any of these interests. */
  tagIds?: readonly number[];
  /** Free in any of these slots. */
  slots?: readonly TAvailabilitySlot[];
  near?: { latitude: number; longitude: number; km: number };
  /** Speaks any of these. */
  languages?: readonly TVolunteerLanguage[];
  /** Signed in within this many days of `now`. */
  activeWithinDays?: number;
  /** One volunteer (the detail view). */
  userId?: number;
  /**
   * Only the volunteers of these desks: those with a place (not given back) at one of their
   * activities. A desk manager's pool; undefined for a centre's staff.
   */
  deskIds?: readonly number[];
  now: Date;
  sort: TPoolSort;
  limit: number;
  offset: number;
};

export type TPoolRow = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  city: string | null;
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  hoursPerWeek: number | null;
  languages: TVolunteerLanguage[];
  lastActiveAt: Date | null;
  lastInvitedAt: Date | null;
  distanceKm: number | null;
  matchScore: number;
};

const P = volunteerProfiles;

/** Haversine in SQL, the formula of geo/distance.ts (queries/vacancy-search.ts does the same). */
function distanceSql(latitude: number, longitude: number): SQL {
  const lat = sql`${latitude}::float8`;
  const lon = sql`${longitude}::float8`;
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${P.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${P.latitude}))
      * power(sin(radians(${P.longitude} - ${lon}) / 2), 2)))))`;
}

/** A LIKE pattern that matches the word literally anywhere. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v}"`).join(",")}}`}::text[]`;
const intArray = (values: readonly number[]) =>
  sql`${`{${values.map(Number).join(",")}}`}::integer[]`;

/** The most recent sign-in: the volunteer's last activity that the api knows of. */
const lastActive = sql`coalesce(${users.currentSignInAt}, ${users.lastSignInAt})`;

/**
 * As the owner, row security does not hold: every table read carries the transaction's own
 * tenant (the one the policy checks) itself, so a wrong tenant id in api code reaches nothing.
 */
const ownTenant = (column: SQL, owner: boolean) =>
  owner ? sql` and ${column} = app_tenant_id()` : sql``;

function conditions(p: TPoolSearch, owner: boolean): SQL[] {
  const list: SQL[] = [
    eq(P.tenantId, p.tenantId),
    // A literal, so the planner matches the pool's partial index.
    sql`${P.inPool}`,
    eq(users.status, "active"),
  ];
  if (owner) {
    list.push(sql`${P.tenantId} = app_tenant_id()`, sql`${users.tenantId} = app_tenant_id()`);
  }
  if (p.userId !== undefined) list.push(eq(P.userId, p.userId));
  if (p.deskIds !== undefined) {
    list.push(
      sql`exists (select 1 from ${activityRegistrations} inner join ${activities} on ${activities.id} = ${activityRegistrations.activityId} where ${activityRegistrations.userId} = ${P.userId} and ${activityRegistrations.status} <> 'cancelled' and ${activities.deskId} = any(${intArray(p.deskIds)})${ownTenant(sql`${activityRegistrations.tenantId}`, owner)}${ownTenant(sql`${activities.tenantId}`, owner)})`,
    );
  }
  for (const word of p.words ?? []) {
    // A word holds no space, so it occurs in "about skills first last" exactly when it
    // occurs in "about skills" or in "first last". `ilike` is `like` between the lower-cased
    // sides; search_text is about and skills lower-cased when they were written.
    const pattern = sql`lower(${containing(word)})`;
    list.push(
      sql`(${P.searchText} like ${pattern} or lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${pattern})`,
    );
  }
  if (p.slots && p.slots.length > 0) list.push(sql`${P.availability} && ${textArray(p.slots)}`);
  if (p.languages && p.languages.length > 0) {
    list.push(sql`${P.languages} && ${textArray(p.languages)}`);
  }
  if (p.tagIds && p.tagIds.length > 0) {
    list.push(
      sql`exists (select 1 from ${volunteerProfileTags} where ${volunteerProfileTags.userId} = ${P.userId} and ${volunteerProfileTags.tagId} = any(${intArray(p.tagIds)})${ownTenant(sql`${volunteerProfileTags.tenantId}`, owner)})`,
    );
  }
  if (p.activeWithinDays !== undefined) {
    const since = new Date(p.now.getTime() - p.activeWithinDays * 86_400_000);
    list.push(sql`${lastActive} >= ${since.toISOString()}::timestamptz`);
  }
  if (p.near) {
    const box = boundingBox(p.near.latitude, p.near.longitude, p.near.km);
    list.push(
      sql`${P.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
      sql`${P.longitude} between ${box.minLon}::float8 and ${box.maxLon}::float8`,
      sql`${distanceSql(p.near.latitude, p.near.longitude)} <= ${p.near.km}::float8`,
    );
  }
  return list;
}

/**
 * The best-match score: one point per asked interest, slot and language the volunteer has,
 * less a tenth of a point per km from the asked place. Without such filters every score is
 * 0 and the order falls to "asked least recently".
 */
function scoreSql(p: TPoolSearch, owner: boolean): SQL {
  const parts: SQL[] = [sql`0::float8`];
  if (p.tagIds && p.tagIds.length > 0) {
    parts.push(
      sql`(select count(*) from ${volunteerProfileTags} where ${volunteerProfileTags.userId} = ${P.userId} and ${volunteerProfileTags.tagId} = any(${intArray(p.tagIds)})${ownTenant(sql`${volunteerProfileTags.tenantId}`, owner)})::float8`,
    );
  }
  if (p.slots && p.slots.length > 0) {
    parts.push(
      sql`(select count(*) from unnest(${P.availability}) s where s = any(${textArray(p.slots)}))::float8`,
    );
  }
  if (p.languages && p.languages.length > 0) {
    parts.push(
      sql`(select count(*) from unnest(${P.languages}) l where l = any(${textArray(p.languages)}))::float8`,
    );
  }
  if (p.near) parts.push(sql`(-${distanceSql(p.near.latitude, p.near.longitude)} / 10)`);
  return sql.join(parts, sql` + `);
}

/** The order, over the columns `id`, `last_invited_at`, `distance_km` and `match_score`. */
function orderBy(p: TPoolSearch): SQL {
  const asked = sql`last_invited_at asc nulls first, id asc`;
  switch (p.sort) {
    case "distance":
      return p.near ? sql`distance_km asc, id asc` : asked;
    case "least_recently_asked":
      return asked;
    default:
      return sql`match_score desc, ${asked}`;
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type TRawRow = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  city: string | null;
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  hours_per_week: number | null;
  languages: TVolunteerLanguage[];
  last_active_at: string | Date | null;
  last_invited_at: string | Date | null;
  distance_km: number | null;
  match_score: number;
};

const asDate = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/** One page of the pool in order, with the number of in-pool volunteers that match. */
export async function searchPool(
  db: AppDb,
  p: TPoolSearch,
): Promise<{ rows: TPoolRow[]; records: number }> {
  const from = sql`${P} inner join ${users} on ${users.id} = ${P.userId}`;
  const shown = sql`${P.userId} as id, ${users.firstName} as first_name, ${users.lastName} as last_name,
      ${P.city} as city, ${P.about} as about, ${P.skills} as skills,
      ${P.availability} as availability, ${P.hoursPerWeek} as hours_per_week,
      ${P.languages} as languages, ${lastActive} as last_active_at,
      ${P.lastInvitedAt} as last_invited_at`;
  const filtered =
    (p.words?.length ?? 0) > 0 ||
    (p.tagIds?.length ?? 0) > 0 ||
    (p.slots?.length ?? 0) > 0 ||
    (p.languages?.length ?? 0) > 0 ||
    p.near !== undefined ||
    p.activeWithinDays !== undefined ||
    p.userId !== undefined ||
    p.deskIds !== undefined;
  if (!filtered) {
    // The page straight off the pool's index in "asked least recently" order, and the
    // count as a statement of its own (a merge join of two index-only scans, migration 0018).
    const where = and(...conditions(p, false));
    const page = await db.execute(sql`
      select ${shown}, null::float8 as distance_km, 0::float8 as match_score
      from ${from}
      where ${where}
      order by ${orderBy(p)}
      limit ${p.limit} offset ${p.offset}`);
    const counted = await db.execute(sql`select count(*)::int as n from ${from} where ${where}`);
    return {
      rows: rowsOf<TRawRow>(page).map(poolRow),
      records: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
    };
  }
  // As the owner: the matches once, in a materialized CTE with what orders them, and from
  // it the count and the page's ids (one row with the count alone past the end). Counted
  // beside a LIMIT instead (`count(*) over ()`), the planner costs the statement as if it
  // could stop after the page and picks a plan that starts fast (nested loops along an
  // index), which it then runs over every match.
  const distance = p.near ? distanceSql(p.near.latitude, p.near.longitude) : sql`null::float8`;
  const found = rowsOf<TFound>(
    await asOwnerWithinTenant(db, (owner) =>
      owner.execute(sql`
        with matches as materialized (
          select ${P.userId} as id, ${P.lastInvitedAt} as last_invited_at,
            ${distance} as distance_km, ${scoreSql(p, true)} as match_score
          from ${from}
          where ${and(...conditions(p, true))}
        )
        select m.id, m.last_invited_at, m.distance_km, m.match_score, c.total
        from (select count(*) as total from matches) c
        left join lateral (
          select * from matches order by ${orderBy(p)} limit ${p.limit} offset ${p.offset}
        ) m on true
        order by ${orderBy(p)}`),
    ),
  );
  const page = found.filter((f) => f.id !== null);
  const ids = page.map((f) => Number(f.id));
  // What the page shows, under row security; the pool and status again, for anyone who left
  // it since the statement above.
  const shownRows =
    ids.length === 0
      ? []
      : rowsOf<TRawRow>(
          await db.execute(sql`
            select ${shown}, null::float8 as distance_km, 0::float8 as match_score
            from ${from}
            where ${and(
              eq(P.tenantId, p.tenantId),
              sql`${P.inPool}`,
              eq(users.status, "active"),
              inArray(P.userId, ids),
            )}`),
        );
  const byId = new Map(shownRows.map((r) => [Number(r.id), r]));
  const rows = page.flatMap((f) => {
    const row = byId.get(Number(f.id));
    return row
      ? [poolRow({ ...row, distance_km: f.distance_km, match_score: Number(f.match_score) })]
      : [];
  });
  return { rows, records: Number(found[0]?.total ?? 0) };
}

type TFound = {
  id: number | null;
  distance_km: number | null;
  match_score: number | null;
  total: number | string;
};

function poolRow(r: TRawRow): TPoolRow {
  return {
    id: Number(r.id),
    firstName: r.first_name,
    lastName: r.last_name,
    city: r.city,
    about: r.about,
    skills: r.skills,
    availability: r.availability,
    hoursPerWeek: r.hours_per_week === null ? null : Number(r.hours_per_week),
    languages: r.languages,
    lastActiveAt: asDate(r.last_active_at),
    lastInvitedAt: asDate(r.last_invited_at),
    distanceKm: r.distance_km === null ? null : Number(r.distance_km),
    matchScore: Number(r.match_score),
  };
}

/** The interests of these volunteers, by name. */
export async function tagsOfVolunteers(db: AppDb, tenantId: number, userIds: readonly number[]) {
  const map = new Map<
    number,
    { id: number; name: string; nameEn: string | null; slug: string; archived: boolean }[]
  >();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({
      userId: volunteerProfileTags.userId,
      id: tags.id,
      name: tags.name,
      nameEn: tags.nameEn,
      slug: tags.slug,
      archived: sql<boolean>`${tags.archivedAt} is not null`,
    })
    .from(volunteerProfileTags)
    .innerJoin(tags, eq(tags.id, volunteerProfileTags.tagId))
    .where(
      and(
        eq(volunteerProfileTags.tenantId, tenantId),
        inArray(volunteerProfileTags.userId, [...userIds]),
      ),
    )
    .orderBy(tags.name);
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      nameEn: row.nameEn,
      slug: row.slug,
      archived: row.archived,
    });
    map.set(row.userId, list);
  }
  return map;
}

/** Is this user of the tenant an active volunteer in the pool? */
export async function inPool(db: AppDb, tenantId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: P.userId })
    .from(P)
    .innerJoin(users, eq(users.id, P.userId))
    .where(
      and(
        eq(P.tenantId, tenantId),
        eq(P.userId, userId),
        sql`${P.inPool}`,
        eq(users.status, "active"),
      ),
    );
  return row !== undefined;
}
