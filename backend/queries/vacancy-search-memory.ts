import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";
import {
  HOURS_BUCKETS,
  type TSearchHit,
  type TSearchParams,
  type TSiteTable,
} from "./vacancy-search";

/**
 * The search answered in memory from a site's table (docs/vacancies-search.md, "Searches
 * in memory"): the same matches, counts, facets, order and page as the SQL statements of
 * vacancy-search.ts, which stay for when nothing is cached. The table holds the site's open
 * vacancies (centres, published, `closes_on`); words come as the ids that match them with
 * their rank. Pure functions: the caller decides what is kept and for how long.
 */

export type TMemoryCounts = {
  records: number;
  hours: Map<string, number>;
  organizationCounts: Map<number, number>;
  byTag: Map<number, number>;
};

// PostgreSQL's radians() multiplies by its RADIANS_PER_DEGREE, the double nearest π/180.
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * vacancy-search.ts distanceSql step by step in the same order of operations, so a
 * vacancy's distance and whether it is within reach are the ones the statement computes.
 */
export function sqlHaversineKm(lat0: number, lon0: number, lat: number, lon: number): number {
  const a =
    Math.sin(((lat - lat0) * RADIANS_PER_DEGREE) / 2) ** 2 +
    Math.cos(lat0 * RADIANS_PER_DEGREE) *
      Math.cos(lat * RADIANS_PER_DEGREE) *
      Math.sin(((lon - lon0) * RADIANS_PER_DEGREE) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The bucket key of an hours value (-1: none), as hoursBucketSql. */
function bucketOf(hours: number): string | null {
  if (hours < 0) return null;
  for (const b of HOURS_BUCKETS) if (b.to === null || hours < b.to) return b.key;
  return null;
}

/**
 * The search on the table: the page of hits (ids and distances, in the asked order) and
 * the count and facets, each facet under every filter but its own (as groupedCounts,
 * tagCounts and summaryCounts). `ranks`: the ids matching the words with their relevance,
 * required when `p.q` is set.
 */
export function searchSiteTable(
  t: TSiteTable,
  p: TSearchParams,
  ranks?: ReadonlyMap<number, number>,
): { hits: TSearchHit[]; counts: TMemoryCounts } {
  if (p.q !== undefined && !ranks) throw new Error("searchSiteTable: words without their ranks");
  const counts: TMemoryCounts = {
    records: 0,
    hours: new Map(),
    organizationCounts: new Map(),
    byTag: new Map(),
  };
  const wantTags = p.tagIds ?? [];
  const hourBuckets = HOURS_BUCKETS.filter((b) => (p.hours ?? []).includes(b.key));
  const organizations = new Set(p.organizationIds ?? []);
  const near = p.near;
  const box = near ? boundingBox(near.latitude, near.longitude, near.km) : null;
  const matches: number[] = [];
  const distances = new Map<number, number | null>();

  for (let i = 0; i < t.ids.length; i++) {
    const id = t.ids[i];
    if (ranks && !ranks.has(id)) continue;
    let distance: number | null = null;
    if (near && box) {
      const latitude = t.latitudes[i];
      const longitude = t.longitudes[i];
      const located = !Number.isNaN(latitude) && !Number.isNaN(longitude);
      if (located) {
        // Remote vacancies match every distance; the others need coordinates within reach
        // (the box only saves the haversine for those far outside it).
        const inBox =
          longitude >= box.minLon &&
          longitude <= box.maxLon &&
          latitude >= box.minLat &&
          latitude <= box.maxLat;
        if (inBox || t.remote[i] === 1) {
          distance = sqlHaversineKm(near.latitude, near.longitude, latitude, longitude);
        }
        if (t.remote[i] !== 1 && (!inBox || (distance as number) > near.km)) continue;
      } else if (t.remote[i] !== 1) continue;
    }
    const tags = t.tagIds[i];
    const tagsOk = p.unknownTag
      ? false
      : wantTags.length === 0 || wantTags.every((tag) => tags.includes(tag));
    const hours = t.hours[i];
    const hoursOk =
      hourBuckets.length === 0 ||
      (hours >= 0 && hourBuckets.some((b) => hours >= b.from && (b.to === null || hours < b.to)));
    const organization = t.organizationIds[i];
    const organizationOk = organizations.size === 0 || organizations.has(organization);

    if (tagsOk && hoursOk && organizationOk) {
      counts.records += 1;
      matches.push(i);
      if (near) distances.set(i, distance);
    }
    if (tagsOk && organizationOk) {
      const bucket = bucketOf(hours);
      if (bucket !== null) counts.hours.set(bucket, (counts.hours.get(bucket) ?? 0) + 1);
    }
    if (tagsOk && hoursOk) {
      counts.organizationCounts.set(
        organization,
        (counts.organizationCounts.get(organization) ?? 0) + 1,
      );
    }
    if (hoursOk && organizationOk) {
      for (const tag of tags) counts.byTag.set(tag, (counts.byTag.get(tag) ?? 0) + 1);
    }
  }

  // The table is newest first (published_at desc nulls last, id desc nulls last), so both
  // date orders are its order; the others sort like orderBy() in vacancy-search.ts.
  switch (p.sort) {
    case "published_at":
      matches.reverse();
      break;
    case "distance":
      matches.sort((a, b) => {
        const da = distances.get(a) ?? null;
        const db = distances.get(b) ?? null;
        if (da !== db) {
          if (da === null) return 1;
          if (db === null) return -1;
          return da - db;
        }
        return t.ids[a] - t.ids[b];
      });
      break;
    case "relevance":
      matches.sort((a, b) => {
        const ra = ranks?.get(t.ids[a]) ?? 0;
        const rb = ranks?.get(t.ids[b]) ?? 0;
        return rb - ra || t.ids[b] - t.ids[a];
      });
      break;
    default:
      break;
  }
  const hits = matches.slice(p.offset, p.offset + p.limit).map((i) => ({
    id: t.ids[i],
    distanceKm: near ? (distances.get(i) ?? null) : null,
  }));
  return { hits, counts };
}
