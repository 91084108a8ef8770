import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { routesOf } from "./support/permissions-doc";

/**
 * GET /api/v1/openapi.json describes every registered api route, built from the same
 * readers the routes parse with. A route registered without the route layer is missing
 * from it, and fails here.
 */

// Routes still written by hand; each is ported onto defineRoute and then leaves this list
// (the second test fails for an entry that the document already describes).
const NOT_YET_DECLARED = new Set<string>([]);

// Routes whose only answer is a refusal, documented as such: devise_token_auth's GET
// /auth/sign_in is always its 405 (api-contract §1.4).
const ALWAYS_REFUSED = new Map([["GET /auth/sign_in", "405"]]);

// Not api resources: the process health check, its metrics and the document itself.
const OUTSIDE = new Set([
  "GET /healthz",
  "GET /readyz",
  "GET /metrics",
  "GET /api/v1/openapi.json",
]);

type TOperation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  responses?: Record<string, unknown>;
  requestBody?: unknown;
};
type TDocument = { openapi: string; paths: Record<string, Record<string, TOperation>> };

let t: TestApp;
let document: TDocument;
let registered: string[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  document = res.json();
  registered = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
    (route) => !OUTSIDE.has(route),
  );
});
afterAll(() => t.close());

const documented = () =>
  new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`,
      ),
    ),
  );

describe("GET /api/v1/openapi.json", () => {
  it("describes every registered route", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(registered.length).toBeGreaterThan(40);
    const missing = registered.filter(
      (route) => !documented().has(route) && !NOT_YET_DECLARED.has(route),
    );
    expect(missing).toEqual([]);
  });

  it("lists as not yet declared only routes it really lacks, and only registered ones", () => {
    const known = new Set(registered);
    for (const route of NOT_YET_DECLARED) {
      expect(documented().has(route), `${route} is declared now: remove it from the list`).toBe(
        false,
      );
      expect(known.has(route), `${route} is not a route`).toBe(true);
    }
  });

  it("gives every operation a summary, its path parameters, the tenant header and answers", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        const parameters = operation.parameters ?? [];
        const pathParameters = parameters.filter((p) => p.in === "path").map((p) => p.name);
        expect(pathParameters.sort(), where).toEqual(inPath);
        expect(
          parameters.some((p) => p.in === "header" && p.name === "X-Tenant" && p.required),
          where,
        ).toBe(true);
        const statuses = Object.keys(operation.responses ?? {});
        const refusal = ALWAYS_REFUSED.get(where);
        expect(
          // A success, or the redirect that is a mailed link's success (devise's GETs).
          refusal ? statuses.includes(refusal) : statuses.some((s) => /^[23]/.test(s)),
          where,
        ).toBe(true);
        expect(statuses, where).toContain("400");
      }
    }
  });

  it("describes a list's JSON:API parameters and a write's body", () => {
    const notifications = document.paths["/api/v1/notifications"].get;
    const names = (notifications.parameters ?? []).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["filter", "sort", "page[number]", "page[size]"]));
    const patch = document.paths["/api/v1/notifications/{id}"].patch;
    expect(JSON.stringify(patch.requestBody)).toContain('"read"');
    expect(Object.keys(patch.responses ?? {})).toContain("422");
  });

  it("describes the activity writes' bodies and the scope of an occurrence's edit", () => {
    const patch = document.paths["/api/v1/activities/{id}"].patch;
    expect(JSON.stringify(patch.requestBody)).toContain('"starts_at"');
    expect((patch.parameters ?? []).map((p) => p.name)).toContain("scope");
    const series = document.paths["/api/v1/activity_series"].post;
    expect(JSON.stringify(series.requestBody)).toContain('"interval_weeks"');
    const transition = document.paths["/api/v1/activities/{id}/transition"].put;
    expect(JSON.stringify(transition.requestBody)).toContain('"cancelled"');
  });

  it("describes the back office's activity list: its filters, sorts and page limit", () => {
    const list = document.paths["/api/v1/managed_activities"].get;
    // The parameters as the document has them (the test's type names only name and in).
    const byName = (name: string) =>
      JSON.stringify((list.parameters ?? []).find((p) => p.name === name));
    expect(byName("filter")).toContain("starts_at");
    expect(byName("sort")).toContain("updated_at");
    expect(byName("page[size]")).toContain('"maximum":100');
  });
});
