import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import { parseEnv } from "../../backend/env";
import { API_SECURITY_HEADERS, HSTS } from "../../backend/plugins/security-headers";
import { createTestApp, type TestApp } from "./support/app";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

// Every api answer carries the security headers (docs/api-hardening.md): a success, a
// JSON:API error, devise's 401, the 404 of an unknown route, a URL the router cannot
// decode, the health routes, OPTIONS and HEAD. HSTS only when the request came over https
// through a trusted proxy.

let t: TestApp;
let tenant: { id: number; slug: string };
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tenant } = await createTenantWithCenter(t.database.db));
  const user = await createUser(t.database.db, tenant.id);
  await addRole(t.database.db, tenant.id, user.id, "superadmin");
  admin = await signedIn(t.database.db, tenant, user.id);
});

afterAll(async () => {
  await t?.close();
});

function expectSecurityHeaders(res: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    expect(res.headers[name], `${name} on ${res.statusCode}`).toBe(value);
  }
  expect(res.headers["x-powered-by"]).toBeUndefined();
}

describe("security headers on every api answer", () => {
  it("a strict policy for JSON: nothing may load, frame or be based on an api answer", () => {
    const csp = API_SECURITY_HEADERS["content-security-policy"];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  const cases: [string, () => Promise<LightMyRequestResponse>, number][] = [
    ["a 200 list", () => t.app.inject({ url: "/api/v1/users", headers: admin }), 200],
    ["the health route", () => t.app.inject({ url: "/healthz" }), 200],
    ["the readiness route", () => t.app.inject({ url: "/readyz" }), 200],
    [
      "a HEAD",
      () => t.app.inject({ method: "HEAD", url: "/api/v1/current_user", headers: admin }),
      200,
    ],
    ["an OPTIONS", () => t.app.inject({ method: "OPTIONS", url: "/api/v1/users" }), 404],
    ["an unknown route's 404", () => t.app.inject({ url: "/api/v1/nothing-here" }), 404],
    ["a record's 404", () => t.app.inject({ url: "/api/v1/users/999999999", headers: admin }), 404],
    [
      "devise's 401",
      () => t.app.inject({ url: "/api/v1/current_user", headers: { "x-tenant": tenant.slug } }),
      401,
    ],
    ["a missing X-Tenant's 400", () => t.app.inject({ url: "/api/v1/users" }), 400],
    [
      "a filter's 400",
      () => t.app.inject({ url: "/api/v1/users?filter[nonsense_eq]=1", headers: admin }),
      400,
    ],
    [
      "bad JSON's 400",
      () =>
        t.app.inject({
          method: "PATCH",
          url: "/api/v1/current_user",
          headers: { ...admin, "content-type": "application/vnd.api+json" },
          payload: "{",
        }),
      400,
    ],
    [
      "an undecodable URL's 400",
      () => t.app.inject({ url: "/api/v1/users/%E0%A4%A", headers: admin }),
      400,
    ],
    [
      "a devise endpoint's own error",
      () =>
        t.app.inject({
          method: "POST",
          url: "/auth/sign_in",
          headers: { "x-tenant": tenant.slug },
          payload: { email: "nobody@example.test", password: "x" },
        }),
      401,
    ],
  ];
  for (const [name, send, status] of cases) {
    it(`on ${name} (${status})`, async () => {
      const res = await send();
      expect(res.statusCode, res.body).toBe(status);
      expectSecurityHeaders(res);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    });
  }

  it("on a 500: a handler that throws still answers with the headers", async () => {
    // No route of the api fails on purpose, so one is added to a fresh app before it starts.
    const app = await buildApp({
      database: t.database,
      config: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      mailer: t.mailer,
      logger: false,
    });
    app.get("/boom", async () => {
      throw new Error("boom");
    });
    const res = await app.inject({ url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0].status).toBe("500");
    expectSecurityHeaders(res);
    await app.close();
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when a trusted proxy says the request came over https", async () => {
    const res = await t.app.inject({
      url: "/api/v1/users",
      headers: { ...admin, "x-forwarded-proto": "https" },
      remoteAddress: "127.0.0.1",
    });
    expect(res.headers["strict-transport-security"]).toBe(HSTS);
    const error = await t.app.inject({
      url: "/api/v1/nothing",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(error.statusCode).toBe(404);
    expect(error.headers["strict-transport-security"]).toBe(HSTS);
  });

  it("is not sent when an untrusted client claims https, nor over plain http", async () => {
    const spoofed = await t.app.inject({
      url: "/api/v1/users",
      headers: { ...admin, "x-forwarded-proto": "https" },
      remoteAddress: "203.0.113.9",
    });
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
    const plain = await t.app.inject({ url: "/api/v1/users", headers: admin });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });
});
