/**
 * A place name or Dutch postcode to coordinates (docs/vacancies-search.md).
 * Production asks PDOK Locatieserver (pdok-geocoder.ts), the default is a bundled table of
 * the seed's places (offline-geocoder.ts). Either sits behind an in-memory LRU cache.
 */
export type TPlace = { name: string; latitude: number; longitude: number };

export interface Geocoder {
  resolve(query: string): Promise<TPlace | null>;
}

/** Trims, folds case and diacritics and collapses whitespace, so the cache key and the
 *  offline table agree on "  Den   Haag" and "den haag". */
export function normalizeQuery(query: string): string {
  return query
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** A Dutch postcode, 4 digits with or without the 2 letters: `8096 BC`, `8096bc`, `8096`. */
export function parsePostcode(query: string): { digits: string; letters: string | null } | null {
  const match = /^([1-9]\d{3})\s?([a-z]{2})?$/i.exec(query.trim());
  if (!match) return null;
  return { digits: match[1], letters: match[2] ? match[2].toUpperCase() : null };
}

/** Remembers the last `size` answers (unknown places too: they are asked again and again). */
export class CachedGeocoder implements Geocoder {
  private readonly cache = new Map<string, TPlace | null>();

  constructor(
    private readonly inner: Geocoder,
    private readonly size = 1000,
  ) {}

  async resolve(query: string): Promise<TPlace | null> {
    const key = normalizeQuery(query);
    if (key === "") return null;
    if (this.cache.has(key)) {
      const hit = this.cache.get(key) ?? null;
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const place = await this.inner.resolve(query);
    this.cache.set(key, place);
    if (this.cache.size > this.size) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return place;
  }
}

/** Asks `primary`; when it fails (network, timeout, a bad answer) asks `fallback`, so a
 *  PDOK outage degrades to the bundled places instead of failing every search. */
export class FallbackGeocoder implements Geocoder {
  constructor(
    private readonly primary: Geocoder,
    private readonly fallback: Geocoder,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async resolve(query: string): Promise<TPlace | null> {
    try {
      return await this.primary.resolve(query);
    } catch (error) {
      this.onError(error);
      return this.fallback.resolve(query);
    }
  }
}
