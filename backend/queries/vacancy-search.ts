import { type AnyColumn, and, asc, eq, gte, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { asOwnerWithinTenant } from "../db/as-owner";
import type { AppDb } from "../db/client";
import { organizations, tags, vacancies } from "../db/schema";
import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";

/**
 * The public vacancy search (docs/vacancies-search.md): words against the stored weighted
 * tsvector (GIN), distance by a bounding box on the GiST (tenant, point) index plus an exact
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
  tags: { slug: string; name: string; name_en: string | null; count: number }[];
  hours: { bucket: THoursBucket; count: number }[];
  organizations: { id: number; name: string; count: number }[];
};

const tsQuery = (q: string) =>
  sql`(websearch_to_tsquery('dutch', ${q}) || websearch_to_tsquery('english', ${q}))`;

/**
 * Haversine in SQL over a latitude and longitude expression, the same formula as
 * geo/distance.ts haversineKm; null when the vacancy has no coordinates (least() skips
 * nulls, so they are caught first rather than becoming πR).
 */
export function distanceSql(latitude: number, longitude: number, latCol: SQL, lonCol: SQL): SQL {
  const lat = sql`${latitude}::float8`;
  const lon = sql`${longitude}::float8`;
  return sql`(case when ${latCol} is null or ${lonCol} is null
    then null else 2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${latCol} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${latCol}))
      * power(sin(radians(${lonCol} - ${lon}) / 2), 2)))) end)`;
}

/** Columns of the candidates derived table `v` (below). */
const V = {
  id: sql.raw(`"v"."id"`),
  organizationId: sql.raw(`"v"."organization_id"`),
  hoursPerWeek: sql.raw(`"v"."hours_per_week"`),
  tagIds: sql.raw(`"v"."tag_ids"`),
  publishedAt: sql.raw(`"v"."published_at"`),
  latitude: sql.raw(`"v"."latitude"`),
  longitude: sql.raw(`"v"."longitude"`),
  searchVector: sql.raw(`"v"."search_vector"`),
};

function hoursCondition(buckets: readonly THoursBucket[], hoursCol: SQL | AnyColumn): SQL {
  const parts = HOURS_BUCKETS.filter((b) => buckets.includes(b.key)).map((b) =>
    b.to === null
      ? sql`${hoursCol} >= ${b.from}`
      : sql`(${hoursCol} >= ${b.from} and ${hoursCol} < ${b.to})`,
  );
  return or(...parts) as SQL;
}

// The bucket of "v"."hours_per_week", constants inlined (sql.raw, our own values): no
// parameters, so the hours facet's GROUP BY 2 groups on one plain expression.
const hoursBucketSql = sql.raw(
  `(case when "v"."hours_per_week" is null then null ${HOURS_BUCKETS.map((b) =>
    b.to === null ? `else '${b.key}'` : `when "v"."hours_per_week" < ${b.to} then '${b.key}'`,
  ).join(" ")} end)`,
);

type TFacetName = "tags" | "hours" | "organizations";

/**
 * The facet filters that are set, each on the given columns (the table's, or the derived
 * table `v`'s): all of the tags, any of the hours buckets, any of the organisations.
 */
function facetFilters(
  p: TSearchParams,
  cols: { tagIds: SQL | AnyColumn; hoursPerWeek: SQL | AnyColumn; organizationId: SQL | AnyColumn },
): Partial<Record<TFacetName, SQL>> {
  const filters: Partial<Record<TFacetName, SQL>> = {};
  if (p.unknownTag) filters.tags = sql`false`;
  else if (p.tagIds && p.tagIds.length > 0) {
    filters.tags = sql`${cols.tagIds} @> ${`{${p.tagIds.map(Number).join(",")}}`}::integer[]`;
  }
  if (p.hours && p.hours.length > 0) filters.hours = hoursCondition(p.hours, cols.hoursPerWeek);
  if (p.organizationIds && p.organizationIds.length > 0) {
    filters.organizations = sql`${cols.organizationId} in (${sql.join(
      p.organizationIds.map((id) => sql`${Number(id)}`),
      sql`, `,
    )})`;
  }
  return filters;
}

/** Every condition but the place; the facets named in `except` leave out their own filter. */
function conditions(p: TSearchParams, except: readonly TFacetName[] = []): SQL[] {
  const list: SQL[] = [
    // The transaction's tenant, not p.tenantId: these statements run without row security.
    sql`${vacancies.tenantId} = app_tenant_id()`,
    // A literal, so the planner matches the partial covering indexes (migration 0009).
    sql`${vacancies.status} = 'published'`,
    inArray(vacancies.volunteerCenterId, [...p.centerIds]),
    or(isNull(vacancies.closesOn), gte(vacancies.closesOn, p.today)) as SQL,
  ];
  if (p.q !== undefined) list.push(sql`${vacancies.searchVector} @@ ${tsQuery(p.q)}`);
  const facets = facetFilters(p, vacancies);
  for (const name of ["tags", "hours", "organizations"] as const) {
    const filter = facets[name];
    if (filter && !except.includes(name)) list.push(filter);
  }
  return list;
}

/**
 * The matching vacancies as a derived table `v` with the columns every statement reads.
 * Without a place it is one select the planner flattens into the outer statement; with a
 * place it is the site's remote vacancies (every distance matches them) plus, UNION ALL,
 * the others inside the bounding box on vacancies_located_idx and within the exact
 * haversine distance. Split that way rather than OR-ed, each half is an index-only scan of
 * its own covering index (migration 0009) instead of a bitmap over the heap.
 */
function candidates(
  p: TSearchParams,
  except: readonly TFacetName[] = [],
  alias: "v" | "" = "v",
): SQL {
  const cols =
    alias === ""
      ? sql`${vacancies.organizationId}, ${vacancies.hoursPerWeek}, ${vacancies.tagIds}`
      : sql`${vacancies.id}, ${vacancies.organizationId}, ${vacancies.hoursPerWeek}, ${vacancies.tagIds},
    ${vacancies.publishedAt}, ${vacancies.latitude}, ${vacancies.longitude}${
      p.q !== undefined ? sql`, ${vacancies.searchVector}` : sql``
    }`;
  const where = and(...conditions(p, except));
  const name = sql.raw(alias);
  if (!p.near) return sql`(select ${cols} from ${vacancies} where ${where}) ${name}`;
  const { latitude, longitude, km } = p.near;
  const box = boundingBox(latitude, longitude, km);
  return sql`(select ${cols} from ${vacancies} where ${where} and ${vacancies.remote}
    union all
    select ${cols} from ${vacancies} where ${where} and not ${vacancies.remote}
      and point(${vacancies.longitude}, ${vacancies.latitude})
        <@ box(point(${box.minLon}::float8, ${box.minLat}::float8), point(${box.maxLon}::float8, ${box.maxLat}::float8))
      and ${distanceSql(latitude, longitude, sql`${vacancies.latitude}`, sql`${vacancies.longitude}`)} <= ${km}::float8) ${name}`;
}

function orderBy(p: TSearchParams): SQL {
  switch (p.sort) {
    case "relevance":
      return sql`ts_rank_cd(${V.searchVector}, ${tsQuery(p.q ?? "")}) desc, ${V.id} desc`;
    case "distance": {
      const near = p.near ?? { latitude: 0, longitude: 0 };
      return sql`${distanceSql(near.latitude, near.longitude, V.latitude, V.longitude)} asc nulls last, ${V.id} asc`;
    }
    // The null orderings match vacancies_published_idx (published_at DESC NULLS LAST, id DESC
    // NULLS LAST), so a one-centre site reads the newest straight from the index, forwards
    // or backwards, instead of sorting every match.
    case "published_at":
      return sql`${V.publishedAt} asc nulls first, ${V.id} asc nulls first`;
    default:
      return sql`${V.publishedAt} desc nulls last, ${V.id} desc nulls last`;
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One page of matching ids in order, with the distance when a place was given. */
export async function searchVacancyIds(db: AppDb, p: TSearchParams): Promise<TSearchHit[]> {
  if (p.centerIds.length === 0) return [];
  const distance = p.near
    ? distanceSql(p.near.latitude, p.near.longitude, V.latitude, V.longitude)
    : sql`null`;
  const result = await asOwnerWithinTenant(db, (owner) =>
    owner.execute(sql`select ${V.id} as id, ${distance} as distance_km from ${candidates(p)}
      order by ${orderBy(p)} limit ${p.limit} offset ${p.offset}`),
  );
  return rowsOf<{ id: number; distance_km: number | null }>(result).map((r) => ({
    id: Number(r.id),
    distanceKm: r.distance_km === null ? null : Number(r.distance_km),
  }));
}

/**
 * The count and the hours and organisation facets. Facets whose own filter is not set share
 * the search's conditions, so they come from one scan with GROUPING SETS; one with its own
 * filter set gets a scan without it.
 */
async function groupedCounts(db: AppDb, p: TSearchParams) {
  type TWant = { count: boolean; hours: boolean; organizations: boolean };
  const groups = new Map<string, { from: SQL; want: TWant }>();
  const add = (key: string, except: TFacetName | undefined, part: keyof TWant) => {
    const group = groups.get(key) ?? {
      from: candidates(p, except ? [except] : []),
      want: { count: false, hours: false, organizations: false },
    };
    group.want[part] = true;
    groups.set(key, group);
  };
  add("all", undefined, "count");
  if (p.hours && p.hours.length > 0) add("hours", "hours", "hours");
  else add("all", undefined, "hours");
  if (p.organizationIds && p.organizationIds.length > 0) {
    add("organizations", "organizations", "organizations");
  } else add("all", undefined, "organizations");

  let records = 0;
  const hours = new Map<string, number>();
  const organizationCounts = new Map<number, number>();
  for (const { from, want } of groups.values()) {
    const result = await db.execute(sql`
      select ${V.organizationId} as organization_id, ${hoursBucketSql} as bucket,
             grouping(${V.organizationId}) as g_org, grouping(${hoursBucketSql}) as g_hours,
             count(*)::int as n
      from ${from}
      group by grouping sets ((), (${V.organizationId}), (${hoursBucketSql}))`);
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

/**
 * Tag counts from each match's tag_ids (the covering indexes carry them). unnest in the
 * select list (a ProjectSet) rather than a lateral function scan, which sets up a function
 * scan per match: 3.7 against 16 ms for the 4 600 matches of a 25 km place search.
 */
async function tagCounts(db: AppDb, p: TSearchParams): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    select t.tag_id, count(*)::int as n
    from (select unnest(${V.tagIds}) as tag_id from ${candidates(p, ["tags"])}) t
    group by t.tag_id`);
  return new Map(
    rowsOf<{ tag_id: number; n: number }>(result).map((r) => [Number(r.tag_id), Number(r.n)]),
  );
}

/**
 * The count and all three facets from ONE scan: the matches without any facet filter are
 * read once into a materialised CTE (only the three columns the counts need), and each
 * count applies the other filters to it. A facet counts under every filter but its own.
 * The tag facet unnests in the select list (see tagCounts).
 */
async function summaryCounts(db: AppDb, p: TSearchParams) {
  const all = facetFilters(p, V);
  const only = (...names: TFacetName[]) => {
    const parts = names.map((n) => all[n]).filter((c): c is SQL => c !== undefined);
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  };
  const result = await db.execute(sql`
    with v as materialized ${candidates(p, ["tags", "hours", "organizations"], "")}
    select 'records' as facet, null::text as key, count(*)::int as n
      from v where ${only("tags", "hours", "organizations")}
    union all
    select 'hours', ${hoursBucketSql}, count(*)::int
      from v where ${only("tags", "organizations")} and ${V.hoursPerWeek} is not null
      group by 2
    union all
    select 'organizations', ${V.organizationId}::text, count(*)::int
      from v where ${only("tags", "hours")} group by 2
    union all
    select 'tags', t.tag_id::text, count(*)::int
      from (select unnest(${V.tagIds}) as tag_id from v where ${only("hours", "organizations")}) t
      group by 1, 2`);
  let records = 0;
  const hours = new Map<string, number>();
  const organizationCounts = new Map<number, number>();
  const byTag = new Map<number, number>();
  for (const row of rowsOf<{ facet: string; key: string | null; n: number }>(result)) {
    const n = Number(row.n);
    if (row.facet === "records") records = n;
    else if (row.facet === "hours" && row.key !== null) hours.set(row.key, n);
    else if (row.facet === "organizations") organizationCounts.set(Number(row.key), n);
    else if (row.facet === "tags") byTag.set(Number(row.key), n);
  }
  return { records, hours, organizationCounts, byTag };
}

/** The tenant's tags, by name, for the tag facet (read under row security). */
function tenantTags(db: AppDb, tenantId: number) {
  return db
    .select({
      id: tags.id,
      slug: tags.slug,
      name: tags.name,
      nameEn: tags.nameEn,
      archived: sql<boolean>`${tags.archivedAt} is not null`,
    })
    .from(tags)
    .where(eq(tags.tenantId, tenantId))
    .orderBy(asc(tags.name), asc(tags.id));
}

/** Organisation names of the facet, read under row security. */
async function organizationFacet(db: AppDb, tenantId: number, counts: Map<number, number>) {
  const ids = [...counts.keys()];
  const names =
    ids.length === 0
      ? []
      : await db
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, ids)));
  return names
    .map((o) => ({ id: o.id, name: o.name, count: counts.get(o.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name, "nl") || a.id - b.id);
}

/**
 * The summary of a word search: the one owner statement of summaryCounts, then the tag and
 * organisation names under row security. Word matches are read from the heap (GIN), and the
 * three statements a search ran (page, tag facet, counts) each read them again: one read
 * for both facets halves the work. A search without words reads only covering indexes, where
 * materialising a whole site cost more than it saved (docs/vacancies-search.md).
 */
export async function searchSummaryOneScan(db: AppDb, p: TSearchParams): Promise<TSearchSummary> {
  const counts =
    p.centerIds.length === 0
      ? {
          records: 0,
          hours: new Map<string, number>(),
          organizationCounts: new Map<number, number>(),
          byTag: new Map<number, number>(),
        }
      : await asOwnerWithinTenant(db, (owner) => summaryCounts(owner, p));
  return namedSummary(db, p, counts);
}

/**
 * Counts as the summary: the tag and organisation names read under row security (also for
 * counts made in memory, queries/vacancy-search-memory.ts).
 */
export async function namedSummary(
  db: AppDb,
  p: TSearchParams,
  counts: {
    records: number;
    hours: Map<string, number>;
    organizationCounts: Map<number, number>;
    byTag: Map<number, number>;
  },
): Promise<TSearchSummary> {
  const allTags = await tenantTags(db, p.tenantId);
  return combineSummary(
    { allTags, byTag: counts.byTag, asked: p.tagIds ?? [] },
    {
      records: counts.records,
      hours: counts.hours,
      organizations: await organizationFacet(db, p.tenantId, counts.organizationCounts),
    },
  );
}

export type TSearchSummary = { records: number; facets: TFacets };

type TTagPart = {
  allTags: { id: number; slug: string; name: string; nameEn: string | null; archived: boolean }[];
  byTag: Map<number, number>;
  /** The tags the search filters on. */
  asked: readonly number[];
};
type TGroupPart = {
  records: number;
  hours: Map<string, number>;
  organizations: { id: number; name: string; count: number }[];
};

/** The counts and the names as the meta of a search. */
export function combineSummary(tagPart: TTagPart, groupPart: TGroupPart): TSearchSummary {
  return {
    records: groupPart.records,
    facets: {
      // An archived tag is offered for no new search (docs/tags.md), but one an old link
      // still filters on stays in the form, checked.
      tags: tagPart.allTags
        .filter((t) => !t.archived || tagPart.asked.includes(t.id))
        .map((t) => ({
          slug: t.slug,
          name: t.name,
          name_en: t.nameEn,
          count: tagPart.byTag.get(t.id) ?? 0,
        })),
      hours: HOURS_BUCKETS.map((b) => ({ bucket: b.key, count: groupPart.hours.get(b.key) ?? 0 })),
      organizations: groupPart.organizations,
    },
  };
}

/**
 * The tag facet: every tag of the tenant with its count. One half of a search summary, so
 * the api can run the two halves on two connections at once (routes/vacancies.ts).
 */
export async function searchTagSummary(db: AppDb, p: TSearchParams): Promise<TTagPart> {
  const allTags = await tenantTags(db, p.tenantId);
  const byTag =
    p.centerIds.length === 0
      ? new Map<number, number>()
      : await asOwnerWithinTenant(db, (owner) => tagCounts(owner, p));
  return { allTags, byTag, asked: p.tagIds ?? [] };
}

/** The other half: the number of matches and the hours and organisation facets. */
export async function searchGroupSummary(db: AppDb, p: TSearchParams): Promise<TGroupPart> {
  if (p.centerIds.length === 0) return { records: 0, hours: new Map(), organizations: [] };
  const { records, hours, organizationCounts } = await asOwnerWithinTenant(db, (owner) =>
    groupedCounts(owner, p),
  );
  return {
    records,
    hours,
    organizations: await organizationFacet(db, p.tenantId, organizationCounts),
  };
}

/**
 * The number of matches and the facets of a search (they do not depend on sort or page),
 * as the api computes them, here one after the other on this connection: a word search in
 * one scan (searchSummaryOneScan), any other as the two halves.
 */
export async function searchSummary(db: AppDb, p: TSearchParams): Promise<TSearchSummary> {
  if (p.q !== undefined) return searchSummaryOneScan(db, p);
  const tagPart = await searchTagSummary(db, p);
  return combineSummary(tagPart, await searchGroupSummary(db, p));
}

/**
 * A site's open vacancies as columns, newest first (published_at desc nulls last, id desc
 * nulls last: the order of vacancies_published_idx), with what filters, facets and sorts
 * other than relevance read. Organisations, hours buckets and tags as small dense numbers,
 * so counting is array arithmetic. The api keeps one per site, day and tenant generation
 * and answers searches from it in memory (queries/vacancy-search-memory.ts).
 */
/** The site's vacancies matching the words and their ts_rank_cd (loadWordRanks). */
export type TWordMatches = { ids: Int32Array; ranks: Float64Array };

export type TSiteTable = {
  ids: Int32Array;
  /** Index into organizationIds. */
  organizations: Int32Array;
  organizationIds: number[];
  /** Index into HOURS_BUCKETS; -1: no hours given. */
  buckets: Int8Array;
  /** NaN: no coordinates. */
  latitudes: Float64Array;
  longitudes: Float64Array;
  remote: Uint8Array;
  /** Row i's tags are tags[tagStart[i] .. tagStart[i + 1]), indexes into tagIds. */
  tagStart: Int32Array;
  tags: Int32Array;
  tagIds: number[];
};

const FACET_NAMES: readonly TFacetName[] = ["tags", "hours", "organizations"];
const [SEMICOLON, MINUS, DIGIT_0, DIGIT_9, SPACE] = [";", "-", "0", "9", " "].map((c) =>
  c.charCodeAt(0),
);

/**
 * The site's table: every published vacancy of its centres not past `closes_on` (the
 * conditions of every search, without words or facet filters), one index-only scan of
 * vacancies_published_idx as the owner. Sent as one text, a row per `;`: as rows or as
 * arrays, node-pg took several times longer to parse 16 000 of them than PostgreSQL to
 * read them. Coordinates as float8 text, which round-trips exactly.
 */
export async function loadSiteTable(db: AppDb, p: TSearchParams): Promise<TSiteTable> {
  let text = "";
  if (p.centerIds.length > 0) {
    const where = and(...conditions({ ...p, q: undefined }, FACET_NAMES));
    const result = await asOwnerWithinTenant(db, (owner) =>
      owner.execute(sql`select string_agg(${vacancies.id} || ',' || ${vacancies.organizationId}
          || ',' || coalesce(${vacancies.hoursPerWeek}, -1) || ','
          || coalesce(${vacancies.latitude}::text, '') || ','
          || coalesce(${vacancies.longitude}::text, '') || ',' || ${vacancies.remote}::int
          || ',' || array_to_string(${vacancies.tagIds}, ' '), ';'
          order by ${vacancies.publishedAt} desc nulls last, ${vacancies.id} desc nulls last) as rows
        from ${vacancies} where ${where}`),
    );
    text = rowsOf<{ rows: string | null }>(result)[0]?.rows ?? "";
  }
  let n = text === "" ? 0 : 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === SEMICOLON) n += 1;
  const organizationIndex = new Map<number, number>();
  const tagIndex = new Map<number, number>();
  const table: TSiteTable = {
    ids: new Int32Array(n),
    organizations: new Int32Array(n),
    organizationIds: [],
    buckets: new Int8Array(n),
    latitudes: new Float64Array(n),
    longitudes: new Float64Array(n),
    remote: new Uint8Array(n),
    tagStart: new Int32Array(n + 1),
    tags: new Int32Array(0),
    tagIds: [],
  };
  const tags: number[] = [];
  const indexOf = (map: Map<number, number>, list: number[], id: number) => {
    let at = map.get(id);
    if (at === undefined) {
      at = list.length;
      list.push(id);
      map.set(id, at);
    }
    return at;
  };
  // Read in one pass over the text (splitting it into 100 000 strings took twice as long):
  // `id,organization,hours,latitude,longitude,remote,tag tag…` and `;` between rows.
  let at = 0;
  const integer = () => {
    const negative = text.charCodeAt(at) === MINUS;
    if (negative) at += 1;
    let value = 0;
    for (let c = text.charCodeAt(at); c >= DIGIT_0 && c <= DIGIT_9; c = text.charCodeAt(++at)) {
      value = value * 10 + (c - DIGIT_0);
    }
    return negative ? -value : value;
  };
  const float = () => {
    const comma = text.indexOf(",", at);
    const field = text.slice(at, comma);
    at = comma;
    return field === "" ? Number.NaN : Number(field);
  };
  for (let i = 0; i < n; i++) {
    table.ids[i] = integer();
    at += 1;
    table.organizations[i] = indexOf(organizationIndex, table.organizationIds, integer());
    at += 1;
    const hours = integer();
    at += 1;
    table.buckets[i] =
      hours < 0 ? -1 : HOURS_BUCKETS.findIndex((b) => b.to === null || hours < b.to);
    table.latitudes[i] = float();
    at += 1;
    table.longitudes[i] = float();
    at += 1;
    table.remote[i] = integer() === 1 ? 1 : 0;
    at += 1;
    table.tagStart[i] = tags.length;
    while (at < text.length && text.charCodeAt(at) !== SEMICOLON) {
      const from = at;
      tags.push(indexOf(tagIndex, table.tagIds, integer()));
      if (at === from) throw new Error(`site table: unexpected text at ${at}`);
      if (text.charCodeAt(at) === SPACE) at += 1;
    }
    at += 1;
  }
  table.tagStart[n] = tags.length;
  table.tags = Int32Array.from(tags);
  return table;
}

/**
 * The ids of the site's vacancies that match the words, with their relevance
 * (ts_rank_cd, the order of sort=relevance): kept per site and words, and filtered in
 * memory by place, tags, hours and organisations (queries/vacancy-search-memory.ts).
 */
export async function loadWordRanks(db: AppDb, p: TSearchParams): Promise<TWordMatches> {
  if (p.centerIds.length === 0 || p.q === undefined) {
    return { ids: new Int32Array(0), ranks: new Float64Array(0) };
  }
  const q = p.q;
  const where = and(...conditions(p, FACET_NAMES));
  const result = await asOwnerWithinTenant(db, (owner) =>
    owner.execute(sql`select ${vacancies.id} as id,
        ts_rank_cd(${vacancies.searchVector}, ${tsQuery(q)}) as rank
      from ${vacancies} where ${where}`),
  );
  const rows = rowsOf<{ id: number; rank: number }>(result);
  return {
    ids: Int32Array.from(rows, (r) => Number(r.id)),
    // float4 as its shortest text, read into a double: equal ranks stay equal, and the
    // order between different ones is kept.
    ranks: Float64Array.from(rows, (r) => Number(r.rank)),
  };
}
