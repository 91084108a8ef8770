import { describe, expect, it } from "vitest";
import { SearchSummaryCache } from "../../../backend/queries/search-summary-cache";
import type { TSearchSummary } from "../../../backend/queries/vacancy-search";

// The search's summary cache (docs/vacancies-search.md, "Counts and facets: cache and
// invalidation"): per tenant generation, nothing kept while changes of other processes
// cannot be heard.

const summary = (records: number): TSearchSummary => ({
  records,
  facets: { tags: [], hours: [], organizations: [] },
});

function listening() {
  const cache = new SearchSummaryCache({ ttlMs: 60_000 });
  cache.listening(true);
  return cache;
}

describe("SearchSummaryCache", () => {
  it("answers a summary under the tenant's generation and key, never another tenant's", () => {
    const cache = listening();
    cache.set(cache.generation(1), "k", summary(1));
    cache.set(cache.generation(2), "k", summary(2));
    expect(cache.get(cache.generation(1), "k")?.records).toBe(1);
    expect(cache.get(cache.generation(2), "k")?.records).toBe(2);
    expect(cache.get(cache.generation(1), "other")).toBeUndefined();
  });

  it("forgets only the changed tenant's summaries", () => {
    const cache = listening();
    cache.set(cache.generation(1), "k", summary(1));
    cache.set(cache.generation(2), "k", summary(2));
    cache.changed(1);
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
    expect(cache.get(cache.generation(2), "k")?.records).toBe(2);
  });

  it("drops a summary computed while a change came in (filed under the old generation)", () => {
    const cache = listening();
    const started = cache.generation(1);
    cache.changed(1);
    cache.set(started, "k", summary(1));
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
    expect(cache.get(started, "k")).toBeUndefined();
  });

  it("says whether a generation is kept: while listening and until the tenant changes", () => {
    const cache = new SearchSummaryCache({ ttlMs: 60_000 });
    expect(cache.keeps(cache.generation(1))).toBe(false);
    cache.listening(true);
    const started = cache.generation(1);
    expect(cache.keeps(started)).toBe(true);
    cache.changed(2);
    expect(cache.keeps(started)).toBe(true);
    cache.changed(1);
    expect(cache.keeps(started)).toBe(false);
    expect(cache.keeps(cache.generation(1))).toBe(true);
    cache.listening(false);
    expect(cache.keeps(cache.generation(1))).toBe(false);
  });

  it("keeps nothing before the listener listens, nor while it is lost", () => {
    const cache = new SearchSummaryCache({ ttlMs: 60_000 });
    cache.set(cache.generation(1), "k", summary(1));
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
    cache.listening(true);
    cache.set(cache.generation(1), "k", summary(1));
    expect(cache.get(cache.generation(1), "k")?.records).toBe(1);
    cache.listening(false);
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
    cache.set(cache.generation(1), "k", summary(1));
    cache.listening(true);
    // Back: what was kept before the loss is gone too (changes may have been missed).
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
  });

  it("clear() empties every tenant and refuses summaries started before it", () => {
    const cache = listening();
    const started = cache.generation(3);
    cache.set(cache.generation(1), "k", summary(1));
    cache.clear();
    cache.set(started, "k", summary(3));
    expect(cache.get(cache.generation(1), "k")).toBeUndefined();
    expect(cache.get(cache.generation(3), "k")).toBeUndefined();
  });

  it("remembers a fact once per generation and computes it again after a change", async () => {
    const cache = listening();
    let calls = 0;
    const compute = async () => {
      calls += 1;
      return [calls];
    };
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([1]);
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([1]);
    cache.changed(2);
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([1]);
    cache.changed(1);
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([2]);
    cache.listening(false);
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([3]);
    expect(await cache.remember(cache.generation(1), "centres", compute)).toEqual([4]);
  });
});
