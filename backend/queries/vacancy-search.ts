import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { asOwnerWithinTenant } from "../db/as-owner";
import type { AppDb } from "../db/client";
import { organizations, tags, vacancies, vacancyTags } from "../db/schema";
import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";

/**
 * The public vacancy search (docs/vacancies-search.md): words against the stored weighted
 * tsvector (GIN), distance by a bounding box on the GiST point index plus an exact
 * haversine check, tags (all of them), hours buckets and organisations; facets count each
 * of the last three under every filter but their own. Always the tenant, its public
 * centres, published and not past `closes_on`.
 *
 * The id, count and facet statements run as the table owner (backend/db/as-owner.ts): under
 * row security `@@` and `<@` cannot use their indexes. So every one of them carries the
 * tenant as `tenant_id = app_tenant_id()`, the transaction's own setting, never only the
 * caller's tenant id; the rows shown are read afterwards under row security by id
 * (queries/vacancies.ts loadVacancies). Call these only inside withTenant.
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

// Constants inlined (sql.raw, our own values): a GROUP BY GROUPING SETS must see the very
// same expression in the select list, which bound parameters would break.
const hoursBucketSql = sql<string | null>`(case
  when ${vacancies.hoursPerWeek} is null then null
  ${sql.raw(
    HOURS_BUCKETS.map((b) =>
      b.to === null
        ? `else '${b.key}'`
        : `when "vacancies"."hours_per_week" < ${b.to} then '${b.key}'`,
    ).join(" "),
  )} end)`;

type TFacetName = "tags" | "hours" | "organizations";

/** Every condition of the search; `except` leaves out one facet's own filter. */
function conditions(p: TSearchParams, except?: TFacetName): SQL[] {
  const list: SQL[] = [
    // The transaction's tenant, not p.tenantId: these statements run without row security.
    sql`${vacancies.tenantId} = app_tenant_id()`,
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
    // The null orderings match vacancies_public_idx (published_at DESC NULLS LAST, id DESC
    // NULLS LAST), so a one-centre site reads the newest straight from the index, forwards
    // or backwards, instead of sorting every match.
    case "published_at":
      return [sql`${vacancies.publishedAt} asc nulls first`, sql`${vacancies.id} asc nulls first`];
    default:
      return [sql`${vacancies.publishedAt} desc nulls last`, sql`${vacancies.id} desc nulls last`];
  }
}

