import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { notifications, users, ZNotification } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createNotification, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type TNotificationRow = Awaited<ReturnType<typeof createNotification>>;
let a: TSetup;
let b: TSetup;
/** Jane's six notifications, never changed by a test: the list tests read them. */
let jane: { id: number; headers: Record<string, string> };
let n: Record<"old" | "middle" | "tie1" | "tie2" | "tie3" | "newest", TNotificationRow>;
/** Another user of tenant a, and a user of tenant b, with notifications of their own. */
let bobs: TNotificationRow[];
let carols: TNotificationRow[];
let bob: { id: number; headers: Record<string, string> };
let carol: { id: number; headers: Record<string, string> };

const JSONAPI = /^application\/vnd\.api\+json/;
const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };
const NOT_FOUND = {
  errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
};
const HOUR = 3_600_000;
const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const janeRow = await createUser(db, a.tenant.id);
  jane = { id: janeRow.id, headers: await signedIn(db, a.tenant, janeRow.id) };
  const add = (attrs: Parameters<typeof createNotification>[3]) =>
    createNotification(db, a.tenant.id, jane.id, attrs);
  // Inserted out of order; three at one instant, so only the id can order them.
  const tie = ago(24 * HOUR);
  n = {
    middle: await add({ kind: "application", createdAt: ago(48 * HOUR), url: "/applications" }),
    old: await add({ kind: "system", createdAt: ago(120 * HOUR), readAt: ago(100 * HOUR) }),
    tie1: await add({ kind: "message", createdAt: tie, readAt: ago(HOUR) }),
    tie2: await add({ kind: "message", createdAt: tie, body: "Tweede", url: null }),
    tie3: await add({ kind: "organization", createdAt: tie }),
    newest: await add({
      kind: "message",
      title: "Nieuw bericht van Anouk",
      body: "Hallo!",
      url: "/conversations",
      createdAt: ago(HOUR),
    }),
  };
  const bobRow = await createUser(db, a.tenant.id);
  bob = { id: bobRow.id, headers: await signedIn(db, a.tenant, bobRow.id) };
  bobs = [
    await createNotification(db, a.tenant.id, bob.id, { title: "Bob 1" }),
    await createNotification(db, a.tenant.id, bob.id, { title: "Bob 2" }),
  ];
  const carolRow = await createUser(db, b.tenant.id);
  carol = { id: carolRow.id, headers: await signedIn(db, b.tenant, carolRow.id) };
  carols = [
    await createNotification(db, b.tenant.id, carol.id, { title: "Carol 1" }),
    await createNotification(db, b.tenant.id, carol.id, { title: "Carol 2", readAt: ago(HOUR) }),
  ];
});
afterAll(() => t.close());

/** Default order: newest first, the three ties by id descending. */
const NEWEST_FIRST = () => [n.newest, n.tie3, n.tie2, n.tie1, n.middle, n.old].map((r) => r.id);

const list = (query = "", headers: Record<string, string> = jane.headers) =>
  t.app.inject({ method: "GET", url: `/api/v1/notifications${query}`, headers });

