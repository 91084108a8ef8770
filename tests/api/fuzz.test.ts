import { randomBytes } from "node:crypto";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorShapeProblem } from "./support/api-answers";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { buildWorld, headersOf, type TWorld } from "./support/permission-world";
import { COLUMNS, routesOf, type TColumn } from "./support/permissions-doc";
import { signedIn } from "./support/resources";
import { buildVictim, type TVictim } from "./support/sweep-fixtures";
import { databaseSnapshot, type TSnapshot, tenantSnapshot } from "./support/tenant-snapshot";

// A property-based walk over every route the api has registered (docs/api-hardening.md).
// The routes come from Fastify itself, so a new route is fuzzed without anyone adding it
// here. Each run picks a route, a caller (signed out or any column of docs/permissions.md)
// and generated path parameters (ids of the caller's tenant, of another tenant, junk),
// query strings and bodies (JSON:API and spec style, hostile text, wrong types). Whatever
// comes: no 5xx; every error is a JSON:API error document (devise's shapes only where the
// contract keeps them); and a refused write changes no table of the database.
//
// `npm test` runs a fixed seed and a bounded number of runs; `npm run fuzz:api` (FUZZ_RUNS,
// FUZZ_SEED) runs longer or from another seed, and prints the seed of a failure.

const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type TMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const WRITES = new Set<TMethod>(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Tables a refused request may still change, each for a reason the contract gives. Narrow:
 * the route and the status it applies to.
 */
const MAY_CHANGE_WHEN_REFUSED: { route: string; status: number; tables: string[]; why: string }[] =
  [
    {
      // Lockable (api-contract §1.4): a wrong password counts a failed attempt, the last one
      // locks the account and mails the unlock link.
      route: "POST /auth/sign_in",
      status: 401,
      tables: ["users", "mail_outbox"],
      why: "failed_attempts / locked_at / unlock mail",
    },
  ];

let t: TestApp;
let A: TWorld;
let B: TVictim;
/** How often each status came: the test fails if the runs never got past the front door. */
const statuses = new Map<number, number>();
let routes: string[];
let untouchedB: TSnapshot;
/** Attribute names the api itself answers with, per resource (the path's first segment). */
const vocabulary = new Map<string, string[]>();
const segmentOf = (route: string) => /\/api\/v1\/([^/]+)/.exec(route)?.[1] ?? "auth";
const headers = new Map<TColumn, Record<string, string>>();

/** Every number in a world: the ids of its records, people and tenant. */
function idsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (typeof value === "number" && Number.isInteger(value)) out.add(value);
  else if (value && typeof value === "object") {
    for (const item of Object.values(value)) idsIn(item, out);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const prefix = `fuzz-${randomBytes(3).toString("hex")}`;
  A = await buildWorld(t, prefix);
  B = await buildVictim(t);
  for (const column of COLUMNS) headers.set(column, headersOf(A, column));
  untouchedB = await tenantSnapshot(t.database.db, B.tenant.id);
  routes = routesOf(t.app.printRoutes({ commonPrefix: false }), { head: true });
  await learnVocabulary();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * Reads every parameterless GET of /api/v1 as a superadmin and keeps the attribute names of
 * what it answers, per resource: the filters, sorts and body attributes a route accepts are
 * mostly these, so generated input reaches the route's own checks and its SQL, not only the
 * front door. Learnt from the live app, so a new resource brings its own words.
 */
async function learnVocabulary() {
  const superadmin = headersOf(A, "superadmin");
  for (const route of routes.filter((r) => /^GET \/api\/v1\/[^:]*$/.test(r))) {
    const res = await t.app.inject({ url: route.slice(4), headers: superadmin });
    if (res.statusCode !== 200) continue;
    const body = res.json() as { data?: unknown; included?: unknown[] };
    const records = [body.data, ...(body.included ?? [])].flat();
    const names = new Set(vocabulary.get(segmentOf(route)) ?? []);
    for (const record of records) {
      const attributes = (record as { attributes?: Record<string, unknown> } | null)?.attributes;
      for (const name of Object.keys(attributes ?? {})) names.add(name);
    }
    vocabulary.set(segmentOf(route), [...names]);
  }
}

// --- generators ----------------------------------------------------------------------------

const HOSTILE_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00",
  "😀",
  "İstanbul",
  "\u202eevil",
  "Ünïcödé ñ ß",
  "x".repeat(5000),
  "é".repeat(300),
  "'; drop table users; --",
  "' or '1'='1",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "%00",
  "%",
  "_",
  "\\",
  "../../etc/passwd",
  "null",
  "undefined",
  "true",
  "NaN",
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "2147483648",
  "1.5",
  "2026-02-30",
  "javascript:alert(1)",
  "http://evil.example/",
  "admin",
  "superadmin",
  "Organization",
  "Desk",
  "VolunteerCenter",
  "nl",
  "en",
];
/** Text PostgreSQL cannot store: weighted up, as it reaches SQL only past every other check. */
const UNSTORABLE = ["\u0000", "a\u0000b", "\ud800", "x\udc00", "\udbff\u0000"];
const text = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...UNSTORABLE) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
);
const NUMBERS = [0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -0, 1.5, 1e-9];

