import { and, asc, count, desc, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { organizations, tags, vacancies, vacancyTags } from "../db/schema";
import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";

/**
 * The public vacancy search (docs/vacancies-search.md): words against the stored weighted
 * tsvector (GIN), distance by a bounding box on the GiST point index plus an exact
 * haversine check, tags (all of them), hours buckets and organisations; facets count each
 * of the last three under every filter but their own. Always the tenant, its public
 * centres, published and not past `closes_on`.
 */

/** Hours a week, half-open buckets [from, to): `0-4` is 0 to 3 hours, `16+` 16 and more. */
export const HOURS_BUCKETS = [
  { key: "0-4", from: 0, to: 4 },
  { key: "4-8", from: 4, to: 8 },
  { key: "8-16", from: 8, to: 16 },
  { key: "16+", from: 16, to: null },
] as const;
export type THoursBucket = (typeof HOURS_BUCKETS)[number]["key"];

export const SEARCH_SORTS = ["relevance", "distance", "-published_at", "published_at"] as const;
export type TSearchSort = (typeof SEARCH_SORTS)[number];

export type TSearchParams = {
  tenantId: number;
  centerIds: readonly number[];
  /** Europe/Amsterdam's date: vacancies whose closes_on is before it are gone. */
  today: string;
  q?: string;
  near?: { latitude: number; longitude: number; km: number };
  /** Tag ids that must all be on the vacancy (slugs resolved by the caller). */
  tagIds?: readonly number[];
  /** A slug that names no tag: nothing matches. */
  unknownTag?: boolean;
  hours?: readonly THoursBucket[];
  organizationIds?: readonly number[];
  sort: TSearchSort;
  limit: number;
  offset: number;
};

export type TSearchHit = { id: number; distanceKm: number | null };
export type TFacets = {
  tags: { slug: string; name: string; count: number }[];
  hours: { bucket: THoursBucket; count: number }[];
  organizations: { id: number; name: string; count: number }[];
};

const tsQuery = (q: string) =>
  sql`(websearch_to_tsquery('dutch', ${q}) || websearch_to_tsquery('english', ${q}))`;

/** Haversine in SQL, the same formula as geo/distance.ts haversineKm. */
function distanceSql(latitude: number, longitude: number): SQL<number | null> {
  const lat = sql`${latitude}::float8`;
  const lon = sql`${longitude}::float8`;
  // least() skips nulls, so a vacancy without coordinates is caught first (null, not πR).
  return sql<
    number | null
  >`(case when ${vacancies.latitude} is null or ${vacancies.longitude} is null
    then null else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${vacancies.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${vacancies.latitude}))
      * power(sin(radians(${vacancies.longitude} - ${lon}) / 2), 2)))) end)`;
}

function hoursCondition(buckets: readonly THoursBucket[]): SQL {
  const parts = HOURS_BUCKETS.filter((b) => buckets.includes(b.key)).map((b) =>
    b.to === null
      ? sql`${vacancies.hoursPerWeek} >= ${b.from}`
      : sql`(${vacancies.hoursPerWeek} >= ${b.from} and ${vacancies.hoursPerWeek} < ${b.to})`,
  );
  return or(...parts) as SQL;
}

const hoursBucketSql = sql<string | null>`case
  when ${vacancies.hoursPerWeek} is null then null
  ${sql.join(
    HOURS_BUCKETS.map((b) =>
      b.to === null
        ? sql`else ${b.key}`
        : sql`when ${vacancies.hoursPerWeek} < ${b.to} then ${b.key}`,
    ),
    sql` `,
  )} end`;

type TFacetName = "tags" | "hours" | "organizations";

/** Every condition of the search; `except` leaves out one facet's own filter. */
function conditions(p: TSearchParams, except?: TFacetName): SQL[] {
  const list: SQL[] = [
    eq(vacancies.tenantId, p.tenantId),
    eq(vacancies.status, "published"),
    inArray(vacancies.volunteerCenterId, [...p.centerIds]),
    or(isNull(vacancies.closesOn), gte(vacancies.closesOn, p.today)) as SQL,
  ];
  if (p.q !== undefined) list.push(sql`${vacancies.searchVector} @@ ${tsQuery(p.q)}`);
  if (p.near) {
    const { latitude, longitude, km } = p.near;
    const box = boundingBox(latitude, longitude, km);
    list.push(sql`(${vacancies.remote} or (
      point(${vacancies.longitude}, ${vacancies.latitude})
        <@ box(point(${box.minLon}::float8, ${box.minLat}::float8), point(${box.maxLon}::float8, ${box.maxLat}::float8))
      and ${distanceSql(latitude, longitude)} <= ${km}::float8))`);
  }
  if (except !== "tags") {
    if (p.unknownTag) list.push(sql`false`);
    for (const tagId of p.tagIds ?? []) {
      list.push(
        sql`${vacancies.id} in (select vt.vacancy_id from ${vacancyTags} vt where vt.tag_id = ${tagId})`,
      );
    }
  }
  if (except !== "hours" && p.hours && p.hours.length > 0) list.push(hoursCondition(p.hours));
  if (except !== "organizations" && p.organizationIds && p.organizationIds.length > 0) {
    list.push(inArray(vacancies.organizationId, [...p.organizationIds]));
  }
  return list;
}

function orderBy(p: TSearchParams): SQL[] {
  switch (p.sort) {
    case "relevance":
      return [
        desc(sql`ts_rank_cd(${vacancies.searchVector}, ${tsQuery(p.q ?? "")})`),
        desc(vacancies.id),
      ];
    case "distance": {
      const near = p.near ?? { latitude: 0, longitude: 0 };
      return [sql`${distanceSql(near.latitude, near.longitude)} asc nulls last`, asc(vacancies.id)];
    }
    case "published_at":
      return [asc(vacancies.publishedAt), asc(vacancies.id)];
    default:
      return [desc(vacancies.publishedAt), desc(vacancies.id)];
  }
}

/** One page of matching ids in order, with the distance when a place was given. */
export async function searchVacancyIds(db: AppDb, p: TSearchParams): Promise<TSearchHit[]> {
  if (p.centerIds.length === 0) return [];
  const distance = p.near ? distanceSql(p.near.latitude, p.near.longitude) : sql<null>`null`;
  const rows = await db
    .select({ id: vacancies.id, distanceKm: sql<number | null>`${distance}` })
    .from(vacancies)
    .where(and(...conditions(p)))
    .orderBy(...orderBy(p))
    .limit(p.limit)
    .offset(p.offset);
  return rows.map((r) => ({
    id: r.id,
    distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
  }));
}

export async function countVacancies(db: AppDb, p: TSearchParams): Promise<number> {
  if (p.centerIds.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(vacancies)
    .where(and(...conditions(p)));
  return Number(row.n);
}

/** Counts per tag, hours bucket and organisation, each under the other facets' filters. */
export async function searchFacets(db: AppDb, p: TSearchParams): Promise<TFacets> {
  const allTags = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(eq(tags.tenantId, p.tenantId))
    .orderBy(asc(tags.name), asc(tags.id));
  if (p.centerIds.length === 0) {
    return {
      tags: allTags.map((t) => ({ slug: t.slug, name: t.name, count: 0 })),
      hours: HOURS_BUCKETS.map((b) => ({ bucket: b.key, count: 0 })),
      organizations: [],
    };
  }
  const tagCounts = await db
    .select({ tagId: vacancyTags.tagId, n: count() })
    .from(vacancyTags)
    .innerJoin(vacancies, eq(vacancies.id, vacancyTags.vacancyId))
    .where(and(eq(vacancyTags.tenantId, p.tenantId), ...conditions(p, "tags")))
    .groupBy(vacancyTags.tagId);
  const hourCounts = await db
    .select({ bucket: sql<string | null>`${hoursBucketSql}`, n: count() })
    .from(vacancies)
    .where(and(...conditions(p, "hours")))
    .groupBy(sql`1`);
  const organizationCounts = await db
    .select({ id: organizations.id, name: organizations.name, n: count() })
    .from(vacancies)
    .innerJoin(organizations, eq(organizations.id, vacancies.organizationId))
    .where(and(...conditions(p, "organizations")))
    .groupBy(organizations.id, organizations.name)
    .orderBy(asc(organizations.name), asc(organizations.id));
  const byTag = new Map(tagCounts.map((r) => [r.tagId, Number(r.n)]));
  const byBucket = new Map(hourCounts.map((r) => [r.bucket, Number(r.n)]));
  return {
    tags: allTags.map((t) => ({ slug: t.slug, name: t.name, count: byTag.get(t.id) ?? 0 })),
    hours: HOURS_BUCKETS.map((b) => ({ bucket: b.key, count: byBucket.get(b.key) ?? 0 })),
    organizations: organizationCounts.map((r) => ({ id: r.id, name: r.name, count: Number(r.n) })),
  };
}