const patch = (id: number | string, payload: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/v1/notifications/${id}`,
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });

const markRead = (id: number, headers: Record<string, string>, read = true) =>
  patch(id, { data: { type: "notification", id: String(id), attributes: { read } } }, headers);

const markAll = (headers: Record<string, string>, payload?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/notifications/mark_all_read",
    headers:
      payload === undefined ? headers : { ...headers, "content-type": "application/vnd.api+json" },
    ...(payload === undefined ? {} : { payload }),
  });

type TBody = { data: { id: string; attributes: Record<string, unknown> }[] };
const ids = (body: TBody) => body.data.map((d) => Number(d.id));

/** The stored row, read as the owner past row security. */
async function stored(id: number) {
  const [row] = await t.database.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** A user of tenant a of their own, for tests that change read state. */
async function freshUser(counts: { unread: number; read?: number }) {
  const db = t.database.db;
  const user = await createUser(db, a.tenant.id);
  const headers = await signedIn(db, a.tenant, user.id);
  const unread: TNotificationRow[] = [];
  const read: TNotificationRow[] = [];
  for (let i = 0; i < counts.unread; i++) {
    unread.push(await createNotification(db, a.tenant.id, user.id, { createdAt: ago(i * HOUR) }));
  }
  for (let i = 0; i < (counts.read ?? 0); i++) {
    read.push(await createNotification(db, a.tenant.id, user.id, { readAt: ago(2 * HOUR) }));
  }
  return { id: user.id, headers, unread, read };
}

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

describe("GET /api/v1/notifications", () => {
  it("lists the signed-in user's notifications as notification resources with the unread count", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const body = res.json();
    expect(body.data[0]).toEqual({
      id: String(n.newest.id),
      type: "notification",
      attributes: {
        kind: "message",
        title: "Nieuw bericht van Anouk",
        body: "Hallo!",
        url: "/conversations",
        read_at: null,
        created_at: n.newest.createdAt.toISOString(),
      },
    });
    expect(body.data[3].attributes.read_at).toBe(n.tie1.readAt?.toISOString());
    expect(body.data[2].attributes).toMatchObject({ body: "Tweede", url: null });
    expect(body).not.toHaveProperty("included");
    expect(body.meta).toEqual({ pagination: { current: 1, records: 6 }, unread_count: 4 });
    expect(body.links).toEqual({ self: "http://localhost:80/api/v1/notifications" });
  });

  it("sorts newest first by default, ties by id, and sort=created_at reverses both", async () => {
    expect(ids((await list()).json())).toEqual(NEWEST_FIRST());
    expect(ids((await list("?sort=-created_at")).json())).toEqual(NEWEST_FIRST());
    expect(ids((await list("?sort=created_at")).json())).toEqual(NEWEST_FIRST().reverse());
  });

  it("pages without overlap or gaps at every page size, in the same order as one page", async () => {
    for (const size of [1, 2, 4, 5]) {
      const seen: number[] = [];
      for (let number = 1; number <= Math.ceil(6 / size); number++) {
        const body = (await list(`?page[size]=${size}&page[number]=${number}`)).json();
        seen.push(...ids(body));
        expect(body.meta.unread_count).toBe(4);
      }
      expect(seen).toEqual(NEWEST_FIRST());
    }
  });

  it("gives meta.pagination and links of the page, and the unread count of everything", async () => {
    const body = (await list("?page[size]=2&page[number]=2")).json();
    expect(ids(body)).toEqual(NEWEST_FIRST().slice(2, 4));
    expect(body.meta).toEqual({
      pagination: { current: 2, first: 1, prev: 1, next: 3, last: 3, records: 6 },
      unread_count: 4,
    });
    const base = "http://localhost:80/api/v1/notifications";
    expect(body.links).toEqual({
      self: `${base}?page[size]=2&page[number]=2`,
      first: `${base}?page[number]=1&page[size]=2`,
      prev: `${base}?page[number]=1&page[size]=2`,
      next: `${base}?page[number]=3&page[size]=2`,
      last: `${base}?page[number]=3&page[size]=2`,
    });
  });

  it("filter[read_at_null]=true lists the unread, =false the read; the unread count stays the total", async () => {
    const unread = (await list("?filter[read_at_null]=true")).json();
    expect(ids(unread)).toEqual([n.newest, n.tie3, n.tie2, n.middle].map((r) => r.id));
    expect(unread.meta).toEqual({ pagination: { current: 1, records: 4 }, unread_count: 4 });
    const read = (await list("?filter[read_at_null]=false")).json();
    expect(ids(read)).toEqual([n.tie1.id, n.old.id]);
    expect(read.meta).toEqual({ pagination: { current: 1, records: 2 }, unread_count: 4 });
  });

  it("filters and pages together: records counts the filtered rows, unread_count all", async () => {
    const body = (await list("?filter[read_at_null]=false&page[size]=1&page[number]=2")).json();
    expect(ids(body)).toEqual([n.old.id]);
    expect(body.meta).toEqual({
      pagination: { current: 2, first: 1, prev: 1, records: 2 },
      unread_count: 4,
    });
    const past = (await list("?filter[read_at_null]=true&page[size]=3&page[number]=9")).json();
    expect(past.data).toEqual([]);
    expect(past.meta.unread_count).toBe(4);
    expect(past.meta.pagination.records).toBe(4);
  });

  it("filters by kind too", async () => {
    const body = (await list("?filter[kind_eq]=message")).json();
    expect(ids(body)).toEqual([n.newest.id, n.tie2.id, n.tie1.id]);
    expect(body.meta.unread_count).toBe(4);
  });

  it("gives only the fields asked for with fields[notification]", async () => {
    const body = (await list("?fields[notification]=title,read_at&page[size]=1")).json();
    expect(body.data[0].attributes).toEqual({ title: "Nieuw bericht van Anouk", read_at: null });
  });

  it("shows another user of the tenant only their own, with their own unread count", async () => {
    const body = (await list("", bob.headers)).json();
    expect(ids(body)).toEqual([bobs[1].id, bobs[0].id]);
    expect(body.meta).toEqual({ pagination: { current: 1, records: 2 }, unread_count: 2 });
  });

  it("shows a user of another tenant only theirs; a token of tenant a is no user in tenant b", async () => {
    const body = (await list("", carol.headers)).json();
    expect(ids(body)).toEqual([carols[1].id, carols[0].id]);
    expect(body.meta.unread_count).toBe(1);
    const crossed = await list("", { ...jane.headers, "x-tenant": b.tenant.slug });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual(DEVISE_401);
  });

  it("answers a user without notifications an empty list with unread_count 0", async () => {
    const fresh = await freshUser({ unread: 0 });
    expect((await list("", fresh.headers)).json()).toEqual({
      data: [],
      meta: { pagination: { current: 1, records: 0 }, unread_count: 0 },
      links: { self: "http://localhost:80/api/v1/notifications" },
    });
  });

  it("answers devise's 401 when signed out", async () => {
    const res = await list("", { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });

  for (const [query, parameter, detail] of [
    [
      "?filter[title_cont]=x",
      "filter[title_cont]",
      "title_cont is not a filter this endpoint allows",
    ],
    [
      "?filter[user_id_eq]=1",
      "filter[user_id_eq]",
      "user_id_eq is not a filter this endpoint allows",
    ],
    [
      "?filter[read_at_null]=maybe",
      "filter[read_at_null]",
      "'maybe' is not a valid value for filter[read_at_null]",
    ],
    ["?sort=title", "sort", "title is not a sortable field"],
    ["?include=user", "include", "user is not specified as a relationship on notification"],
  ] as const) {
    it(`answers 400 naming ${parameter} for ${query}`, async () => {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          { status: "400", source: { parameter }, title: "Bad Request", detail, code: "invalid" },
        ],
      });
    });
  }

  it("sends the auth headers back, as every token-authenticated response does", async () => {
    const res = await list();
    expect(res.headers["access-token"]).toBe(jane.headers["access-token"]);
    expect(res.headers).toMatchObject({ client: jane.headers.client, uid: jane.headers.uid });
    expect(res.headers.expiry).toMatch(/^\d+$/);
  });
});

describe("PATCH /api/v1/notifications/:id", () => {
  it("marks a notification read: 200 with the resource and the new unread count", async () => {
    const user = await freshUser({ unread: 2 });
    const [first] = user.unread;
    const res = await markRead(first.id, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const row = await stored(first.id);
    expect(row.readAt).toBeInstanceOf(Date);
    expect(res.json()).toEqual({
      data: {
        id: String(first.id),
        type: "notification",
        attributes: {
          kind: "system",
          title: first.title,
          body: null,
          url: "/dashboard",
          read_at: row.readAt?.toISOString(),
          created_at: first.createdAt.toISOString(),
        },
      },
      meta: { unread_count: 1 },
    });
    expect((await list("", user.headers)).json().meta.unread_count).toBe(1);
  });

  it("keeps the first read_at when a read notification is marked read again", async () => {
    const user = await freshUser({ unread: 0, read: 1 });
    const [read] = user.read;
    const res = await markRead(read.id, user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.read_at).toBe(read.readAt?.toISOString());
    expect((await stored(read.id)).readAt).toEqual(read.readAt);
  });

  it("marks a notification unread again with read: false", async () => {
    const user = await freshUser({ unread: 1, read: 1 });
    const res = await markRead(user.read[0].id, user.headers, false);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.read_at).toBeNull();
    expect(res.json().meta).toEqual({ unread_count: 2 });
    expect((await stored(user.read[0].id)).readAt).toBeNull();
  });

  it("answers 404, never 403, for another user's notification in the tenant, and changes nothing", async () => {
    const res = await markRead(bobs[0].id, jane.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await stored(bobs[0].id)).readAt).toBeNull();
  });

  it("answers 404 for a notification of another tenant, and changes nothing", async () => {
    const res = await markRead(carols[0].id, jane.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    expect((await stored(carols[0].id)).readAt).toBeNull();
  });

  for (const id of ["999999999", "0", "abc", "99999999999", "1.5", "-1"]) {
    it(`answers 404 for the id '${id}' no notification can have`, async () => {
      const body = { data: { type: "notification", attributes: { read: true } } };
      const res = await patch(id, body, jane.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    });
  }

  it("answers devise's 401 when signed out, and changes nothing", async () => {
    const res = await markRead(n.newest.id, { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
    expect((await stored(n.newest.id)).readAt).toBeNull();
  });

  const READ = { read: true };
  const INVALID: [string, unknown, number, Record<string, unknown>][] = [
    [
      "no data",
      { notification: READ },
      422,
      {
        source: { pointer: "" },
        detail: "param is missing or the value is empty: data",
        code: "parameter_missing",
      },
    ],
    ["data null", { data: null }, 422, { source: { pointer: "" }, code: "parameter_missing" }],
    ["a bare array", [READ], 422, { source: { pointer: "" }, code: "parameter_missing" }],
    [
      "another type",
      { data: { type: "user", attributes: READ } },
      422,
      {
        source: { pointer: "/data/type" },
        detail: "Type is not included in the list",
        code: "inclusion",
      },
    ],
    [
      "another id than the URL's",
      { data: { type: "notification", id: "1", attributes: READ } },
      422,
      { source: { pointer: "/data/id" }, detail: "Id does not match the URL", code: "invalid" },
    ],
    [
      "no attributes",
      { data: { type: "notification" } },
      422,
      {
        source: { pointer: "" },
        detail: "param is missing or the value is empty: attributes",
        code: "parameter_missing",
      },
    ],
    [
      "no read",
      { data: { type: "notification", attributes: { read_at: "2020-01-01" } } },
      422,
      {
        source: { pointer: "/data/attributes/read" },
        detail: "Read can't be blank",
        code: "blank",
      },
    ],
    [
      "read null",
      { data: { type: "notification", attributes: { read: null } } },
      422,
      { source: { pointer: "/data/attributes/read" }, code: "blank" },
    ],
    [
      "read as a string",
      { data: { type: "notification", attributes: { read: "true" } } },
      422,
      { source: { pointer: "/data/attributes/read" }, detail: "Read is invalid", code: "invalid" },
    ],
    [
      "read as a number",
      { data: { type: "notification", attributes: { read: 1 } } },
      422,
      { source: { pointer: "/data/attributes/read" }, code: "invalid" },
    ],
    [
      "a body that is not JSON",
      "{data:",
      400,
      { source: null, detail: "The request body is not valid JSON." },
    ],
  ];
  for (const [name, payload, status, error] of INVALID) {
    it(`answers ${status} for ${name}, and changes nothing`, async () => {
      const user = await freshUser({ unread: 1, read: 1 });
      for (const row of [...user.unread, ...user.read]) {
        const res = await patch(row.id, payload, user.headers);
        expect(res.statusCode).toBe(status);
        expect(res.headers["content-type"]).toMatch(JSONAPI);
        const errors = res.json().errors;
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatchObject({ status: String(status), ...error });
        expect((await stored(row.id)).readAt).toEqual(row.readAt);
      }
      expect((await list("", user.headers)).json().meta.unread_count).toBe(1);
    });
  }

  it("accepts the body without type and id, and a numeric id", async () => {
    const user = await freshUser({ unread: 2 });
    const [one, two] = user.unread;
    expect((await patch(one.id, { data: { attributes: READ } }, user.headers)).statusCode).toBe(
      200,
    );
    const numeric = { data: { type: "notification", id: two.id, attributes: READ } };
    expect((await patch(two.id, numeric, user.headers)).json().meta).toEqual({ unread_count: 0 });
  });
});

describe("POST /api/v1/notifications/mark_all_read", () => {
  it("marks every unread notification of the user read and answers the counts", async () => {
    const user = await freshUser({ unread: 3, read: 1 });
    const res = await markAll(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    expect(res.json()).toEqual({ meta: { unread_count: 0, marked: 3 } });
    for (const row of user.unread) expect((await stored(row.id)).readAt).toBeInstanceOf(Date);
    // An already read one keeps the time it was read.
    expect((await stored(user.read[0].id)).readAt).toEqual(user.read[0].readAt);
    expect((await list("", user.headers)).json().meta.unread_count).toBe(0);
  });

  it("marks nothing the second time", async () => {
    const user = await freshUser({ unread: 1 });
    expect((await markAll(user.headers)).json()).toEqual({ meta: { unread_count: 0, marked: 1 } });
    expect((await markAll(user.headers)).json()).toEqual({ meta: { unread_count: 0, marked: 0 } });
  });

  it("takes an empty JSON:API body as well as none", async () => {
    const user = await freshUser({ unread: 1 });
    const res = await markAll(user.headers, "{}");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ meta: { unread_count: 0, marked: 1 } });
  });

  it("leaves the notifications of other users of the tenant and of other tenants unread", async () => {
    const user = await freshUser({ unread: 1 });
    await markAll(user.headers);
    for (const row of [bobs[0], bobs[1], carols[0]])
      expect((await stored(row.id)).readAt).toBeNull();
    expect((await list("", bob.headers)).json().meta.unread_count).toBe(2);
  });

  it("answers devise's 401 when signed out", async () => {
    const res = await markAll({ "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });
});

describe("token rotation", () => {
  let rotating: TestApp;
  beforeAll(async () => {
    rotating = await createTestApp();
  });
  afterAll(() => rotating.close());

  it("rotates the token on every notifications call, as on the other authenticated routes", async () => {
    const db = rotating.database.db;
    const { tenant } = await createTenantWithCenter(db);
    const user = await createUser(db, tenant.id);
    const row = await createNotification(db, tenant.id, user.id);
    const first = await signedIn(db, tenant, user.id);
    const listed = await rotating.app.inject({
      method: "GET",
      url: "/api/v1/notifications",
      headers: first,
    });
    expect(listed.statusCode).toBe(200);
    const second = String(listed.headers["access-token"]);
    expect(second).not.toBe(first["access-token"]);
    expect(second).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(listed.headers).toMatchObject({ client: first.client, uid: first.uid });
    const patched = await rotating.app.inject({
      method: "PATCH",
      // ?unbatch: a new token even within devise_token_auth's 5 s batch buffer.
      url: `/api/v1/notifications/${row.id}?unbatch=true`,
      headers: { ...first, "access-token": second },
      payload: { data: { type: "notification", id: String(row.id), attributes: { read: true } } },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().meta).toEqual({ unread_count: 0 });
    expect(patched.headers["access-token"]).not.toBe(second);
    expect(patched.headers["access-token"]).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });
});

describe("notifications in the database", () => {
  it("row security: as the app role with another tenant set, a query sees none of tenant a's", async () => {
    const seen = await withTenant(t.database.db, b.tenant.id, (tx) =>
      tx.select({ id: notifications.id, userId: notifications.userId }).from(notifications),
    );
    expect(seen.map((r) => r.id).sort()).toEqual(carols.map((r) => r.id).sort());
    const janes = await withTenant(t.database.db, b.tenant.id, (tx) =>
      tx.select().from(notifications).where(eq(notifications.userId, jane.id)),
    );
    expect(janes).toEqual([]);
  });

  it("row security: an update from another tenant cannot reach a's rows, an insert for a is refused", async () => {
    await withTenant(t.database.db, b.tenant.id, (tx) =>
      tx.update(notifications).set({ title: "Overwritten" }),
    );
    expect((await stored(n.newest.id)).title).toBe("Nieuw bericht van Anouk");
    expect((await stored(carols[0].id)).title).toBe("Overwritten");
    for (const row of carols) {
      await t.database.db
        .update(notifications)
        .set({ title: row.title })
        .where(eq(notifications.id, row.id));
    }
    const smuggled = await refusal(
      withTenant(t.database.db, b.tenant.id, (tx) =>
        tx
          .insert(notifications)
          .values({ tenantId: a.tenant.id, userId: jane.id, kind: "system", title: "Smuggled" }),
      ),
    );
    expect(smuggled).toMatch(/row-level security/);
  });

  it("goes with its user when the user is deleted", async () => {
    const user = await freshUser({ unread: 2 });
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const left = await t.database.db.execute(
      sql`select count(*)::int as n from notifications where user_id = ${user.id}`,
    );
    expect((left as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  // Written for a user of their own, so the rows of the other tests stay as they were.
  let sink: { id: number };
  beforeAll(async () => {
    sink = await createUser(t.database.db, b.tenant.id);
  });

  const ROWS: [string, Record<string, unknown>, string | null][] = [
    ["a site path", { url: "/applications" }, null],
    ["the root path", { url: "/" }, null],
    ["a path with a query and a fragment", { url: "/applications/12?tab=chat#end" }, null],
    ["no url", { url: null }, null],
    ["a 500-character url", { url: `/${"a".repeat(499)}` }, null],
    ["a 200-character title", { title: "t".repeat(200) }, null],
    ["a 2000-character body", { body: "b".repeat(2000) }, null],
    ["every kind", { kind: "organization" }, null],
    ["a protocol-relative url", { url: "//evil.example/x" }, "notifications_url_check"],
    ["a url with a backslash", { url: "/\\evil.example" }, "notifications_url_check"],
    ["an absolute url", { url: "https://evil.example/" }, "notifications_url_check"],
    ["a javascript: url", { url: "javascript:alert(1)" }, "notifications_url_check"],
    ["a relative path", { url: "applications" }, "notifications_url_check"],
    ["a url with a tab", { url: "/\t/evil.example" }, "notifications_url_check"],
    ["a url with a space", { url: "/a b" }, "notifications_url_check"],
    ["a url with non-ASCII", { url: "/café" }, "notifications_url_check"],
    ["an empty url", { url: "" }, "notifications_url_check"],
    ["a 501-character url", { url: `/${"a".repeat(500)}` }, "notifications_url_check"],
    ["an empty title", { title: "" }, "notifications_title_check"],
    ["a 201-character title", { title: "t".repeat(201) }, "notifications_title_check"],
    ["a 2001-character body", { body: "b".repeat(2001) }, "notifications_body_check"],
    ["the kind 'other'", { kind: "other" }, "notifications_kind_check"],
  ];
  for (const [name, attrs, constraint] of ROWS) {
    it(`${constraint ? "refuses" : "stores"} ${name}, as the zod schema says`, async () => {
      const input = { kind: "system", title: "Titel", body: null, url: "/dashboard", ...attrs };
      expect(ZNotification.safeParse(input).success).toBe(constraint === null);
      const result = await refusal(
        createNotification(t.database.db, b.tenant.id, sink.id, input as never),
      );
      if (constraint === null) expect(result).toBe("accepted");
      else expect(result).toMatch(new RegExp(constraint));
    });
  }
});