/** Any JSON value, hostile text and numbers out of range included. */
function anyValue(ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    text,
    ids,
    ids.map(String),
    fc.constantFrom(...NUMBERS),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

const ATTRIBUTE_NAMES = [
  "first_name",
  "last_name",
  "name",
  "email",
  "phone",
  "locale",
  "password",
  "password_confirmation",
  "current_password",
  "role",
  "resource_type",
  "resource_id",
  "volunteer_center_id",
  "organization_id",
  "user_id",
  "status",
  "type",
  "token",
  "read",
  "title",
  "body",
  "slug",
  "theme",
  "footer",
  "azc_name",
  "description",
  "address",
  "from",
  "to",
  "key",
  "value",
  "reason",
  "confirmation_token",
  "reset_password_token",
  "invitation_token",
  "unlock_token",
  "redirect_url",
  "confirm_success_url",
  "motivation",
  "event",
  "kind",
  "category",
  "timing",
  "place",
  "__proto__",
  "constructor",
];

function bodyOf(ids: fc.Arbitrary<number>, names: string[]): fc.Arbitrary<unknown> {
  const value = anyValue(ids);
  const attributes = fc.dictionary(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...names, ...ATTRIBUTE_NAMES) },
      { weight: 1, arbitrary: text },
    ),
    value,
    { maxKeys: 5 },
  );
  const type = fc.constantFrom(
    "users",
    "user",
    "organizations",
    "organization",
    "desks",
    "notification",
    "site_settings",
    "account_deletion",
    "redirect_rules",
    "translations",
    "applications",
    "application",
    "help_posts",
    "pool_invitations",
    "conversations",
    "activity_registrations",
    "activities",
    "activity_series",
    "tags",
    "news_articles",
    "content_pages",
    "nonsense",
  );
  // Relationships as JSON:API documents name them, well-formed or not: a linkage of any
  // type with any id, a list of them, or junk in their place.
  const linkage = fc.record({
    type: fc.constantFrom(
      "vacancies",
      "vacancy",
      "tags",
      "users",
      "volunteers",
      "activities",
      "desks",
      "volunteer_centers",
      "nonsense",
    ),
    id: fc.oneof(ids.map(String), value),
  });
  const relationships = fc.dictionary(
    fc.constantFrom(
      "vacancy",
      "tags",
      "user",
      "volunteer",
      "organization",
      "activity",
      "desk",
      "volunteer_center",
      "into",
      "__proto__",
    ),
    fc.oneof(
      fc.record({ data: fc.oneof(linkage, fc.array(linkage, { maxLength: 3 }), value) }),
      value,
    ),
    { maxKeys: 2 },
  );
  const jsonApi = fc.record(
    {
      data: fc.oneof(
        fc.record(
          { type, id: fc.oneof(ids.map(String), value), attributes, relationships },
          { requiredKeys: ["type"] },
        ),
        value,
      ),
    },
    { requiredKeys: [] },
  );
  const specStyle = fc
    .tuple(fc.constantFrom("user", "organization", "desk", "vacancy", "activity"), attributes)
    .map(([key, attrs]) => ({ [key]: attrs }));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 4, arbitrary: jsonApi },
    { weight: 2, arbitrary: specStyle },
    { weight: 2, arbitrary: attributes },
    { weight: 1, arbitrary: value },
  );
}

