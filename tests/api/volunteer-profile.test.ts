import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tenants, users, volunteerProfiles, volunteerProfileTags } from "../../backend/db/schema";
import { AVAILABILITY_SLOTS } from "../../lib/contract/volunteer-profile";
import { createTestApp, type TestApp } from "./support/app";
import { createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";
import { createTag } from "./support/vacancy-factory";

// GET and PATCH /api/v1/current_user/volunteer_profile and the notification preferences of
// /api/v1/current_user (docs/volunteer-profiles.md).

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let m: TSetup;
let headers: Record<string, string>;
let userId: number;
let tagIds: { zorg: number; sport: number; otherTenant: number };

const URL = "/api/v1/current_user/volunteer_profile";
const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  // As meedoen: no volunteer profiles.
  m = await createTenantWithCenter(db);
  await db
    .update(tenants)
    .set({ settings: { volunteerProfiles: false } })
    .where(eq(tenants.id, m.tenant.id));
  const user = await createUser(db, a.tenant.id, {
    email: "vera@example.test",
    firstName: "Vera",
    lastName: "Vrijwilliger",
    volunteerCenterId: a.center.id,
  });
  userId = user.id;
  headers = await signedIn(db, a.tenant, user.id);
  tagIds = {
    zorg: (await createTag(db, a.tenant.id, { name: "Zorg", slug: "zorg" })).id,
    sport: (await createTag(db, a.tenant.id, { name: "Sport", slug: "sport" })).id,
    otherTenant: (await createTag(db, b.tenant.id, { name: "Zorg", slug: "zorg" })).id,
  };
});
afterAll(() => t.close());

const get = (query = "", h: Record<string, string> = headers) =>
  t.app.inject({ method: "GET", url: `${URL}${query}`, headers: h });
const patch = (payload: unknown, h: Record<string, string> = headers, query = "") =>
  t.app.inject({
    method: "PATCH",
    url: `${URL}${query}`,
    headers: { ...h, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify(payload),
  });
const doc = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) => ({
  data: { type: "volunteer_profiles", attributes, ...(relationships ? { relationships } : {}) },
});
const tagsRel = (...ids: number[]) => ({
  tags: { data: ids.map((id) => ({ type: "tags", id: String(id) })) },
});

async function storedState() {
  const db = t.database.db;
  const [profile] = await db
    .select()
    .from(volunteerProfiles)
    .where(eq(volunteerProfiles.userId, userId));
  const tagRows = await db
    .select({ tagId: volunteerProfileTags.tagId })
    .from(volunteerProfileTags)
    .where(eq(volunteerProfileTags.userId, userId));
  const [user] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      preferences: users.notificationPreferences,
    })
    .from(users)
    .where(eq(users.id, userId));
  return { profile: profile ?? null, tags: tagRows.map((r) => r.tagId).sort(), user };
}

describe("GET /api/v1/current_user/volunteer_profile", () => {
  it("answers the empty profile, out of the pool, to a user who never saved one", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(res.json()).toEqual({
      data: {
        id: String(userId),
        type: "volunteer_profile",
        attributes: {
          first_name: "Vera",
          last_name: "Vrijwilliger",
          phone: null,
          postal_code: null,
          city: null,
          latitude: null,
          longitude: null,
          about: "",
          skills: [],
          availability: [],
          hours_per_week: null,
          languages: [],
          in_pool: false,
          pool_opted_in_at: null,
          periodic_mail_frequency: "never",
          periodic_mail_radius_km: null,
          created_at: null,
          updated_at: null,
        },
        relationships: { tags: { data: [] } },
      },
    });
    expect((await storedState()).profile).toBeNull();
  });

  it("answers devise's 401 signed out, and to another tenant's session", async () => {
    const out = await get("", { "x-tenant": a.tenant.slug });
    expect(out.statusCode).toBe(401);
    expect(out.json()).toEqual(DEVISE_401);
    const other = await createUser(t.database.db, b.tenant.id, { email: "vera@example.test" });
    const otherHeaders = await signedIn(t.database.db, b.tenant, other.id);
    expect((await get("", { ...otherHeaders, "x-tenant": a.tenant.slug })).statusCode).toBe(401);
    expect(
      (await patch(doc({ about: "x" }), { ...otherHeaders, "x-tenant": a.tenant.slug })).statusCode,
    ).toBe(401);
    expect((await patch(doc({ about: "x" }), { "x-tenant": a.tenant.slug })).statusCode).toBe(401);
  });

  it("is a 404 where the tenant has no volunteer profiles, GET and PATCH, whatever the body", async () => {
    const user = await createUser(t.database.db, m.tenant.id);
    const h = await signedIn(t.database.db, m.tenant, user.id);
    expect((await get("", h)).statusCode).toBe(404);
    expect((await patch(doc({ about: "Hallo" }), h)).statusCode).toBe(404);
    expect((await patch(doc({ hours_per_week: 500 }), h)).statusCode).toBe(404);
    expect((await patch({ nonsense: true }, h)).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(volunteerProfiles)
      .where(eq(volunteerProfiles.userId, user.id));
    expect(row).toBeUndefined();
  });

  it("refuses an unknown include", async () => {
    expect((await get("?include=roles")).statusCode).toBe(400);
  });
});

