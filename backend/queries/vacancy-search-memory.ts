import { LRUCache } from "lru-cache";
import { boundingBox, EARTH_RADIUS_KM } from "../geo/distance";
import {
  HOURS_BUCKETS,
  type TSearchHit,
  type TSearchParams,
  type TSiteTable,
  type TWordMatches,
} from "./vacancy-search";

/**
 * The search answered in memory from a site's table (docs/vacancies-search.md, "Searches
 * in memory"): the same matches, counts, facets, order and page as the SQL statements of
 * vacancy-search.ts, which stay for when nothing is cached. The table holds the site's open
 * vacancies (centres, published, `closes_on`); words come as the ids that match them with
 * their rank. Pure functions: the caller decides what is kept and for how long.
 */

/**
 * What the api keeps to search in memory (site tables, words' matches), per tenant
 * generation like the summaries (the generation is in every key), and bounded by bytes
 * rather than entries: a word's matches can be a whole site, and every new word asked keeps
 * one. A value is kept only when `keep()` says its generation is still the current one.
 */
export class SearchMemo {
  private readonly values: LRUCache<string, { value: unknown; bytes: number }>;

  constructor(options: { ttlMs: number; maxBytes: number }) {
    this.values = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
      ttl: options.ttlMs,
    });
  }

  /** Loads under way: searches that start meanwhile wait for the same one. */
  private readonly pending = new Map<string, Promise<unknown>>();

  async remember<T>(
    key: string,
    keep: () => boolean,
    compute: () => Promise<T>,
    bytes: (value: T) => number,
  ): Promise<T> {
    const hit = this.values.get(key);
    if (hit) return hit.value as T;
    const under = this.pending.get(key);
    if (under) {
      // Another search's load, in its own transaction: if that fails, load here.
      const value = await under.then(
        (v) => ({ ok: true as const, v: v as T }),
        () => ({ ok: false as const }),
      );
      if (value.ok) return value.v;
    }
    const loading = compute();
    this.pending.set(key, loading);
    try {
      const value = await loading;
      if (keep()) this.values.set(key, { value, bytes: bytes(value) });
      return value;
    } finally {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    }
  }
}

/** A site table's size in memory, roughly (typed arrays; ids lists). */
export function siteTableBytes(t: TSiteTable): number {
  return (
    t.ids.byteLength * 2 +
    t.buckets.byteLength +
    t.latitudes.byteLength * 2 +
    t.remote.byteLength +
    t.tagStart.byteLength +
    t.tags.byteLength +
    (t.organizationIds.length + t.tagIds.length) * 16 +
    256
  );
}

export const wordMatchesBytes = (w: TWordMatches) => w.ids.byteLength + w.ranks.byteLength + 256;

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

/**
 * The search on the table: the page of hits (ids and distances, in the asked order) and
 * the count and facets, each facet under every filter but its own (as groupedCounts,
 * tagCounts and summaryCounts). `ranks`: the ids matching the words with their relevance,
 * required when `p.q` is set.
 */
