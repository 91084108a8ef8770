import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  conversations,
  helpPosts,
  notifications,
  siteSettings,
  tenants,
} from "../../backend/db/schema";
import { gridCell, isCellCentre, placeOfPost } from "../../backend/domain/help-grid";
import { haversineKm } from "../../backend/geo/distance";
import { BUNDLED_PLACES } from "../../backend/geo/places-nl";
import { HELP_GRID } from "../../lib/contract/help-posts";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createTenantWithCenter } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// /api/v1/help_posts (docs/peer-help.md): residents post requests and offers where the
// tenant has peer help; the place is only ever told on a ~500 m grid; the poster closes and
// reopens, the centre's admins hide with a reason that reaches the poster; posts expire.

type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let C: number;
let poster: TPerson;
let neighbour: TPerson;
let adminC: TPerson;
let memberC: TPerson;
let plain: TTenant;
let plainUser: TPerson;
let foreign: TPerson;

const person = (
  where: TTenant,
  attrs?: Parameters<typeof signedInPerson>[2],
  role?: Parameters<typeof signedInPerson>[3],
  resource?: Parameters<typeof signedInPerson>[4],
) => signedInPerson(t.database.db, where, attrs, role, resource);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  await db
    .update(tenants)
    .set({ settings: { peerHelp: true } })
    .where(eq(tenants.id, tenant.id));
  poster = await person(tenant, { firstName: "Piet", lastName: "Plaatser", locale: "en" });
  neighbour = await person(tenant, { firstName: "Nel" });
  adminC = await person(tenant, {}, "admin", { type: "Organization", id: C });
  memberC = await person(tenant, {}, "member", { type: "Organization", id: C });
  plain = (await createTenantWithCenter(db)).tenant;
  plainUser = await person(plain);
  const elsewhere = (await createTenantWithCenter(db)).tenant;
  await db
    .update(tenants)
    .set({ settings: { peerHelp: true } })
    .where(eq(tenants.id, elsewhere.id));
  foreign = await person(elsewhere, {}, "superadmin");
});
afterAll(() => t.close());

