import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import { parseEnv } from "../../backend/env";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { routesOf } from "./support/permissions-doc";
import { signedIn } from "./support/resources";
import { tenantSnapshot } from "./support/tenant-snapshot";

// Input the api refuses in one place (docs/api-hardening.md): text the database cannot
// store (a NUL, a lone surrogate, bytes that are no UTF-8) anywhere in the URL, a header or
// a JSON body is a 400 JSON:API error that changes nothing; a list refuses every parameter,
// filter, sort and include it does not know, naming it; and routes match whatever the case
// of the path and with a trailing slash.

let t: TestApp;
let tenant: { id: number; slug: string };
let admin: Record<string, string>;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp({}, { auth: { rateLimits: NO_RATE_LIMITS } });
  ({ tenant } = await createTenantWithCenter(t.database.db));
  const user = await createUser(t.database.db, tenant.id, { firstName: "Ada" });
  adminId = user.id;
  await addRole(t.database.db, tenant.id, user.id, "superadmin");
  admin = await signedIn(t.database.db, tenant, user.id);
});

afterAll(async () => {
  await t?.close();
});

type TError = { status: string; title: string; source: { parameter?: string; pointer?: string } };
const errorsOf = (res: LightMyRequestResponse) => (res.json() as { errors: TError[] }).errors;

function expectJsonApiError(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toContain("application/vnd.api+json");
  const [first] = errorsOf(res);
  expect(first.status).toBe(String(status));
  expect(typeof first.title).toBe("string");
  return first;
}

/** Sends the request and checks that nothing of the tenant changed, tokens included. */
async function refusedUnchanged(request: InjectOptions, status = 400) {
  const before = await tenantSnapshot(t.database.db, tenant.id);
  const res = await t.app.inject(request);
  const error = expectJsonApiError(res, status);
  expect(await tenantSnapshot(t.database.db, tenant.id)).toEqual(before);
  return error;
}

const patchName = (firstName: unknown, headers = admin) => ({
  method: "PATCH" as const,
  url: "/api/v1/current_user",
  headers: { ...headers, "content-type": "application/vnd.api+json" },
  payload: JSON.stringify({ data: { type: "users", attributes: { first_name: firstName } } }),
});