/** One page of matching ids in order, with the distance when a place was given. */
export async function searchVacancyIds(db: AppDb, p: TSearchParams): Promise<TSearchHit[]> {
  if (p.centerIds.length === 0) return [];
  const distance = p.near ? distanceSql(p.near.latitude, p.near.longitude) : sql<null>`null`;
  const rows = await asOwnerWithinTenant(db, (owner) =>
    owner
      .select({ id: vacancies.id, distanceKm: sql<number | null>`${distance}` })
      .from(vacancies)
      .where(and(...conditions(p)))
      .orderBy(...orderBy(p))
      .limit(p.limit)
      .offset(p.offset),
  );
  return rows.map((r) => ({
    id: r.id,
    distanceKm: r.distanceKm === null ? null : Number(r.distanceKm),
  }));
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The count and the hours and organisation facets. Facets whose own filter is not set share
 * the search's conditions, so they come from one scan with GROUPING SETS; one with its own
 * filter set gets a scan without it.
 */
async function groupedCounts(db: AppDb, p: TSearchParams) {
  type TWant = { count: boolean; hours: boolean; organizations: boolean };
  const groups = new Map<string, { conds: SQL[]; want: TWant }>();
  const add = (key: string, conds: SQL[], part: keyof TWant) => {
    const group = groups.get(key) ?? {
      conds,
      want: { count: false, hours: false, organizations: false },
    };
    group.want[part] = true;
    groups.set(key, group);
  };
  add("all", conditions(p), "count");
  if (p.hours && p.hours.length > 0) add("hours", conditions(p, "hours"), "hours");
  else add("all", conditions(p), "hours");
  if (p.organizationIds && p.organizationIds.length > 0) {
    add("organizations", conditions(p, "organizations"), "organizations");
  } else add("all", conditions(p), "organizations");

  let records = 0;
  const hours = new Map<string, number>();
  const organizationCounts = new Map<number, number>();
  for (const { conds, want } of groups.values()) {
    const result = await db.execute(sql`
      select ${vacancies.organizationId} as organization_id, ${hoursBucketSql} as bucket,
             grouping(${vacancies.organizationId}) as g_org, grouping(${hoursBucketSql}) as g_hours,
             count(*)::int as n
      from ${vacancies}
      where ${and(...conds)}
      group by grouping sets ((), (${vacancies.organizationId}), (${hoursBucketSql}))`);
    for (const row of rowsOf<{
      organization_id: number | null;
      bucket: string | null;
      g_org: number;
      g_hours: number;
      n: number;
    }>(result)) {
      const n = Number(row.n);
      const byOrganization = Number(row.g_org) === 0;
      const byHours = Number(row.g_hours) === 0;
      // Every scan computes all three sets (one pass either way); only the wanted ones count.
      if (!byOrganization && !byHours) {
        if (want.count) records = n;
      } else if (byOrganization && row.organization_id !== null) {
        if (want.organizations) organizationCounts.set(Number(row.organization_id), n);
      } else if (byHours && row.bucket !== null && want.hours) hours.set(row.bucket, n);
    }
  }
  return { records, hours, organizationCounts };
}

/** Tag counts: each matching vacancy's tags through the vacancy_tags primary key. */
async function tagCounts(db: AppDb, p: TSearchParams): Promise<Map<number, number>> {
  // OFFSET 0 keeps the lateral subquery a per-vacancy index probe; flattened into a join,
  // the planner prefers to read all of vacancy_tags.
  const result = await db.execute(sql`
    select x.tag_id, count(*)::int as n
    from ${vacancies}
    cross join lateral (
      select vt.tag_id from ${vacancyTags} vt where vt.vacancy_id = ${vacancies.id} offset 0
    ) x
    where ${and(...conditions(p, "tags"))}
    group by x.tag_id`);
  return new Map(
    rowsOf<{ tag_id: number; n: number }>(result).map((r) => [Number(r.tag_id), Number(r.n)]),
  );
}

export type TSearchSummary = { records: number; facets: TFacets };

/** The number of matches and the facets of a search (they do not depend on sort or page). */
export async function searchSummary(db: AppDb, p: TSearchParams): Promise<TSearchSummary> {
  const allTags = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .where(eq(tags.tenantId, p.tenantId))
    .orderBy(asc(tags.name), asc(tags.id));
  if (p.centerIds.length === 0) {
    return {
      records: 0,
      facets: {
        tags: allTags.map((t) => ({ slug: t.slug, name: t.name, count: 0 })),
        hours: HOURS_BUCKETS.map((b) => ({ bucket: b.key, count: 0 })),
        organizations: [],
      },
    };
  }
  const { records, hours, organizationCounts, byTag } = await asOwnerWithinTenant(
    db,
    async (owner) => ({ ...(await groupedCounts(owner, p)), byTag: await tagCounts(owner, p) }),
  );
  const organizationIds = [...organizationCounts.keys()];
  const names =
    organizationIds.length === 0
      ? []
      : await db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(
            and(eq(organizations.tenantId, p.tenantId), inArray(organizations.id, organizationIds)),
          );
  return {
    records,
    facets: {
      tags: allTags.map((t) => ({ slug: t.slug, name: t.name, count: byTag.get(t.id) ?? 0 })),
      hours: HOURS_BUCKETS.map((b) => ({ bucket: b.key, count: hours.get(b.key) ?? 0 })),
      organizations: names
        .map((o) => ({ id: o.id, name: o.name, count: organizationCounts.get(o.id) ?? 0 }))
        .sort((a, b) => a.name.localeCompare(b.name, "nl") || a.id - b.id),
    },
  };
}