const QUERY_KEYS = [
  "include",
  "sort",
  "fields[user]",
  "fields[organization]",
  "filter[name_cont]",
  "filter[first_name_cont]",
  "filter[id_in]",
  "filter[id_in][]",
  "filter[organization_id_eq]",
  "filter[with_role]",
  "filter[status_eq]",
  "filter[q]",
  "filter[near]",
  "filter[distance]",
  "filter[bbox]",
  "filter[locale]",
  "filter[slug]",
  "filter[scope]",
  "filter[waiting]",
  "filter[vacancy_id_eq]",
  "filter[mine]",
  "filter[moderation]",
  "filter[radius_km]",
  "filter[nonsense_eq]",
  "filter[created_at_gteq]",
  "page[number]",
  "page[size]",
  "q",
  "unbatch",
  "email",
  "redirect_url",
  "confirmation_token",
  "reset_password_token",
  "invitation_token",
  "unlock_token",
];

const PREDICATES = ["eq", "not_eq", "cont", "start", "in", "gteq", "lt", "null", "true", "any"];

function queryOf(ids: fc.Arbitrary<number>, names: string[]): fc.Arbitrary<string> {
  // ransack-style keys over the attribute names the route's resource answers with, so
  // filters that a list allows are met often enough to reach its SQL.
  const name = fc.constantFrom(...names, ...ATTRIBUTE_NAMES, "id", "q");
  const ransack = fc
    .tuple(name, fc.constantFrom(...PREDICATES))
    .map(([n, predicate]) => `filter[${n}_${predicate}]`);
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...QUERY_KEYS) },
    { weight: 4, arbitrary: ransack },
    { weight: 2, arbitrary: name.map((n) => `filter[${n}]`) },
    { weight: 1, arbitrary: text },
  );
  // A name as a value makes `sort=name`, `include=name`, `fields[x]=name` meaningful.
  const value = fc.oneof(
    text,
    ids.map(String),
    fc.constantFrom(...NUMBERS).map(String),
    name,
    name.map((n) => `-${n}`),
  );
  return fc.array(fc.tuple(key, value, fc.boolean()), { maxLength: 3 }).map((pairs) =>
    pairs
      .map(([k, v, raw]) =>
        // Mostly encoded as a client would; sometimes the raw bytes of a broken client.
        raw
          ? `${k}=${v}`.replace(/[#?\s]/g, "")
          : `${safeEncode(k).replace(/%5B/g, "[").replace(/%5D/g, "]")}=${safeEncode(v)}`,
      )
      .join("&"),
  );
}

/** encodeURIComponent that writes a lone surrogate as the bytes a broken client would send. */
function safeEncode(value: string): string {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff) {
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
      }
      return encodeURIComponent(char);
    })
    .join("");
}

function pathValue(ids: fc.Arbitrary<number>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: ids.map(String) },
    { weight: 1, arbitrary: fc.constantFrom("nl", "en", "NL", "de", "0", "-1", "1.5", "1e3") },
    { weight: 1, arbitrary: fc.constantFrom(...NUMBERS.map(String), "99999999999999999999") },
    { weight: 2, arbitrary: text.filter((s) => s !== "").map(safeEncode) },
  );
}

const CONTENT_TYPES = [
  "application/vnd.api+json",
  "application/vnd.api+json",
  "application/vnd.api+json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
];

type TCase = {
  route: string;
  column: TColumn;
  params: string[];
  query: string;
  body: unknown;
  contentType: string;
  rawBody: boolean;
};

// --- the property --------------------------------------------------------------------------

function requestOf(c: TCase): InjectOptions {
  const [method, template] = c.route.split(" ") as [TMethod, string];
  let i = 0;
  const path = template.replace(/:\w+/g, () => c.params[i++] ?? "1");
  const url = c.query ? `${path}?${c.query}` : path;
  const hasBody = c.body !== undefined && method !== "GET" && method !== "HEAD";
  const payload = typeof c.body === "string" && c.rawBody ? c.body : JSON.stringify(c.body ?? null);
  return {
    method,
    url,
    headers: {
      ...headers.get(c.column),
      ...(hasBody ? { "content-type": c.contentType } : {}),
    },
    ...(hasBody ? { payload } : {}),
  };
}

