import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIONS } from "../../backend/policies/policy";
import { createTestApp, type TestApp } from "./support/app";
import { routesOf } from "./support/permissions-doc";

// An api route without a row in docs/permissions.md ("Endpoints") fails here, and so does
// a row that names an action the policy does not have.

/** Routes outside the policy, each with its reason. */
const EXEMPT: Record<string, string> = {
  // The OpenAPI document: tenant-free, it describes the api and holds no data.
  "GET /api/v1/openapi.json": "document",
};

const markdown = readFileSync(path.resolve(__dirname, "../../docs/permissions.md"), "utf8");
const endpointRows = markdown
  .slice(markdown.indexOf("## Endpoints"))
  .split("\n")
  .filter((l) => /^\|\s*(GET|POST|PUT|PATCH|DELETE) /.test(l))
  .map((l) =>
    l
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => c.trim()),
  );

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("docs/permissions.md endpoints", () => {
  it("has a row for every /api/v1 route", () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.split(" ")[1].startsWith("/api/v1/") && !(r in EXEMPT),
    );
    expect(routes.length).toBeGreaterThan(10);
    const documented = new Set(endpointRows.map((r) => r[0]));
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });

  it("names only actions the policy has", () => {
    const named = endpointRows.flatMap((r) => r[1].match(/[a-z_]+\.[a-z_]+/g) ?? []);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((a) => !(ACTIONS as string[]).includes(a))).toEqual([]);
  });
});
