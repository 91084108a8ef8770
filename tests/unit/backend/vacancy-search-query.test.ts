import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../backend/errors";
import { defineRoute } from "../../../backend/http/define-route";
import {
  DEFAULT_DISTANCE_KM,
  parseSearchFilters,
  parseSearchSort,
  vacancySearchQuery,
} from "../../../backend/routes/vacancies";

/** The error a parse throws, for its status and parameter. */
function refusal(parse: () => unknown) {
  try {
    parse();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, detail: error.message };
    throw error;
  }
  throw new Error("not refused");
}

describe("the vacancy search's filters", () => {
  it("reads each filter: trimmed words, buckets, ids, slugs, the place and its distance", () => {
    expect(
      parseSearchFilters({
        q: " zorg ",
        hours: ["0-4", "16+"],
        organization_id: "3, 7",
        tags: "natuur,,sport",
        near: " Utrecht ",
        distance: "25",
      }),
    ).toEqual({
      q: "zorg",
      hours: ["0-4", "16+"],
      organizationIds: [3, 7],
      tagSlugs: ["natuur", "sport"],
      near: "Utrecht",
      km: 25,
    });
  });

  it("leaves out what is blank and defaults the distance", () => {
    expect(parseSearchFilters({ q: "  ", near: "" })).toEqual({
      q: undefined,
      hours: [],
      organizationIds: [],
      tagSlugs: [],
      near: undefined,
      km: DEFAULT_DISTANCE_KM,
    });
  });

  it.each([
    [{ q: "x".repeat(201) }, "filter[q]"],
    [{ hours: "0-4,5-6" }, "'5-6'"],
    [{ organization_id: "3,abc" }, "'abc'"],
    [{ distance: "0" }, "filter[distance]"],
    [{ distance: "101" }, "filter[distance]"],
    [{ distance: "1e2" }, "filter[distance]"],
  ])("refuses %j with a 400", (extra, named) => {
    const { status, detail } = refusal(() => parseSearchFilters(extra));
    expect(status).toBe(400);
    expect(detail).toContain(named);
  });
});

describe("the vacancy search's sort", () => {
  const filters = (q?: string, near?: string) => ({ ...parseSearchFilters({}), q, near });

  it("defaults to relevance with words, else the newest first", () => {
    expect(parseSearchSort(undefined, filters("zorg"))).toBe("relevance");
    expect(parseSearchSort(" ", filters())).toBe("-published_at");
    expect(parseSearchSort("distance", filters(undefined, "Utrecht"))).toBe("distance");
  });

  it.each([
    ["title", filters()],
    ["-relevance", filters("zorg")],
    ["relevance", filters()],
    ["distance", filters("zorg")],
  ])("refuses sort=%s with a 400", (sort, given) => {
    expect(refusal(() => parseSearchSort(sort, given)).status).toBe(400);
  });

  it("is read by the query reader beside the JSON:API list", () => {
    const query = vacancySearchQuery.parse({ "filter[q]": "zorg", "page[size]": "5" });
    expect(query.sort).toBe("relevance");
    expect(query.page.size).toBe(5);
    expect(refusal(() => vacancySearchQuery.parse({ sort: "title" })).status).toBe(400);
    expect(refusal(() => vacancySearchQuery.parse({ unknown: "1" })).status).toBe(400);
  });
});

describe("transaction: none", () => {
  it("is a type error on a route that is not public", () => {
    const register = (app: FastifyInstance) =>
      defineRoute(app, {
        method: "GET",
        url: "/x",
        summary: "x",
        auth: "signed_in",
        // @ts-expect-error: a signed-in route keeps the request's transaction
        transaction: "none",
        action: "vacancies.list",
        facts: () => ({}),
        handler: async () => null,
      });
    expect(register).toBeTypeOf("function");
  });
});
