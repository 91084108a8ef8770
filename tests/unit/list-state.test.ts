import { describe, expect, it } from "vitest";
import { listHref, nextSort, parseListState, parseSort, sortValue } from "@/lib/lists/list-state";

const SPEC = {
  sortable: ["name", "created_at", "status"] as const,
  defaultSort: { field: "name", direction: "asc" } as const,
  filters: { status: ["approved", "pending"], type: ["School"] },
};

const state = (query: string) => parseListState(new URLSearchParams(query), SPEC);

describe("parseListState", () => {
  it("reads page, size, sort, allowed filters and the search text from the URL", () => {
    expect(
      state(
        "q=+De%20Regenboog+&status=pending&type=School&sort=-created_at&page[number]=3&page[size]=50",
      ),
    ).toEqual({
      page: 3,
      size: 50,
      sort: { field: "created_at", direction: "desc" },
      filters: { status: "pending", type: "School" },
      q: "De Regenboog",
    });
  });

  it("falls back to the defaults for anything the page does not allow", () => {
    expect(state("status=deleted&sort=-password&page[number]=-1&page[size]=7&other=x")).toEqual({
      page: 1,
      size: 25,
      sort: { field: "name", direction: "asc" },
      filters: {},
      q: "",
    });
  });

  it("cuts an overlong search instead of refusing it", () => {
    expect(state(`q=${"a".repeat(300)}`).q).toHaveLength(100);
  });
});

describe("sorting", () => {
  it("parses and writes '-field' for descending", () => {
    const sort = parseSort("-status", SPEC.sortable, SPEC.defaultSort);
    expect(sort).toEqual({ field: "status", direction: "desc" });
    expect(sortValue(sort)).toBe("-status");
    expect(sortValue({ field: "name", direction: "asc" })).toBe("name");
  });

  it("flips the sorted column and starts another ascending", () => {
    expect(nextSort({ field: "name", direction: "asc" }, "name")).toEqual({
      field: "name",
      direction: "desc",
    });
    expect(nextSort({ field: "name", direction: "desc" }, "name")).toEqual({
      field: "name",
      direction: "asc",
    });
    expect(nextSort({ field: "name", direction: "desc" }, "status")).toEqual({
      field: "status",
      direction: "asc",
    });
  });
});

describe("listHref", () => {
  const current = "q=school&status=approved&page[number]=4&page[size]=50";

  it("keeps the rest of the state when moving to another page", () => {
    expect(decodeURIComponent(listHref("/organizations", current, { page: 2 }))).toBe(
      "/organizations?q=school&status=approved&page[number]=2&page[size]=50",
    );
  });

  it("goes back to page 1 when the search, a filter or the sort changes", () => {
    expect(decodeURIComponent(listHref("/organizations", current, { status: "pending" }))).toBe(
      "/organizations?q=school&status=pending&page[size]=50",
    );
    expect(
      decodeURIComponent(
        listHref("/organizations", current, { sort: { field: "name", direction: "desc" } }),
      ),
    ).toBe("/organizations?q=school&status=approved&page[size]=50&sort=-name");
  });

  it("removes a parameter set to null or '' and leaves a bare path when nothing is left", () => {
    expect(listHref("/users", "q=x&status=active", { q: null, status: "" })).toBe("/users");
  });
});
