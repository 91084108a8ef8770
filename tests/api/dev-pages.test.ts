import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// GET /api/v1/dev_pages/access (docs/dev-pages.md): the web's server-side check before a
// developer page renders where the pages are switched off. Token rotation stays on here:
// the point is that this answer never carries a token.

let t: TestApp;
let superadmin: TPerson;
let centreAdmin: TPerson;
let volunteer: TPerson;
let tenantSlug: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const a = await createTenantWithCenter(db);
  tenantSlug = a.tenant.slug;
  superadmin = await signedInPerson(db, a.tenant, {}, "superadmin");
  centreAdmin = await signedInPerson(db, a.tenant, {}, "admin", {
    type: "Organization",
    id: a.center.id,
  });
  volunteer = await signedInPerson(db, a.tenant, {}, "volunteer");
});
afterAll(() => t.close());

const access = (headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: "/api/v1/dev_pages/access", headers });

describe("GET /api/v1/dev_pages/access", () => {
  it("answers a superadmin 204 without auth headers, and the token stays as it was", async () => {
    const res = await access(superadmin.headers);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    for (const name of ["access-token", "client", "uid", "expiry"]) {
      expect(res.headers[name], name).toBeUndefined();
    }
    // Any other signed-in read answers with the rotation's headers (a batch's blank token
    // this soon after sign-in); the token the check used still works for it.
    const other = await t.app.inject({
      method: "GET",
      url: "/api/v1/current_user",
      headers: superadmin.headers,
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers["access-token"]).toBeDefined();
    expect((await access(superadmin.headers)).statusCode).toBe(204);
  });

  it("refuses everyone else signed in with the policy's 403, and signed out with devise's 401", async () => {
    for (const person of [centreAdmin, volunteer]) {
      const res = await access(person.headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
      expect(res.headers["access-token"]).toBeUndefined();
    }
    const signedOut = await access({ "x-tenant": tenantSlug });
    expect(signedOut.statusCode).toBe(401);
  });
});
