import { describe, expect, it } from "vitest";
import { parsePoolSearch, poolApiQuery, poolHref } from "@/lib/volunteer-pool/pool-url";

// The pool page's URL state (docs/volunteer-pool.md): what the address says becomes the api's
// query; what the api would refuse is dropped here, so an edited address never errors.

const parse = (query: string) => parsePoolSearch(new URLSearchParams(query));

describe("the volunteer pool's URL", () => {
  it("reads the form's GET submission, repeated checkboxes included", () => {
    const search = parse(
      "q=+koken+&near=Oldebroek&distance=25&active_within=90&sort=distance&availability=monday_morning&availability=friday_evening&languages=ar&tags=3&tags=7&page=2&volunteer=12",
    );
    expect(search).toEqual({
      q: "koken",
      near: "Oldebroek",
      distance: 25,
      activeWithin: 90,
      sort: "distance",
      availability: ["monday_morning", "friday_evening"],
      languages: ["ar"],
      tags: ["3", "7"],
      page: 2,
      volunteer: "12",
    });
    expect(poolApiQuery(search)).toEqual({
      filter: {
        q: "koken",
        near: "Oldebroek",
        distance: "25",
        active_within: "90",
        availability: "monday_morning,friday_evening",
        languages: "ar",
        tags: "3,7",
      },
      sort: "distance",
      include: "tags",
      page: { number: 2, size: 20 },
    });
  });

  it("drops what the api would refuse, and sorts by best match without a place", () => {
    const search = parse(
      "distance=7&active_within=2&sort=distance&availability=someday&languages=xx&tags=abc&page=-1&volunteer=x",
    );
    expect(search).toMatchObject({
      distance: 10,
      activeWithin: null,
      sort: "best_match",
      availability: [],
      languages: [],
      tags: [],
      page: 1,
      volunteer: null,
    });
    expect(poolApiQuery(search).filter).toEqual({});
  });

  it("changes one parameter of the address and keeps the others", () => {
    const current = new URLSearchParams("q=koken&page=3");
    expect(poolHref(current, { volunteer: "5" })).toBe(
      "/vrijwilligerspool?q=koken&page=3&volunteer=5",
    );
    expect(poolHref(current, { page: null, q: null })).toBe("/vrijwilligerspool");
  });
});
