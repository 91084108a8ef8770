import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

// The lists on the route layer refuse what they do not read: an unknown top-level
// parameter, filter, include or sort is a 400 JSON:API error naming it, before any query.

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  const a = await createTenantWithCenter(db);
  const admin = await createUser(db, a.tenant.id);
  await addRole(db, a.tenant.id, admin.id, "superadmin");
  headers = await signedIn(db, a.tenant, admin.id);
});
afterAll(() => t.close());

const LISTS = [
  "/users",
  "/meedoen/desks",
  "/activities",
  "/vacancies",
  "/managed_vacancies",
  "/managed_activities",
  "/managed_news_articles",
  "/managed_content_pages",
  "/current_user/matches",
  "/forms",
];
const REFUSED: [string, string][] = [
  ["bogus=1", "bogus"],
  ["filter[bogus_eq]=1", "filter[bogus_eq]"],
  ["include=bogus", "include"],
  ["sort=bogus", "sort"],
];

describe.each(LISTS)("GET %s", (path) => {
  it("answers the list itself", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/v1${path}`, headers });
    expect(res.statusCode).toBe(200);
  });

  it.each(REFUSED)("refuses ?%s with a 400 naming %s", async (query, parameter) => {
    const res = await t.app.inject({ method: "GET", url: `/api/v1${path}?${query}`, headers });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(res.json().errors[0].source).toEqual({ parameter });
  });
});