export function searchSiteTable(
  t: TSiteTable,
  p: TSearchParams,
  words?: TWordMatches,
): { hits: TSearchHit[]; counts: TMemoryCounts } {
  if (p.q !== undefined && !words) throw new Error("searchSiteTable: words without their ranks");
  const ranks = words ? new Map<number, number>() : undefined;
  if (words && ranks) {
    for (let i = 0; i < words.ids.length; i++) ranks.set(words.ids[i], words.ranks[i]);
  }
  const n = t.ids.length;
  // The asked tags as the table's indexes; one no vacancy carries matches nothing.
  const wanted = (p.tagIds ?? []).map((id) => t.tagIds.indexOf(id));
  const noTags = p.unknownTag === true || wanted.includes(-1);
  const bucketAsked = HOURS_BUCKETS.map((b) => (p.hours ?? []).includes(b.key));
  const anyBucket = !bucketAsked.includes(true);
  const organizationAsked = t.organizationIds.map((id) => (p.organizationIds ?? []).includes(id));
  const anyOrganization = (p.organizationIds ?? []).length === 0;
  const near = p.near;
  const box = near ? boundingBox(near.latitude, near.longitude, near.km) : null;

  const byBucket = new Int32Array(HOURS_BUCKETS.length);
  const byOrganization = new Int32Array(t.organizationIds.length);
  const byTag = new Int32Array(t.tagIds.length);
  // NaN: no distance (no place asked, or a remote vacancy without coordinates).
  const distances = new Float64Array(n).fill(Number.NaN);
  const matches: number[] = [];

  for (let i = 0; i < n; i++) {
    if (ranks && !ranks.has(t.ids[i])) continue;
    if (near && box) {
      const latitude = t.latitudes[i];
      const longitude = t.longitudes[i];
      const remote = t.remote[i] === 1;
      if (!Number.isNaN(latitude) && !Number.isNaN(longitude)) {
        // Remote vacancies match every distance; the others need coordinates within reach
        // (the box, wider than the circle, only saves the haversine far outside it).
        const inBox =
          longitude >= box.minLon &&
          longitude <= box.maxLon &&
          latitude >= box.minLat &&
          latitude <= box.maxLat;
        if (!inBox && !remote) continue;
        const d = sqlHaversineKm(near.latitude, near.longitude, latitude, longitude);
        if (!remote && !(d <= near.km)) continue;
        distances[i] = d;
      } else if (!remote) continue;
    }
    let tagsOk = !noTags;
    for (let w = 0; tagsOk && w < wanted.length; w++) {
      let found = false;
      for (let k = t.tagStart[i]; k < t.tagStart[i + 1]; k++) {
        if (t.tags[k] === wanted[w]) {
          found = true;
          break;
        }
      }
      tagsOk = found;
    }
    const bucket = t.buckets[i];
    const hoursOk = anyBucket || (bucket >= 0 && bucketAsked[bucket]);
    const organization = t.organizations[i];
    const organizationOk = anyOrganization || organizationAsked[organization];

    if (tagsOk && hoursOk && organizationOk) matches.push(i);
    if (tagsOk && organizationOk && bucket >= 0) byBucket[bucket] += 1;
    if (tagsOk && hoursOk) byOrganization[organization] += 1;
    if (hoursOk && organizationOk) {
      for (let k = t.tagStart[i]; k < t.tagStart[i + 1]; k++) byTag[t.tags[k]] += 1;
    }
  }

  const counts: TMemoryCounts = {
    records: matches.length,
    hours: new Map(),
    organizationCounts: new Map(),
    byTag: new Map(),
  };
  HOURS_BUCKETS.forEach((b, k) => {
    if (byBucket[k] > 0) counts.hours.set(b.key, byBucket[k]);
  });
  t.organizationIds.forEach((id, k) => {
    if (byOrganization[k] > 0) counts.organizationCounts.set(id, byOrganization[k]);
  });
  t.tagIds.forEach((id, k) => {
    if (byTag[k] > 0) counts.byTag.set(id, byTag[k]);
  });

  // The table is newest first (published_at desc nulls last, id desc nulls last), so both
  // date orders are its order; the others sort like orderBy() in vacancy-search.ts.
  let ordered = matches;
  const needed = p.offset + p.limit;
  switch (p.sort) {
    case "published_at":
      ordered = matches.reverse();
      break;
    case "distance":
      ordered = firstInOrder(matches, needed, (a, b) => {
        const da = distances[a];
        const db = distances[b];
        if (Number.isNaN(da) || Number.isNaN(db)) {
          if (!Number.isNaN(da)) return -1;
          if (!Number.isNaN(db)) return 1;
        } else if (da !== db) return da - db;
        return t.ids[a] - t.ids[b];
      });
      break;
    case "relevance": {
      const rankOf = (i: number) => ranks?.get(t.ids[i]) ?? 0;
      ordered = firstInOrder(
        matches,
        needed,
        (a, b) => rankOf(b) - rankOf(a) || t.ids[b] - t.ids[a],
      );
      break;
    }
    default:
      break;
  }
  const hits = ordered.slice(p.offset, p.offset + p.limit).map((i) => ({
    id: t.ids[i],
    distanceKm: near && !Number.isNaN(distances[i]) ? distances[i] : null,
  }));
  return { hits, counts };
}

/**
 * The first `k` of `list` in the order of `compare` (a total order: every comparison ends
 * with the id), as sorting the whole list would give them: a page needs 20 of a few
 * thousand matches, kept in a sorted buffer instead of sorting them all.
 */
export function firstInOrder(
  list: number[],
  k: number,
  compare: (a: number, b: number) => number,
): number[] {
  if (k <= 0) return [];
  if (k * 8 >= list.length) return list.sort(compare).slice(0, k);
  const best: number[] = [];
  for (const item of list) {
    if (best.length === k && compare(item, best[k - 1]) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(best[mid], item) <= 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