const json = { "content-type": "application/vnd.api+json" };
const anonymous = (where: TTenant = tenant) => ({ "x-tenant": where.slug });
const call = (
  method: "GET" | "POST" | "PATCH" | "PUT",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const post = (who: TPerson, attributes: Record<string, unknown>) =>
  call("POST", "/help_posts", who.headers, { data: { type: "help_posts", attributes } });
const move = (who: TPerson, id: number, attributes: Record<string, unknown>) =>
  call("PUT", `/help_posts/${id}/transition`, who.headers, {
    data: { type: "help_posts", id: String(id), attributes },
  });

async function newPost(who: TPerson = poster, extra: Record<string, unknown> = {}) {
  const res = await post(who, {
    kind: "request",
    category: "shopping",
    title: "Boodschappen op dinsdag",
    body: "Wie kan mij helpen?",
    timing: "dinsdagmiddag",
    place: "8096 AB",
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return Number(res.json().data.id);
}

const idsOf = (res: { json: () => { data: { id: string }[] } }) =>
  res.json().data.map((r) => Number(r.id));

describe("where the tenant has peer help", () => {
  it("is a 404 where it has not, whoever asks", async () => {
    expect((await call("GET", "/help_posts", plainUser.headers)).statusCode).toBe(404);
    expect((await call("GET", "/help_posts", anonymous(plain))).statusCode).toBe(404);
    const res = await post(plainUser, { kind: "offer" });
    expect(res.statusCode, res.body).toBe(404);
  });

  it("lets signed-out visitors read only when the site says so", async () => {
    const id = await newPost();
    expect((await call("GET", "/help_posts", anonymous())).statusCode).toBe(401);
    expect((await call("GET", `/help_posts/${id}`, anonymous())).statusCode).toBe(401);
    await t.database.db
      .insert(siteSettings)
      .values({ tenantId: tenant.id, volunteerCenterId: C, helpPostsPublic: true })
      .onConflictDoUpdate({
        target: siteSettings.volunteerCenterId,
        set: { helpPostsPublic: true },
      });
    const res = await call("GET", "/help_posts", anonymous());
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res)).toContain(id);
    expect((await call("GET", `/help_posts/${id}`, anonymous())).statusCode).toBe(200);
    await t.database.db
      .update(siteSettings)
      .set({ helpPostsPublic: false })
      .where(eq(siteSettings.volunteerCenterId, C));
  });
});

describe("posting", () => {
  it("keeps the exact point but answers with its cell and the place without the postcode", async () => {
    const id = await newPost();
    const res = await call("GET", `/help_posts/${id}`, neighbour.headers);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data.attributes;
    const oldebroek = BUNDLED_PLACES.find((p) => p.name === "Oldebroek");
    if (!oldebroek) throw new Error("the bundled places lost Oldebroek");
    expect({ latitude: a.latitude, longitude: a.longitude }).toEqual(gridCell(oldebroek));
    expect(a.latitude).not.toBe(oldebroek.latitude);
    expect(a).toMatchObject({
      kind: "request",
      category: "shopping",
      city: "Oldebroek",
      status: "open",
      poster_first_name: "Piet",
      mine: false,
      allowed_events: [],
      hidden_reason: null,
    });
    expect(JSON.stringify(res.json())).not.toContain("8096");
    const [row] = await t.database.db.select().from(helpPosts).where(eq(helpPosts.id, id));
    expect(row.latitude).toBe(oldebroek.latitude);
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(60);
  });

  it("refuses what it cannot keep, with pointers, and stores nothing", async () => {
    const before = await t.database.db.$count(helpPosts);
    const cases: [Record<string, unknown>, string][] = [
      [
        { kind: "request", category: "shopping", title: "Hulp", place: "Atlantis" },
        "/data/attributes/place",
      ],
      [
        { kind: "request", category: "shopping", title: "", place: "Oldebroek" },
        "/data/attributes/title",
      ],
      [
        { kind: "gift", category: "shopping", title: "Hulp", place: "Oldebroek" },
        "/data/attributes/kind",
      ],
      [
        { kind: "offer", category: "cooking", title: "Hulp", place: "Oldebroek" },
        "/data/attributes/category",
      ],
      [
        { kind: "offer", category: "other", title: "x".repeat(121), place: "Oldebroek" },
        "/data/attributes/title",
      ],
      [{ kind: "offer", category: "other", title: "Hulp" }, "/data/attributes/place"],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await post(neighbour, attributes);
      expect(res.statusCode, res.body).toBe(422);
      expect(
        res.json().errors.map((e: { source: { pointer: string } }) => e.source.pointer),
      ).toContain(pointer);
    }
    expect(await t.database.db.$count(helpPosts)).toBe(before);
    expect((await post({ ...neighbour, headers: anonymous() }, { kind: "offer" })).statusCode).toBe(
      401,
    );
  });

  it("lets only the poster edit", async () => {
    const id = await newPost();
    const body = (title: string) => ({
      data: { type: "help_posts", id: String(id), attributes: { title } },
    });
    expect(
      (await call("PATCH", `/help_posts/${id}`, neighbour.headers, body("Weg"))).statusCode,
    ).toBe(403);
    expect((await call("PATCH", `/help_posts/${id}`, adminC.headers, body("Weg"))).statusCode).toBe(
      403,
    );
    const res = await call(
      "PATCH",
      `/help_posts/${id}`,
      poster.headers,
      body("Boodschappen op woensdag"),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.title).toBe("Boodschappen op woensdag");
    expect((await call("GET", `/help_posts/${id}`, foreign.headers)).statusCode).toBe(404);
  });
});

describe("the life of a post", () => {
  it("is closed and reopened by its poster; a closed post is theirs alone", async () => {
    const id = await newPost();
    expect((await move(neighbour, id, { event: "close" })).statusCode).toBe(403);
    const closed = await move(poster, id, { event: "close" });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.attributes).toMatchObject({
      status: "closed",
      allowed_events: ["reopen"],
    });
    expect(idsOf(await call("GET", "/help_posts?page[size]=200", neighbour.headers))).not.toContain(
      id,
    );
    expect((await call("GET", `/help_posts/${id}`, neighbour.headers)).statusCode).toBe(404);
    expect(idsOf(await call("GET", "/help_posts?filter[mine]=true", poster.headers))).toContain(id);
    expect((await move(poster, id, { event: "close" })).statusCode).toBe(422);
    const reopened = await move(poster, id, { event: "reopen" });
    expect(reopened.json().data.attributes.status).toBe("open");
  });

  it("expires after its time and comes back, for 60 more days, when the poster reopens it", async () => {
    const id = await newPost();
    await t.database.db
      .update(helpPosts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(helpPosts.id, id));
    expect(idsOf(await call("GET", "/help_posts?page[size]=200", neighbour.headers))).not.toContain(
      id,
    );
    expect((await call("GET", `/help_posts/${id}`, neighbour.headers)).statusCode).toBe(404);
    const own = await call("GET", `/help_posts/${id}`, poster.headers);
    expect(own.json().data.attributes).toMatchObject({ status: "expired" });
    expect((await move(poster, id, { event: "reopen" })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(helpPosts).where(eq(helpPosts.id, id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });

  it("is hidden by a centre admin with a reason that reaches the poster, and shown again by one", async () => {
    const id = await newPost();
    expect((await move(memberC, id, { event: "hide", reason: "Reclame" })).statusCode).toBe(403);
    expect((await move(poster, id, { event: "hide", reason: "Reclame" })).statusCode).toBe(403);
    const blank = await move(adminC, id, { event: "hide" });
    expect(blank.statusCode, blank.body).toBe(422);
    expect(blank.json().errors[0].source.pointer).toBe("/data/attributes/reason");
    const sentBefore = t.mailer.sent.length;
    const hidden = await move(adminC, id, { event: "hide", reason: "Dit is reclame." });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data.attributes).toMatchObject({
      status: "hidden",
      hidden_reason: "Dit is reclame.",
    });
    // The poster reads in English: the notice and the mail are in their language.
    const mails = t.mailer.sent.slice(sentBefore).filter((m) => m.to === poster.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your post "Boodschappen op dinsdag" was hidden');
    expect(mails[0].text).toContain("Dit is reclame.");
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, poster.id), eq(notifications.kind, "system")));
    expect(notes.some((n) => n.body?.includes("Dit is reclame."))).toBe(true);

    expect((await call("GET", `/help_posts/${id}`, neighbour.headers)).statusCode).toBe(404);
    const own = await call("GET", `/help_posts/${id}`, poster.headers);
    expect(own.json().data.attributes).toMatchObject({
      status: "hidden",
      hidden_reason: "Dit is reclame.",
      allowed_events: [],
    });
    expect((await move(poster, id, { event: "reopen" })).statusCode).toBe(403);
    const moderation = await call(
      "GET",
      "/help_posts?filter[moderation]=true&page[size]=200",
      adminC.headers,
    );
    expect(idsOf(moderation)).toContain(id);
    expect(
      (await call("GET", "/help_posts?filter[moderation]=true", neighbour.headers)).statusCode,
    ).toBe(400);
    const shown = await move(adminC, id, { event: "reopen" });
    expect(shown.json().data.attributes).toMatchObject({ status: "open", hidden_reason: null });
  });
});

describe("answering through a conversation", () => {
  const answer = (who: TPerson | Record<string, string>, id: number, body: unknown) =>
    call(
      "POST",
      `/help_posts/${id}/conversations?include=messages,participants`,
      "headers" in who ? (who.headers as Record<string, string>) : who,
      { data: { type: "conversations", attributes: { body } } },
    );

  it("starts one thread between the answerer and the poster, which both read and write", async () => {
    const id = await newPost();
    const mailsBefore = t.mailer.sent.length;
    const first = await answer(neighbour, id, "Ik kan dinsdag om 14.00 uur.");
    expect(first.statusCode, first.body).toBe(201);
    const thread = first.json().data;
    expect(thread.attributes).toMatchObject({
      kind: "help",
      title: "Boodschappen op dinsdag",
      side: "volunteer",
      help_post_id: id,
      peer_id: poster.id,
      peer_name: "Piet Plaatser",
      organization_id: null,
      organization_name: null,
      messages_count: 1,
    });
    const sides = first
      .json()
      .included.filter((r: { type: string }) => r.type === "user")
      .map((r: { id: string; attributes: { side: string } }) => [Number(r.id), r.attributes.side]);
    expect(sides).toEqual([
      [neighbour.id, "volunteer"],
      [poster.id, "peer"],
    ]);
    // The poster hears of it in their language, like any other message.
    const told = t.mailer.sent.slice(mailsBefore).filter((m) => m.to === poster.email);
    expect(told).toHaveLength(1);

    const inbox = await call("GET", "/conversations", poster.headers);
    const mine = inbox.json().data.find((c: { id: string }) => c.id === thread.id);
    expect(mine?.attributes).toMatchObject({ side: "peer", unread_count: 1 });
    const reply = await call("POST", `/conversations/${thread.id}/messages`, poster.headers, {
      data: { type: "messages", attributes: { body: "Fijn, tot dinsdag!" } },
    });
    expect(reply.statusCode, reply.body).toBe(201);

    // Answering again continues the same thread; the post points the answerer to it.
    const again = await answer(neighbour, id, "Zal ik ook brood meenemen?");
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(thread.id);
    expect(again.json().data.attributes.messages_count).toBe(3);
    const seen = await call("GET", `/help_posts/${id}`, neighbour.headers);
    expect(seen.json().data.attributes.my_conversation_id).toBe(Number(thread.id));
    const listed = await call("GET", "/help_posts?page[size]=200", neighbour.headers);
    const row = listed.json().data.find((r: { id: string }) => Number(r.id) === id);
    expect(row.attributes.my_conversation_id).toBe(Number(thread.id));
    const own = await call("GET", `/help_posts/${id}`, poster.headers);
    expect(own.json().data.attributes.my_conversation_id).toBeNull();

    // Nobody else reads it: not the centre's staff, not its admins.
    for (const other of [memberC, adminC]) {
      const res = await call("GET", `/conversations/${thread.id}`, other.headers);
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it("refuses the poster, posts that are not live, empty words and strangers, and stores nothing", async () => {
    const id = await newPost();
    const closed = await newPost();
    expect((await move(poster, closed, { event: "close" })).statusCode).toBe(200);
    const before = await t.database.db.$count(conversations);
    expect((await answer(poster, id, "Zelf gedaan")).statusCode).toBe(403);
    expect((await answer(neighbour, closed, "Nog nodig?")).statusCode).toBe(404);
    expect((await answer(anonymous(), id, "Hallo")).statusCode).toBe(401);
    expect((await answer(plainUser, id, "Hallo")).statusCode).toBe(404);
    // A NUL is refused before any route reads the body (400), the rest by the route (422).
    const cases: [unknown, number][] = [
      ["", 422],
      ["   ", 422],
      ["x".repeat(5001), 422],
      [42, 422],
      ["a\u0000b", 400],
    ];
    for (const [body, status] of cases) {
      const res = await answer(neighbour, id, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().errors[0].source.pointer).toBe("/data/attributes/body");
    }
    expect(await t.database.db.$count(conversations)).toBe(before);
  });
});

describe("searching by place", () => {
  it("filters by kind and category, measures from the cell and sorts by distance", async () => {
    const wezep = await newPost(neighbour, { kind: "offer", category: "garden", place: "Wezep" });
    const oldebroek = await newPost(neighbour, {
      kind: "offer",
      category: "garden",
      place: "Oldebroek",
    });
    const res = await call(
      "GET",
      "/help_posts?filter[kind_eq]=offer&filter[category_eq]=garden&filter[near]=Oldebroek&filter[radius_km]=10&sort=distance",
      poster.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res).slice(0, 2)).toEqual([oldebroek, wezep]);
    const [first] = res.json().data;
    expect(first.attributes.distance_km).toBe(
      Math.round(
        haversineKm(52.4449, 5.9006, first.attributes.latitude, first.attributes.longitude) * 10,
      ) / 10,
    );
    for (const bad of [
      "filter[radius_km]=0",
      "filter[radius_km]=51",
      "filter[near]=Atlantis",
      "sort=distance",
      "sort=-distance&filter[near]=Wezep",
      "filter[mine]=yes",
    ]) {
      expect((await call("GET", `/help_posts?${bad}`, poster.headers)).statusCode, bad).toBe(400);
    }
  });
});

describe("the grid (property, 10,000 random points)", () => {
  it("answers every list, detail, distance search and order from the cell alone", async () => {
    const db = t.database.db;
    const where = (await createTenantWithCenter(db)).tenant;
    await db
      .update(tenants)
      .set({ settings: { peerHelp: true } })
      .where(eq(tenants.id, where.id));
    const owner = await person(where);
    const points = fc.sample(
      fc.record({
        latitude: fc.double({ min: 52.3, max: 52.6, noNaN: true }),
        longitude: fc.double({ min: 5.7, max: 6.2, noNaN: true }),
      }),
      { numRuns: 10_000, seed: 16 },
    );
    const expiresAt = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < points.length; i += 1000) {
      await db.insert(helpPosts).values(
        points.slice(i, i + 1000).map((p, j) => ({
          tenantId: where.id,
          userId: owner.id,
          kind: "offer" as const,
          category: "other" as const,
          title: `Post ${i + j}`,
          expiresAt,
          ...placeOfPost({ ...p, name: "Ergens" }),
        })),
      );
    }
    const stored = await db
      .select({ id: helpPosts.id, latitude: helpPosts.latitude, longitude: helpPosts.longitude })
      .from(helpPosts)
      .where(eq(helpPosts.tenantId, where.id));
    const exact = new Map(stored.map((r) => [r.id, r]));
    const viewer = await person(where);

    // Every post in the list: its cell's centre, which is the cell of its exact point.
    let seen = 0;
    for (let page = 1; ; page += 1) {
      const res = await call(
        "GET",
        `/help_posts?page[size]=500&page[number]=${page}`,
        viewer.headers,
      );
      const data = res.json().data as { id: string; attributes: Record<string, number> }[];
      for (const r of data) {
        const a = r.attributes;
        expect(isCellCentre(a as { latitude: number; longitude: number })).toBe(true);
        expect(
          gridCell(exact.get(Number(r.id)) as { latitude: number; longitude: number }),
        ).toEqual({
          latitude: a.latitude,
          longitude: a.longitude,
        });
        // Nothing else in the document is a coordinate: only the cell's are there.
        expect(
          Object.keys(a)
            .filter((k) => /lat|lng|long|point/.test(k))
            .sort(),
        ).toEqual(["latitude", "longitude"]);
      }
      seen += data.length;
      if (data.length < 500) break;
    }
    expect(seen).toBe(points.length);

    // A distance search from each bundled place: which posts, their distances and their order
    // are what the cells alone give (posts of one cell tie, newest first).
    const places = BUNDLED_PLACES.filter(
      (p) => p.latitude > 52.32 && p.latitude < 52.58 && p.longitude > 5.72 && p.longitude < 6.18,
    );
    expect(places.length).toBeGreaterThan(3);
    const cellOf = (id: number) =>
      gridCell(exact.get(id) as { latitude: number; longitude: number });
    for (const place of places) {
      const radius = 2;
      const km = (id: number) =>
        haversineKm(place.latitude, place.longitude, cellOf(id).latitude, cellOf(id).longitude);
      const expected = stored.map((r) => r.id).filter((id) => km(id) <= radius);
      expect(expected.length).toBeLessThan(200);
      const res = await call(
        "GET",
        `/help_posts?filter[near]=${encodeURIComponent(place.name)}&filter[radius_km]=${radius}&sort=distance&page[size]=200`,
        viewer.headers,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.pagination.records).toBe(expected.length);
      const got = res.json().data as { id: string; attributes: { distance_km: number } }[];
      const ids = got.map((r) => Number(r.id));
      expect([...ids].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
      for (const r of got) {
        expect(r.attributes.distance_km).toBe(Math.round(km(Number(r.id)) * 10) / 10);
      }
      for (let i = 1; i < ids.length; i += 1) {
        const [a, b] = [ids[i - 1], ids[i]];
        expect(km(a)).toBeLessThanOrEqual(km(b) + 1e-9);
        const sameCell = JSON.stringify(cellOf(a)) === JSON.stringify(cellOf(b));
        if (sameCell) expect(a).toBeGreaterThan(b);
      }
    }
    expect(HELP_GRID.latCellsPerDegree).toBe(222);
  }, 240_000);
});
