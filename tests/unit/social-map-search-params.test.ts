import { describe, expect, it } from "vitest";
import {
  apiFilters,
  hasFilters,
  parseSocialMapSearch,
  socialMapHref,
} from "@/lib/social-map/search-params";

describe("the social map's URL filters", () => {
  it("reads words, tags (repeated or comma separated), type and page", () => {
    const search = parseSocialMapSearch({
      q: "  voetbal ",
      tags: ["sport", "jongeren,ouderen"],
      type: "School",
      page: "3",
    });
    expect(search).toEqual({
      q: "voetbal",
      tags: ["sport", "jongeren", "ouderen"],
      type: "School",
      page: 3,
    });
    expect(hasFilters(search)).toBe(true);
  });

  it("drops junk instead of failing: unknown type, bad tags, bad page", () => {
    const search = parseSocialMapSearch({ type: "Club", tags: "Sport!,<x>", page: "-2" });
    expect(search).toEqual({ q: "", tags: [], type: null, page: 1 });
    expect(hasFilters(search)).toBe(false);
    expect(parseSocialMapSearch({ page: "2.5" }).page).toBe(1);
  });

  it("asks the api with filter[…] keys, only for what is set", () => {
    expect(apiFilters(parseSocialMapSearch({}))).toEqual({});
    expect(
      apiFilters(parseSocialMapSearch({ q: "bieb", tags: ["a", "b"], type: "School" })),
    ).toEqual({
      "filter[q]": "bieb",
      "filter[tags]": "a,b",
      "filter[type]": "School",
    });
  });

  it("builds the page's links, page 1 without a page parameter", () => {
    const search = parseSocialMapSearch({ q: "koor en zang", tags: ["cultuur"] });
    expect(socialMapHref(search)).toBe("/sociale-kaart?q=koor+en+zang&tags=cultuur");
    expect(socialMapHref(search, 2)).toBe("/sociale-kaart?q=koor+en+zang&tags=cultuur&page=2");
    expect(socialMapHref(parseSocialMapSearch({}))).toBe("/sociale-kaart");
  });
});