describe("PATCH /api/v1/current_user/volunteer_profile", () => {
  it("saves a whole profile, the user's name and phone, geocodes the postcode and sets the interests", async () => {
    const before = Date.now();
    const res = await patch(
      doc(
        {
          first_name: "Veronique",
          last_name: "de Vries",
          phone: "06 1234 5678",
          postal_code: "3811ab",
          city: "Amersfoort",
          about: "  Ik help graag met de moestuin.  ",
          skills: ["tuinieren", "koken", "tuinieren"],
          availability: ["saturday_morning", "monday_evening", "monday_evening"],
          hours_per_week: 4,
          languages: ["en", "nl"],
          in_pool: true,
          periodic_mail_frequency: "weekly",
          periodic_mail_radius_km: 15,
        },
        tagsRel(tagIds.zorg, tagIds.sport),
      ),
      headers,
      "?include=tags",
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.id).toBe(String(userId));
    expect(body.data.attributes).toMatchObject({
      first_name: "Veronique",
      last_name: "de Vries",
      phone: "06 1234 5678",
      postal_code: "3811 AB",
      city: "Amersfoort",
      latitude: 52.1567,
      longitude: 5.3868,
      about: "Ik help graag met de moestuin.",
      skills: ["tuinieren", "koken"],
      // In the grid's order, each slot once.
      availability: ["monday_evening", "saturday_morning"],
      hours_per_week: 4,
      languages: ["nl", "en"],
      in_pool: true,
      periodic_mail_frequency: "weekly",
      periodic_mail_radius_km: 15,
    });
    expect(Date.parse(body.data.attributes.pool_opted_in_at)).toBeGreaterThanOrEqual(before - 1000);
    // Tags by name.
    expect(body.data.relationships.tags.data).toEqual([
      { type: "tag", id: String(tagIds.sport) },
      { type: "tag", id: String(tagIds.zorg) },
    ]);
    expect(body.included).toEqual([
      {
        type: "tag",
        id: String(tagIds.sport),
        attributes: { name: "Sport", slug: "sport", name_en: null, archived: false },
      },
      {
        type: "tag",
        id: String(tagIds.zorg),
        attributes: { name: "Zorg", slug: "zorg", name_en: null, archived: false },
      },
    ]);
    const state = await storedState();
    expect(state.user).toMatchObject({ firstName: "Veronique", lastName: "de Vries" });
    expect(state.tags).toEqual([tagIds.zorg, tagIds.sport].sort());
    expect(state.profile?.tenantId).toBe(a.tenant.id);
    // GET answers the same.
    const again = (await get("?include=tags")).json();
    expect(again).toEqual(body);
  });

  it("a partial update changes only what it sends; the pool date stays while in the pool", async () => {
    const before = await storedState();
    const res = await patch(doc({ about: "Nu ook 's avonds.", in_pool: true }));
    expect(res.statusCode).toBe(200);
    const after = await storedState();
    expect(after.profile).toEqual({
      ...before.profile,
      about: "Nu ook 's avonds.",
      // The pool's word search reads about and skills from this generated column.
      searchText: `nu ook 's avonds. ${before.profile?.skills.join(" ")}`.toLowerCase(),
      updatedAt: expect.any(Date),
    });
    expect(after.tags).toEqual(before.tags);
    expect(after.user).toEqual(before.user);
  });

  it("relationships alone change the interests only; an empty list clears them", async () => {
    const before = await storedState();
    const res = await patch({
      data: { type: "volunteer_profiles", relationships: tagsRel(tagIds.zorg) },
    });
    expect(res.statusCode).toBe(200);
    expect((await storedState()).tags).toEqual([tagIds.zorg]);
    expect((await storedState()).profile?.about).toBe(before.profile?.about);
    expect((await patch(doc({}, tagsRel()))).statusCode).toBe(200);
    expect((await storedState()).tags).toEqual([]);
    expect((await patch(doc({}, tagsRel(tagIds.zorg)))).statusCode).toBe(200);
  });

  it("leaving the pool clears the date; null clears a value", async () => {
    const res = await patch(doc({ in_pool: false, hours_per_week: null, phone: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      in_pool: false,
      pool_opted_in_at: null,
      hours_per_week: null,
      phone: null,
    });
  });

  it("geocodes a city without a postcode, and clears the coordinates with the place", async () => {
    let res = await patch(doc({ postal_code: null, city: "Oldebroek" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      postal_code: null,
      city: "Oldebroek",
      latitude: 52.4449,
      longitude: 5.9006,
    });
    res = await patch(doc({ city: "" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      city: null,
      latitude: null,
      longitude: null,
    });
    res = await patch(doc({ postal_code: "8096 BC" }));
    expect(res.json().data.attributes).toMatchObject({ postal_code: "8096 BC", latitude: 52.4449 });
  });

  // Each body is built when its test runs: the tags exist only once beforeAll has.
  const refused: [string, () => unknown, string][] = [
    [
      "an unknown place",
      () => doc({ city: "Nergenshuizen", postal_code: null }),
      "/data/attributes/city",
    ],
    ["an unknown postcode", () => doc({ postal_code: "9999 ZZ" }), "/data/attributes/postal_code"],
    [
      "a postcode that is none",
      () => doc({ postal_code: "12345" }),
      "/data/attributes/postal_code",
    ],
    ["about too long", () => doc({ about: "x".repeat(1001) }), "/data/attributes/about"],
    [
      "too many skills",
      () => doc({ skills: Array.from({ length: 21 }, (_, i) => `s${i}`) }),
      "/data/attributes/skills",
    ],
    ["a skill too long", () => doc({ skills: ["x".repeat(61)] }), "/data/attributes/skills/0"],
    ["an empty skill", () => doc({ skills: ["  "] }), "/data/attributes/skills/0"],
    [
      "a slot that is none",
      () => doc({ availability: ["monday_night"] }),
      "/data/attributes/availability/0",
    ],
    ["hours above 80", () => doc({ hours_per_week: 81 }), "/data/attributes/hours_per_week"],
    ["negative hours", () => doc({ hours_per_week: -1 }), "/data/attributes/hours_per_week"],
    ["hours not whole", () => doc({ hours_per_week: 2.5 }), "/data/attributes/hours_per_week"],
    ["an unknown language", () => doc({ languages: ["xx"] }), "/data/attributes/languages/0"],
    ["in_pool not a boolean", () => doc({ in_pool: "yes" }), "/data/attributes/in_pool"],
    [
      "an unknown frequency",
      () => doc({ periodic_mail_frequency: "daily" }),
      "/data/attributes/periodic_mail_frequency",
    ],
    [
      "a radius of 0",
      () => doc({ periodic_mail_radius_km: 0 }),
      "/data/attributes/periodic_mail_radius_km",
    ],
    ["a phone with letters", () => doc({ phone: "call me" }), "/data/attributes/phone"],
    ["a name too long", () => doc({ first_name: "x".repeat(101) }), "/data/attributes/first_name"],
    [
      "another tenant's tag",
      () => doc({ about: "x" }, tagsRel(tagIds.otherTenant)),
      "/data/relationships/tags",
    ],
    ["an unknown tag", () => doc({}, tagsRel(2_000_000_000)), "/data/relationships/tags"],
    [
      "a tag id that is none",
      () => doc({}, { tags: { data: [{ type: "tags", id: "abc" }] } }),
      "/data/relationships/tags",
    ],
    ["tags without data", () => doc({}, { tags: [] }), "/data/relationships/tags"],
    [
      "an unknown relationship",
      () => doc({}, { interests: { data: [] } }),
      "/data/relationships/interests",
    ],
    ["another type", () => ({ data: { type: "users", attributes: {} } }), "/data/type"],
  ];

  for (const [what, bodyOf, pointer] of refused) {
    it(`refuses ${what} (422 on ${pointer}) and changes nothing`, async () => {
      const before = await storedState();
      const body = bodyOf();
      // Valid changes beside the invalid one must not be written either.
      const payload =
        pointer === "/data/type"
          ? body
          : {
              data: {
                ...(body as { data: Record<string, unknown> }).data,
                attributes: {
                  last_name: "Gewijzigd",
                  about: "Gewijzigd",
                  ...((body as { data: { attributes: Record<string, unknown> } }).data.attributes ??
                    {}),
                },
              },
            };
      const res = await patch(payload);
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as { source: { pointer: string } }[];
      expect(errors.map((e) => e.source.pointer)).toContain(pointer);
      expect(await storedState()).toEqual(before);
    });
  }

  it("ignores an id in the body: the caller's profile changes, never another's", async () => {
    const other = await createUser(t.database.db, a.tenant.id);
    const res = await patch({
      data: {
        type: "volunteer_profiles",
        id: String(other.id),
        attributes: { about: "Mijn eigen" },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(String(userId));
    const [row] = await t.database.db
      .select()
      .from(volunteerProfiles)
      .where(eq(volunteerProfiles.userId, other.id));
    expect(row).toBeUndefined();
  });
});

describe("notification preferences on /api/v1/current_user", () => {
  const patchUser = (payload: unknown) =>
    t.app.inject({
      method: "PATCH",
      url: "/api/v1/current_user",
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });

  beforeEach(async () => {
    await t.database.db
      .update(users)
      .set({ notificationPreferences: {} })
      .where(eq(users.id, userId));
  });

  it("are empty (every kind the default) until chosen", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/current_user", headers });
    expect(res.json().data.attributes.notification_preferences).toEqual({});
  });

  it("are merged over what is stored", async () => {
    let res = await patchUser({
      user: { notification_preferences: { application_status: "mail", message_received: "none" } },
    });
    expect(res.statusCode).toBe(200);
    res = await patchUser({
      data: {
        type: "users",
        attributes: { notification_preferences: { message_received: "in_app" } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.notification_preferences).toEqual({
      application_status: "mail",
      message_received: "in_app",
    });
    const got = await t.app.inject({ method: "GET", url: "/api/v1/current_user", headers });
    expect(got.json().data.attributes.notification_preferences).toEqual({
      application_status: "mail",
      message_received: "in_app",
    });
  });

  for (const [what, value, pointer] of [
    ["an unknown kind", { birthday: "mail" }, "/data/attributes/notification_preferences"],
    [
      "an unknown channel",
      { application_status: "sms" },
      "/data/attributes/notification_preferences/application_status",
    ],
    ["not an object", ["mail"], "/data/attributes/notification_preferences"],
    ["null", null, "/data/attributes/notification_preferences"],
  ] as const) {
    it(`refuses ${what} (422) and changes nothing`, async () => {
      await patchUser({ user: { notification_preferences: { application_status: "none" } } });
      const before = await storedState();
      const res = await patchUser({
        user: { first_name: "Anders", notification_preferences: value },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
      expect(await storedState()).toEqual(before);
    });
  }

  it("are the user's own: an admin's GET /users/:id does not show them", async () => {
    const { addRole } = await import("../../backend/auth/roles");
    const admin = await createUser(t.database.db, a.tenant.id);
    await addRole(t.database.db, a.tenant.id, admin.id, "superadmin");
    await patchUser({ user: { notification_preferences: { application_status: "mail" } } });
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/users/${userId}`,
      headers: await signedIn(t.database.db, a.tenant, admin.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).not.toHaveProperty("notification_preferences");
  });
});

it("the availability grid has 21 slots", () => {
  expect(AVAILABILITY_SLOTS).toHaveLength(21);
  expect(AVAILABILITY_SLOTS[0]).toBe("monday_morning");
  expect(AVAILABILITY_SLOTS.at(-1)).toBe("sunday_evening");
});
