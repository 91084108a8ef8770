import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { haversineKm } from "../../../backend/geo/distance";
import {
  firstInOrder,
  SearchMemo,
  sqlHaversineKm,
} from "../../../backend/queries/vacancy-search-memory";

// The in-memory search's page is the first few of its matches in the asked order
// (queries/vacancy-search-memory.ts): the sorted buffer must give exactly what sorting all of
// them gives, for any list, order and length, with ties broken as the comparison says.

describe("firstInOrder", () => {
  it("is the first k of the sorted list", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 400 }),
        fc.integer({ min: 0, max: 60 }),
        (keys, k) => {
          const items = keys.map((_, i) => i);
          // Many equal keys: the index decides, as the id does in the search.
          const compare = (a: number, b: number) => keys[a] - keys[b] || b - a;
          const expected = [...items].sort(compare).slice(0, k);
          expect(firstInOrder([...items], k, compare)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("sqlHaversineKm", () => {
  it("is the great-circle distance of geo/distance.ts", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 50.7, max: 53.6, noNaN: true }),
        fc.double({ min: 3.3, max: 7.3, noNaN: true }),
        fc.double({ min: 50.7, max: 53.6, noNaN: true }),
        fc.double({ min: 3.3, max: 7.3, noNaN: true }),
        (lat0, lon0, lat, lon) => {
          expect(sqlHaversineKm(lat0, lon0, lat, lon)).toBeCloseTo(
            haversineKm(lat0, lon0, lat, lon),
            9,
          );
        },
      ),
    );
  });
});

describe("SearchMemo", () => {
  const counting = () => {
    let calls = 0;
    return { compute: async () => ++calls, calls: () => calls };
  };

  it("keeps a value only while its generation is current", async () => {
    const memo = new SearchMemo({ ttlMs: 60_000, maxBytes: 10_000 });
    const c = counting();
    expect(
      await memo.remember(
        "t.0.0|a",
        () => false,
        c.compute,
        () => 10,
      ),
    ).toBe(1);
    expect(
      await memo.remember(
        "t.0.0|a",
        () => true,
        c.compute,
        () => 10,
      ),
    ).toBe(2);
    expect(
      await memo.remember(
        "t.0.0|a",
        () => true,
        c.compute,
        () => 10,
      ),
    ).toBe(2);
    expect(c.calls()).toBe(2);
  });

  it("is bounded by bytes: a new value pushes out the least recently used", async () => {
    const memo = new SearchMemo({ ttlMs: 60_000, maxBytes: 1_000 });
    const c = counting();
    await memo.remember(
      "a",
      () => true,
      c.compute,
      () => 600,
    );
    await memo.remember(
      "b",
      () => true,
      c.compute,
      () => 600,
    );
    expect(
      await memo.remember(
        "b",
        () => true,
        c.compute,
        () => 600,
      ),
    ).toBe(2);
    expect(
      await memo.remember(
        "a",
        () => true,
        c.compute,
        () => 600,
      ),
    ).toBe(3);
  });

  it("runs one load for searches that ask at once, and loads again when it failed", async () => {
    const memo = new SearchMemo({ ttlMs: 60_000, maxBytes: 10_000 });
    let calls = 0;
    let release: () => void = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        calls += 1;
        release = () => resolve(calls);
      });
    const first = memo.remember(
      "k",
      () => true,
      slow,
      () => 10,
    );
    const second = memo.remember(
      "k",
      () => true,
      slow,
      () => 10,
    );
    release();
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(calls).toBe(1);

    const failing = memo.remember(
      "f",
      () => true,
      () => Promise.reject(new Error("x")),
      () => 1,
    );
    const retried = memo.remember(
      "f",
      () => true,
      async () => 7,
      () => 1,
    );
    await expect(failing).rejects.toThrow("x");
    expect(await retried).toBe(7);
  });
});