const allowedChanges = (route: string, status: number) =>
  new Set(
    MAY_CHANGE_WHEN_REFUSED.filter((a) => a.route === route && a.status === status).flatMap(
      (a) => a.tables,
    ),
  );

function changedTables(before: TSnapshot, after: TSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}

async function check(c: TCase): Promise<void> {
  const request = requestOf(c);
  const method = request.method as TMethod;
  const write = WRITES.has(method);
  const before = write ? await databaseSnapshot(t.database.db) : undefined;
  const res: LightMyRequestResponse = await t.app.inject(request);
  const where = `${request.method} ${request.url} as ${c.column} → ${res.statusCode}`;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) throw new Error(`${where}: ${res.body.slice(0, 500)}`);
  // The other tenant's records are named with its secret: no answer may carry it.
  if (res.body.toLowerCase().includes(B.secret.toLowerCase())) {
    throw new Error(`${where}: answered with the other tenant's data`);
  }
  if (res.statusCode >= 400 && method !== "HEAD") {
    const problem = errorShapeProblem(c.route, res);
    if (problem) throw new Error(`${where}: ${problem}: ${res.body.slice(0, 300)}`);
  }
  if (write && before && res.statusCode >= 400) {
    const allowed = allowedChanges(c.route, res.statusCode);
    const changed = changedTables(before, await databaseSnapshot(t.database.db)).filter(
      (table) => !allowed.has(table),
    );
    if (changed.length > 0) throw new Error(`${where}: a refused write changed ${changed}`);
  }
  // A write that worked may have signed the caller out or changed their roles: a fresh
  // token keeps the caller usable for the runs that follow.
  if (write && res.statusCode < 300 && c.column !== "signed out") {
    headers.set(c.column, await signedIn(t.database.db, A.tenant, A.callers[c.column].id));
  }
}

describe("fuzzing every registered route", () => {
  it("knows the routes from Fastify", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContain("GET /api/v1/users");
    expect(routes).toContain("POST /auth/sign_in");
  });

  it(`${RUNS} generated requests (seed ${SEED}): no 5xx, only JSON:API errors, refused writes change nothing`, async () => {
    const ids = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...idsIn(A)) },
      { weight: 2, arbitrary: fc.constantFrom(...idsIn(B)) },
      { weight: 1, arbitrary: fc.integer() },
    );
    const all = [...new Set([...vocabulary.values()].flat())];
    const cases = fc.constantFrom(...routes).chain((route) => {
      const names = vocabulary.get(segmentOf(route)) ?? all;
      return fc.record<TCase>({
        route: fc.constant(route),
        column: fc.constantFrom(...COLUMNS),
        params: fc.array(pathValue(ids), { minLength: 3, maxLength: 3 }),
        query: queryOf(ids, names.length > 0 ? names : all),
        body: bodyOf(ids, names.length > 0 ? names : all),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        rawBody: fc.boolean(),
      });
    });
    await fc.assert(fc.asyncProperty(cases, check), {
      numRuns: RUNS,
      seed: SEED,
      // A failure is reported as found; shrinking would replay requests against a
      // database the failing run may already have changed.
      endOnFailure: true,
    });
    const counts = Object.fromEntries([...statuses].sort(([x], [y]) => x - y));
    if (process.env.FUZZ_STATS) process.stderr.write(`fuzz statuses ${JSON.stringify(counts)}\n`);
    const some = (from: number, to: number) =>
      [...statuses].some(([status, n]) => status >= from && status < to && n > 0);
    // Past the tenant, the session and the parsers: some requests worked, some were
    // refused by a route's own checks.
    expect(some(200, 300), JSON.stringify(counts)).toBe(true);
    expect((statuses.get(422) ?? 0) + (statuses.get(404) ?? 0)).toBeGreaterThan(0);
    // The other tenant's ids were sent on every kind of route: none of it changed.
    expect(await tenantSnapshot(t.database.db, B.tenant.id)).toEqual(untouchedB);
  }, 600_000);
});
