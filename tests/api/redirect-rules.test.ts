import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import {
  normalizeRedirectPath,
  redirectRules,
  ZRedirectPath,
  ZRedirectTarget,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createRedirectRule, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let empty: TSetup;
let alphaId: number;

const JSONAPI = /^application\/vnd\.api\+json/;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  empty = await createTenantWithCenter(db);
  // Created out of order, and with '-' beside '/': the list is in byte order of path.
  await createRedirectRule(db, a.tenant.id, { path: "/zeta", target: "/z" });
  await createRedirectRule(db, a.tenant.id, { path: "/a/d", target: "/d" });
  alphaId = (
    await createRedirectRule(db, a.tenant.id, {
      path: "/alpha",
      target: "https://www.example.org/alpha?x=1",
      permanent: true,
    })
  ).id;
  await createRedirectRule(db, a.tenant.id, { path: "/a-c", target: "/c" });
  await createRedirectRule(db, a.tenant.id, { path: "/a/b", target: "/" });
  // The same path in another tenant is another rule.
  await createRedirectRule(db, b.tenant.id, { path: "/alpha", target: "/only-in-b" });
});
afterAll(() => t.close());

const list = (query = "", tenant = a.tenant.slug, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/redirect_rules${query}`,
    headers: { "x-tenant": tenant, ...headers },
  });

type TBody = { data: { attributes: { path: string; target: string } }[] };
const paths = (body: TBody) => body.data.map((d) => d.attributes.path);
const targets = (body: TBody) => body.data.map((d) => d.attributes.target);

/** The messages along a driver error's cause chain (drizzle wraps the driver's error). */
function messages(error: unknown): string {
  const out: string[] = [];
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    out.push(String((e as { message?: unknown }).message));
  }
  return out.join(" / ");
}

async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    return messages(error);
  }
  return "accepted";
}

describe("GET /api/v1/redirect_rules", () => {
  it("lists the tenant's rules by path to a signed-out visitor, as redirect_rules resources", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(paths(body)).toEqual(["/a-c", "/a/b", "/a/d", "/alpha", "/zeta"]);
    expect(body.data[3]).toEqual({
      id: String(alphaId),
      type: "redirect_rule",
      attributes: {
        path: "/alpha",
        target: "https://www.example.org/alpha?x=1",
        permanent: true,
      },
    });
    expect(body.data[0].attributes.permanent).toBe(false);
    expect(body).not.toHaveProperty("included");
    expect(body.meta).toEqual({ pagination: { current: 1, records: 5 } });
    expect(body.links).toEqual({ self: "http://localhost:80/api/v1/redirect_rules" });
  });

  it("answers a signed-in user the same list", async () => {
    const user = await createUser(t.database.db, a.tenant.id);
    const headers = await signedIn(t.database.db, a.tenant, user.id);
    const res = await list("", a.tenant.slug, headers);
    expect(res.statusCode).toBe(200);
    expect(paths(res.json())).toEqual(["/a-c", "/a/b", "/a/d", "/alpha", "/zeta"]);
  });

  it("never shows another tenant's rules, even one for the same path", async () => {
    expect(targets((await list()).json())).not.toContain("/only-in-b");
    const other = (await list("", b.tenant.slug)).json();
    expect(other.data.map((d: { attributes: unknown }) => d.attributes)).toEqual([
      { path: "/alpha", target: "/only-in-b", permanent: false },
    ]);
    expect(other.meta.pagination.records).toBe(1);
  });

  it("answers a tenant without rules an empty collection", async () => {
    const body = (await list("", empty.tenant.slug)).json();
    expect(body).toEqual({
      data: [],
      meta: { pagination: { current: 1, records: 0 } },
      links: { self: "http://localhost:80/api/v1/redirect_rules" },
    });
  });

  it("pages with page[size] and page[number] as the other lists do", async () => {
    const body = (await list("?page%5Bsize%5D=2&page%5Bnumber%5D=2")).json();
    expect(paths(body)).toEqual(["/a/d", "/alpha"]);
    expect(body.meta.pagination).toEqual({
      current: 2,
      first: 1,
      prev: 1,
      next: 3,
      last: 3,
      records: 5,
    });
    expect(body.links.next).toBe(
      "http://localhost:80/api/v1/redirect_rules?page[number]=3&page[size]=2",
    );
  });

  it("takes up to 1000 rules on a page: a larger page[size] is capped, not refused", async () => {
    const body = (await list("?page%5Bsize%5D=5000")).json();
    expect(paths(body)).toHaveLength(5);
    expect(body.meta.pagination).toEqual({ current: 1, records: 5 });
  });

  it("sorts by path descending with sort=-path", async () => {
    expect(paths((await list("?sort=-path")).json())).toEqual([
      "/zeta",
      "/alpha",
      "/a/d",
      "/a/b",
      "/a-c",
    ]);
  });

  it("filters on path and on permanent", async () => {
    expect(paths((await list("?filter[path_eq]=/zeta")).json())).toEqual(["/zeta"]);
    expect(paths((await list("?filter[permanent_true]=1")).json())).toEqual(["/alpha"]);
  });

  it("answers 400 naming an unknown sort field, filter or include", async () => {
    const sort = await list("?sort=target");
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors[0].detail).toBe("target is not a sortable field");
    const filter = await list("?filter[target_cont]=x");
    expect(filter.statusCode).toBe(400);
    expect(filter.json().errors[0].source).toEqual({ parameter: "filter[target_cont]" });
    const include = await list("?include=tenant");
    expect(include.statusCode).toBe(400);
    expect(include.json().errors[0].detail).toBe(
      "tenant is not specified as a relationship on redirect_rule",
    );
  });

  it("fields[redirect_rule] restricts the attributes", async () => {
    const body = (await list("?fields[redirect_rule]=target")).json();
    expect(body.data[0].attributes).toEqual({ target: "/c" });
  });

  it("needs X-Tenant, and an unknown tenant is a 404", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/redirect_rules" });
    expect(missing.statusCode).toBe(400);
    expect((await list("", "no-such-tenant")).statusCode).toBe(404);
  });
});

describe("redirect_rules in the database", () => {
  it("row security: a query without a tenant condition sees only its tenant's rules", async () => {
    const seen = await withTenant(t.database.db, b.tenant.id, (tx) =>
      tx.select({ target: redirectRules.target }).from(redirectRules),
    );
    expect(seen).toEqual([{ target: "/only-in-b" }]);
    const smuggled = await refusal(
      withTenant(t.database.db, b.tenant.id, (tx) =>
        tx.insert(redirectRules).values({ tenantId: a.tenant.id, path: "/x", target: "/y" }),
      ),
    );
    expect(smuggled).toMatch(/row-level security/);
  });

  it("refuses a second rule for one path in one tenant", async () => {
    const twice = await refusal(
      createRedirectRule(t.database.db, a.tenant.id, { path: "/zeta", target: "/other" }),
    );
    expect(twice).toMatch(/redirect_rules_tenant_path_idx/);
  });

  const ok = `/${"a".repeat(499)}`;
  const PATHS: [string, boolean][] = [
    ["/", true],
    ["/vacatures", true],
    ["/a/b-c_d.e~f", true],
    ["/caf%c3%a9", true],
    [ok, true],
    [`${ok}a`, false], // 501 characters
    ["", false],
    ["vacatures", false],
    ["/Vacatures", false],
    ["/vacatures/", false],
    ["//vacatures", false],
    ["/a//b", false],
    ["/a?b=1", false],
    ["/a#b", false],
    ["/a b", false],
    ["/café", false],
  ];
  for (const [path, valid] of PATHS) {
    it(`${valid ? "stores" : "refuses"} the path ${JSON.stringify(path.slice(0, 40))}, as the zod schema says`, async () => {
      expect(ZRedirectPath.safeParse(path).success).toBe(valid);
      const result = await refusal(
        withTenant(t.database.db, empty.tenant.id, (tx) =>
          tx.insert(redirectRules).values({ tenantId: empty.tenant.id, path, target: "/" }),
        ),
      );
      if (valid) expect(result).toBe("accepted");
      else expect(result).toMatch(/redirect_rules_path_check/);
    });
  }

  const TARGETS: [string, boolean][] = [
    ["/", true],
    ["/vacancies/search?q=tuin#top", true],
    ["https://www.facebook.com/", true],
    ["HTTPS://Example.org", true],
    ["http://localhost:3000/x", true],
    [`/${"a".repeat(1999)}`, true],
    [`/${"a".repeat(2000)}`, false], // 2001 characters
    ["", false],
    ["vacancies", false],
    ["javascript:alert(1)", false],
    ["JavaScript:alert(1)", false],
    ["data:text/html,<script>alert(1)</script>", false],
    ["vbscript:msgbox(1)", false],
    ["mailto:someone@example.org", false],
    ["ftp://example.org/", false],
    ["//evil.example/", false],
    ["/\\evil.example/", false],
    ["\\\\evil.example", false],
    ["/\t/evil.example", false],
    [" /x", false],
    ["/x y", false],
    ["/café", false],
    ["https://user@evil.example/", false],
    ["https://good.example@evil.example/", false],
    ["http:/evil.example", false],
    ["https:evil.example", false],
    ["https://", false],
    ["https://evil.example\\@good.example", false],
  ];
  for (const [target, valid] of TARGETS) {
    it(`${valid ? "stores" : "refuses"} the target ${JSON.stringify(target.slice(0, 40))}, as the zod schema says`, async () => {
      expect(ZRedirectTarget.safeParse(target).success).toBe(valid);
      const path = `/target-${TARGETS.findIndex(([t]) => t === target)}`;
      const result = await refusal(
        createRedirectRule(t.database.db, empty.tenant.id, { path, target }),
      );
      if (valid) expect(result).toBe("accepted");
      else expect(result).toMatch(/redirect_rules_target_check/);
    });
  }
});

describe("normalizeRedirectPath", () => {
  const CASES: [string, string | null][] = [
    ["/", "/"],
    ["/Vacatures/", "/vacatures"],
    ["over-ons", "/over-ons"],
    ["  /Over-Ons//Team/  ", "/over-ons/team"],
    ["//evil.example/x", "/evil.example/x"],
    ["/\\evil.example", "/evil.example"],
    ["/a/./b/../c", "/a/c"],
    ["/Café", "/caf%c3%a9"],
    ["/a?b=1", null],
    ["/a#b", null],
    ["/a b", null],
    ["", null],
    [`/${"a".repeat(500)}`, null],
  ];
  for (const [input, expected] of CASES) {
    it(`${JSON.stringify(input.slice(0, 30))} is stored as ${JSON.stringify(expected)}`, () => {
      expect(normalizeRedirectPath(input)).toBe(expected);
    });
  }
});
