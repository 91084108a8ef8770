import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { translations, ZTranslation } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createTenantWithCenter, createTranslation, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let empty: TSetup;
let titleId: number;

const JSONAPI = /^application\/vnd\.api\+json/;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  empty = await createTenantWithCenter(db);
  // Out of order, with an uppercase key: the list is in byte order of key.
  titleId = (
    await createTranslation(db, a.tenant.id, {
      key: "auth.signIn.title",
      value: "Inloggen bij A",
    })
  ).id;
  await createTranslation(db, a.tenant.id, { key: "Zeta.x", value: "Zeta" });
  await createTranslation(db, a.tenant.id, { key: "a_b.c", value: "Snake" });
  await createTranslation(db, a.tenant.id, {
    locale: "en",
    key: "auth.signIn.title",
    value: "Sign in to A",
  });
  await createTranslation(db, b.tenant.id, { key: "auth.signIn.title", value: "Inloggen bij B" });
});
afterAll(() => t.close());

const get = (locale: string, tenant = a.tenant.slug, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/translations/${locale}`,
    headers: { "x-tenant": tenant, ...headers },
  });

type TBody = { data: { attributes: { key: string; value: string; locale: string } }[] };
const attributes = (body: TBody) => body.data.map((d) => d.attributes);

/** The messages along a driver error's cause chain (drizzle wraps the driver's error). */
async function refusal(write: Promise<unknown>): Promise<string> {
  try {
    await write;
  } catch (error) {
    const out: string[] = [];
    for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
      out.push(String((e as { message?: unknown }).message));
    }
    return out.join(" / ");
  }
  return "accepted";
}

describe("GET /api/v1/translations/:locale", () => {
  it("gives a signed-out visitor the tenant's overrides for the locale, keys as values", async () => {
    const res = await get("nl");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(body.data[2]).toEqual({
      id: String(titleId),
      type: "translation",
      attributes: { key: "auth.signIn.title", value: "Inloggen bij A", locale: "nl" },
    });
    // The keys come back exactly as stored: camelCase and snake_case parts untouched.
    expect(attributes(body).map((r) => r.key)).toEqual(["Zeta.x", "a_b.c", "auth.signIn.title"]);
    expect(body).not.toHaveProperty("included");
    expect(body.meta).toEqual({ pagination: { current: 1, records: 3 } });
    expect(body.links).toEqual({ self: "http://localhost:80/api/v1/translations/nl" });
  });

  it("gives only the asked locale's overrides", async () => {
    expect(attributes((await get("en")).json())).toEqual([
      { key: "auth.signIn.title", value: "Sign in to A", locale: "en" },
    ]);
  });

  it("answers a signed-in user the same overrides", async () => {
    const user = await createUser(t.database.db, a.tenant.id);
    const headers = await signedIn(t.database.db, a.tenant, user.id);
    const res = await get("en", a.tenant.slug, headers);
    expect(res.statusCode).toBe(200);
    expect(attributes(res.json())).toHaveLength(1);
  });

  it("never shows another tenant's overrides, even of the same key", async () => {
    const values = attributes((await get("nl")).json()).map((r) => r.value);
    expect(values).not.toContain("Inloggen bij B");
    expect(attributes((await get("nl", b.tenant.slug)).json())).toEqual([
      { key: "auth.signIn.title", value: "Inloggen bij B", locale: "nl" },
    ]);
    expect(attributes((await get("en", b.tenant.slug)).json())).toEqual([]);
  });

  it("answers a tenant without overrides an empty collection with a count of 0", async () => {
    expect((await get("nl", empty.tenant.slug)).json()).toEqual({
      data: [],
      meta: { pagination: { current: 1, records: 0 } },
      links: { self: "http://localhost:80/api/v1/translations/nl" },
    });
  });

  for (const locale of ["de", "NL", "nl-NL", "xx%20yy"]) {
    it(`answers 404 with a JSON:API error for the unknown locale '${locale}'`, async () => {
      const res = await get(locale);
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(JSONAPI);
      expect(res.json()).toEqual({
        errors: [
          {
            status: "404",
            source: { parameter: "locale" },
            title: "Not Found",
            detail: "Unknown locale; there are translations for nl and en.",
            code: null,
          },
        ],
      });
    });
  }

  it("answers 400 naming an include, since overrides have no relationships", async () => {
    const res = await get("nl?include=tenant");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: "include" });
  });

  it("needs X-Tenant, and an unknown tenant is a 404", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/translations/nl" });
    expect(missing.statusCode).toBe(400);
    expect((await get("nl", "no-such-tenant")).statusCode).toBe(404);
  });
});

describe("translations in the database", () => {
  it("row security: a query without a tenant condition sees only its tenant's overrides", async () => {
    const seen = await withTenant(t.database.db, b.tenant.id, (tx) =>
      tx.select({ value: translations.value }).from(translations),
    );
    expect(seen).toEqual([{ value: "Inloggen bij B" }]);
    const smuggled = await refusal(
      withTenant(t.database.db, b.tenant.id, (tx) =>
        tx
          .insert(translations)
          .values({ tenantId: a.tenant.id, locale: "nl", key: "x", value: "y" }),
      ),
    );
    expect(smuggled).toMatch(/row-level security/);
  });

  it("refuses a second override of one key in one locale of one tenant", async () => {
    const twice = await refusal(
      createTranslation(t.database.db, a.tenant.id, { key: "auth.signIn.title", value: "Again" }),
    );
    expect(twice).toMatch(/translations_tenant_locale_key_idx/);
  });

  const ROWS: [string, { locale?: string; key?: string; value?: string }, string | null][] = [
    ["an nl override", { locale: "nl", key: "auth.signIn.title" }, null],
    ["an en override", { locale: "en", key: "auth.signIn.title" }, null],
    ["a one-part key", { key: "title" }, null],
    ["a 200-character key", { key: "k".repeat(200) }, null],
    ["a 5000-character value", { value: "v".repeat(5000) }, null],
    ["an empty value", { value: "" }, null],
    ["the locale 'de'", { locale: "de" }, "translations_locale_check"],
    ["the locale 'NL'", { locale: "NL" }, "translations_locale_check"],
    ["the locale ''", { locale: "" }, "translations_locale_check"],
    ["a 201-character key", { key: "k".repeat(201) }, "translations_key_check"],
    ["an empty key", { key: "" }, "translations_key_check"],
    ["a key with an empty part", { key: "auth..title" }, "translations_key_check"],
    ["a key starting with a dot", { key: ".auth" }, "translations_key_check"],
    ["a key ending with a dot", { key: "auth." }, "translations_key_check"],
    ["a key with a dash", { key: "auth.sign-in" }, "translations_key_check"],
    ["a key with a space", { key: "auth.sign in" }, "translations_key_check"],
    ["a key with a newline", { key: "auth\n.title" }, "translations_key_check"],
    ["a 5001-character value", { value: "v".repeat(5001) }, "translations_value_check"],
  ];
  for (const [name, attrs, constraint] of ROWS) {
    it(`${constraint ? "refuses" : "stores"} ${name}, as the zod schema says`, async () => {
      const row = { locale: "nl", key: `k.n${ROWS.findIndex(([n]) => n === name)}`, value: "v" };
      const input = { ...row, ...attrs };
      expect(ZTranslation.safeParse(input).success).toBe(constraint === null);
      const result = await refusal(createTranslation(t.database.db, empty.tenant.id, input));
      if (constraint === null) expect(result).toBe("accepted");
      else expect(result).toMatch(new RegExp(constraint));
    });
  }
});