describe("text the database cannot store", () => {
  it("a NUL in the query: 400 naming the parameter, on a list and on a search", async () => {
    const q = await refusedUnchanged({ url: "/api/v1/vacancies?q=%00x", headers: admin });
    expect(q.source.parameter).toBe("q");
    const filter = await refusedUnchanged({
      url: "/api/v1/users?filter[first_name_cont]=a%00b",
      headers: admin,
    });
    expect(filter.source.parameter).toBe("filter[first_name_cont]");
  });

  it("a NUL or a surrogate's bytes in the path: 400", async () => {
    for (const url of [
      "/api/v1/users/1%00",
      "/api/v1/users/%ED%A0%80",
      "/api/v1/translations/n%00l",
      "/auth/password/edit?reset_password_token=%00",
    ]) {
      await refusedUnchanged({ url, headers: admin });
    }
  });

  it("a lone surrogate or invalid UTF-8 in the query: 400", async () => {
    for (const value of ["%ED%A0%80", "%ED%B0%80x", "%C0%80", "%FF"]) {
      const error = await refusedUnchanged({
        url: `/api/v1/users?filter[first_name_cont]=${value}`,
        headers: admin,
      });
      expect(error.source.parameter).toBe("filter[first_name_cont]");
    }
  });

  it("a NUL or a lone surrogate in a JSON body: 400 with the pointer, the name unchanged", async () => {
    for (const name of ["Ada\u0000", "\ud800", "x\udc00y"]) {
      const error = await refusedUnchanged(patchName(name));
      expect(error.source.pointer).toBe("/data/attributes/first_name");
    }
    const nested = await refusedUnchanged({
      ...patchName("Ada"),
      payload: JSON.stringify({ data: { type: "users", attributes: { "k\u0000": 1 } } }),
    });
    expect(nested.source.pointer).toBe("/data/attributes/k\u0000");
    const me = await t.app.inject({ url: "/api/v1/current_user", headers: admin });
    expect(me.json().data.attributes.first_name).toBe("Ada");
  });

  it("the same in application/json and text/plain bodies, and on the devise endpoints", async () => {
    await refusedUnchanged({
      method: "POST" as const,
      url: "/auth/sign_in",
      headers: { "x-tenant": tenant.slug, "content-type": "application/json" },
      payload: '{"email":"a\\u0000@example.test","password":"x"}',
    });
    await refusedUnchanged({
      method: "POST",
      url: "/auth/password",
      headers: { "x-tenant": tenant.slug, "content-type": "application/json" },
      payload: '{"email":"\\ud800@example.test","redirect_url":"http://localhost:3000/x"}',
    });
    await refusedUnchanged({
      method: "PATCH",
      url: "/api/v1/current_user",
      headers: { ...admin, "content-type": "text/plain" },
      payload: "a\u0000b",
    });
  });

  it("a surrogate pair (an emoji) is text like any other", async () => {
    const res = await t.app.inject(patchName("Ada 😀"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.first_name).toBe("Ada 😀");
    await t.app.inject(patchName("Ada"));
  });

  it("a NUL in a header that reaches the database: X-Tenant, uid, access-token, client", async () => {
    for (const [name, value] of [
      ["x-tenant", `${tenant.slug}\u0000`],
      ["uid", `${admin.uid}\u0000`],
      ["access-token", "\u0000"],
      ["client", "a\u0000"],
    ]) {
      const error = await refusedUnchanged({
        url: "/api/v1/current_user",
        headers: { ...admin, [name]: value },
      });
      expect(error.source.parameter).toBe(name);
    }
  });

  it("a NUL inside the bearer token's JSON counts as no credentials: devise's 401", async () => {
    const bearer = Buffer.from(
      JSON.stringify({
        "access-token": admin["access-token"],
        client: admin.client,
        uid: "\u0000",
      }),
    ).toString("base64");
    const res = await t.app.inject({
      url: "/api/v1/current_user",
      headers: { "x-tenant": tenant.slug, authorization: `Bearer ${bearer}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("routes match whatever the case and with a trailing slash", () => {
  it("GET /api/v1/users/?filter[organization_id_eq]=…&filter[with_role]=admin as spec §7 writes it", async () => {
    const center = (await t.app.inject({ url: "/api/v1/volunteer_centers", headers: admin })).json()
      .data[0].id;
    const slash = await t.app.inject({
      url: `/api/v1/users/?filter[organization_id_eq]=${center}&filter[with_role]=admin`,
      headers: admin,
    });
    const plain = await t.app.inject({
      url: `/api/v1/users?filter[organization_id_eq]=${center}&filter[with_role]=admin`,
      headers: admin,
    });
    expect(slash.statusCode, slash.body).toBe(200);
    expect(slash.json().data).toEqual(plain.json().data);
  });

  it("/API/V1/USERS/ and /Api/V1/Current_User answer as their lower-case routes", async () => {
    expect((await t.app.inject({ url: "/API/V1/USERS/", headers: admin })).statusCode).toBe(200);
    const me = await t.app.inject({ url: "/Api/V1/Current_User", headers: admin });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(String(adminId));
    expect((await t.app.inject({ url: "/HEALTHZ/" })).statusCode).toBe(200);
  });

  it("keeps the case of path parameters: a token or a locale is not lower-cased", async () => {
    // Translations exist for 'nl' only in lower case: 'NL' must stay 'NL' and be refused.
    expect(
      (await t.app.inject({ url: "/api/v1/translations/nl", headers: admin })).statusCode,
    ).toBe(200);
    const upper = await t.app.inject({ url: "/API/V1/TRANSLATIONS/NL", headers: admin });
    expect(upper.statusCode).toBe(404);
    expect(errorsOf(upper)[0].source.parameter).toBe("locale");
    // The router hands a handler the parameter exactly as it came: a route added to a fresh
    // app (no api route echoes its parameter) sees 'AbC' under a path asked in capitals.
    const app = await buildApp({
      database: t.database,
      config: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
      mailer: t.mailer,
      logger: false,
    });
    app.get("/api/v1/echo/:value", async (request) => request.params);
    const echoed = await app.inject({ url: "/API/V1/ECHO/AbC%C3%89/" });
    expect(echoed.json()).toEqual({ value: "AbCÉ" });
    await app.close();
  });
});

describe("every list refuses what it does not know, naming it", () => {
  // The lists are found, not named: every GET route of /api/v1 that answers the superadmin
  // with an array of data is a list. Path parameters that are no record get a real value.
  const PARAMETER_VALUES: Record<string, string> = { locale: "nl" };
  const lists: string[] = [];

  beforeAll(async () => {
    const routes = routesOf(t.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.startsWith("GET /api/v1/"))
      .map((route) => route.slice(4))
      .filter((path) => [...path.matchAll(/:(\w+)/g)].every(([, name]) => name in PARAMETER_VALUES))
      .map((path) => path.replace(/:(\w+)/g, (_, name: string) => PARAMETER_VALUES[name]));
    for (const path of routes) {
      const res = await t.app.inject({ url: path, headers: admin });
      if (res.statusCode === 200 && Array.isArray(res.json().data)) lists.push(path);
    }
  });

  it("finds the lists", () => {
    expect(lists.length).toBeGreaterThanOrEqual(15);
    expect(lists).toContain("/api/v1/current_organizations");
    expect(lists).toContain("/api/v1/users");
  });

  const unknowns: [string, string, RegExp][] = [
    ["nonsense=1", "nonsense", /nonsense/],
    ["filter[nonsense_eq]=1", "filter[nonsense_eq]", /nonsense_eq/],
    ["filter[nonsense]=1", "filter[nonsense]", /nonsense/],
    ["sort=nonsense", "sort", /nonsense/],
    ["sort=-nonsense", "sort", /nonsense/],
    ["include=nonsense", "include", /nonsense/],
    ["page[nonsense]=1", "page[nonsense]", /nonsense/],
    ["filter=1", "filter", /filter/],
    ["filter[a][b]=1", "filter[a][b]", /filter\[a\]\[b\]/],
  ];
  it("an unknown parameter, filter, sort, include or page key: 400 naming it, on every list", async () => {
    const failures: string[] = [];
    for (const path of lists) {
      for (const [query, parameter, detail] of unknowns) {
        const res = await t.app.inject({ url: `${path}?${query}`, headers: admin });
        const error = res.statusCode === 400 ? errorsOf(res)[0] : undefined;
        const named =
          error?.source?.parameter === parameter &&
          detail.test(String((error as never as { detail: string }).detail));
        if (!named) failures.push(`${path}?${query}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("the parameters a list does know still work: devise's credentials in the query, page, fields", async () => {
    const { "access-token": token, client, uid } = admin;
    const query = new URLSearchParams({ "access-token": token, client, uid, unbatch: "true" });
    const res = await t.app.inject({
      url: `/api/v1/users?${query}&page[size]=1&page[number]=1&fields[user]=email`,
      headers: { "x-tenant": tenant.slug },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });
});
