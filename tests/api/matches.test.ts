import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenants, volunteerProfiles, volunteerProfileTags } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";
import { createTag, createVacancy } from "./support/vacancy-factory";

// GET /api/v1/current_user/matches and POST /api/v1/periodic_mail/unsubscribe
// (docs/matching.md). The scores below follow the formula; places lie on one meridian, so
// the distance is 6371 km × Δlatitude in radians.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let headers: Record<string, string>;
let volunteerId: number;
const ids: Record<string, number> = {};
const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const north = (degrees: number) => ({
  latitude: UTRECHT.latitude + degrees,
  longitude: UTRECHT.longitude,
});
const URL = "/api/v1/current_user/matches";

async function giveProfile(
  tenantId: number,
  userId: number,
  values: Partial<typeof volunteerProfiles.$inferInsert>,
  tagIds: number[],
) {
  const db = t.database.db;
  await db.insert(volunteerProfiles).values({ tenantId, userId, ...values });
  if (tagIds.length > 0) {
    await db
      .insert(volunteerProfileTags)
      .values(tagIds.map((tagId) => ({ tenantId, userId, tagId })));
  }
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const organization = await createOrganization(db, a.tenant.id, {
    volunteerCenterId: a.center.id,
  });
  const sport = await createTag(db, a.tenant.id, { name: "Sport" });
  const zorg = await createTag(db, a.tenant.id, { name: "Zorg", nameEn: "Care" });
  const koken = await createTag(db, a.tenant.id, { name: "Koken" });
  const bSport = await createTag(db, b.tenant.id, { name: "Sport" });
  const bOrganization = await createOrganization(db, b.tenant.id, {
    volunteerCenterId: b.center.id,
  });
  const base = { organizationId: organization.id, volunteerCenterId: a.center.id };
  const make = async (name: string, attrs: Parameters<typeof createVacancy>[2]) => {
    ids[name] = (await createVacancy(db, a.tenant.id, { title: name, ...attrs })).id;
  };
  // 3 km north (6371 × 0.027° × π/180 = 3.002 km), Saturday morning:
  // 25 + 30 × (1 − 3.002/10) + 20 × 1/1 = 25 + 20.99 + 20 = 66.0
  await make("near", {
    ...base,
    ...north(0.027),
    tagIds: [sport.id],
    availability: ["saturday_morning"],
  });
  // Remote, two interests, any time: 50 + 30 = 80
  await make("remote", { ...base, remote: true, tagIds: [sport.id, zorg.id] });
  await make("other-interest", { ...base, ...north(0.01), tagIds: [koken.id] });
  // 6371 × 0.2° × π/180 = 22.2 km: beyond the radius of 10
  await make("far", { ...base, ...north(0.2), tagIds: [sport.id] });
  await make("draft", { ...base, ...UTRECHT, tagIds: [sport.id], status: "draft" });
  await make("closed", { ...base, ...UTRECHT, tagIds: [sport.id], closesOn: "2020-01-01" });
  await make("wrong-time", {
    ...base,
    ...UTRECHT,
    tagIds: [sport.id],
    availability: ["monday_morning"],
  });
  await createVacancy(db, b.tenant.id, {
    organizationId: bOrganization.id,
    volunteerCenterId: b.center.id,
    ...UTRECHT,
    tagIds: [bSport.id],
  });

  const volunteer = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id });
  volunteerId = volunteer.id;
  await giveProfile(
    a.tenant.id,
    volunteer.id,
    { ...UTRECHT, periodicMailRadiusKm: 10, availability: ["saturday_morning", "sunday_morning"] },
    [sport.id, zorg.id],
  );
  headers = await signedIn(db, a.tenant, volunteer.id);
});
afterAll(() => t.close());

const get = (h: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `${URL}${query}`, headers: h });

describe("GET /api/v1/current_user/matches", () => {
  it("answers the fitting public vacancies best first, with score and reasons", async () => {
    const res = await get(headers, "?include=tags");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((v: { id: string }) => Number(v.id))).toEqual([ids.remote, ids.near]);
    expect(body.data[0].type).toBe("vacancy");
    expect(body.data[0].attributes.title).toBe("remote");
    expect(body.data[0].meta).toEqual({
      score: 80,
      reasons: [
        { kind: "tag", id: expect.any(Number), name: "Sport", name_en: null },
        { kind: "tag", id: expect.any(Number), name: "Zorg", name_en: "Care" },
        { kind: "remote" },
      ],
    });
    expect(body.data[1].meta).toEqual({
      score: 66,
      reasons: [
        { kind: "tag", id: expect.any(Number), name: "Sport", name_en: null },
        { kind: "distance", km: 3 },
        { kind: "day", day: "saturday" },
      ],
    });
    expect(body.data[1].attributes.distance_km).toBe(3);
    expect(body.meta).toEqual({ reason: null });
    expect(
      body.included.map((tag: { attributes: { name: string } }) => tag.attributes.name),
    ).toEqual(expect.arrayContaining(["Sport", "Zorg"]));
  });

  it("says why the list is empty: no profile, an empty profile, nothing fits", async () => {
    const db = t.database.db;
    const none = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id });
    let res = await get(await signedIn(db, a.tenant, none.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { reason: "no_profile" } });

    const empty = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id });
    await giveProfile(a.tenant.id, empty.id, { city: "Utrecht" }, []);
    res = await get(await signedIn(db, a.tenant, empty.id));
    expect(res.json()).toEqual({ data: [], meta: { reason: "empty_profile" } });

    const sunday = await createUser(db, a.tenant.id, { volunteerCenterId: a.center.id });
    await giveProfile(a.tenant.id, sunday.id, { availability: ["sunday_evening"] }, []);
    res = await get(await signedIn(db, a.tenant, sunday.id));
    expect(res.json()).toEqual({ data: [], meta: { reason: "no_matches" } });
  });

  it("never shows another tenant's vacancies, and is no session under another tenant", async () => {
    const res = await get({ ...headers, "x-tenant": b.tenant.slug });
    expect(res.statusCode).toBe(401);
  });

  it("is a 401 signed out, a 400 for an unknown parameter, a 404 where profiles are off", async () => {
    expect((await get({ "x-tenant": a.tenant.slug })).statusCode).toBe(401);
    const bad = await get(headers, "?bogus=1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: "bogus" });

    const db = t.database.db;
    const off = await createTenantWithCenter(db);
    await db
      .update(tenants)
      .set({ settings: { volunteerProfiles: false } })
      .where(eq(tenants.id, off.tenant.id));
    const user = await createUser(db, off.tenant.id, { volunteerCenterId: off.center.id });
    expect((await get(await signedIn(db, off.tenant, user.id))).statusCode).toBe(404);
  });
});

describe("POST /api/v1/periodic_mail/unsubscribe", () => {
  const post = (query: string, tenant = a.tenant.slug, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/periodic_mail/unsubscribe${query}`,
      headers: { "x-tenant": tenant, ...extra },
      ...(extra["content-type"] ? { payload: "List-Unsubscribe=One-Click" } : {}),
    });
  const frequencyOf = async (userId: number) => {
    const [row] = await t.database.db
      .select({ frequency: volunteerProfiles.periodicMailFrequency })
      .from(volunteerProfiles)
      .where(eq(volunteerProfiles.userId, userId));
    return row.frequency;
  };

  it("switches the mail off with the token, without a session, as a mail client posts it", async () => {
    await t.database.db
      .update(volunteerProfiles)
      .set({ periodicMailFrequency: "weekly", periodicMailUnsubscribeToken: "tok-one-click" })
      .where(eq(volunteerProfiles.userId, volunteerId));
    const res = await post("?token=tok-one-click", a.tenant.slug, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.statusCode).toBe(204);
    expect(await frequencyOf(volunteerId)).toBe("never");
    // Again: still fine, still off.
    expect((await post("?token=tok-one-click")).statusCode).toBe(204);
    expect(await frequencyOf(volunteerId)).toBe("never");
  });

  it("is a 404 for an unknown token and another tenant's, changing nothing", async () => {
    await t.database.db
      .update(volunteerProfiles)
      .set({ periodicMailFrequency: "monthly", periodicMailUnsubscribeToken: "tok-a" })
      .where(eq(volunteerProfiles.userId, volunteerId));
    const unknown = await post("?token=nope");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect((await post("?token=tok-a", b.tenant.slug)).statusCode).toBe(404);
    expect(await frequencyOf(volunteerId)).toBe("monthly");
  });

  it("is a 400 naming the parameter without a token, and GET does not unsubscribe", async () => {
    const missing = await post("");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].source).toEqual({ parameter: "token" });
    const got = await t.app.inject({
      method: "GET",
      url: "/api/v1/periodic_mail/unsubscribe?token=tok-a",
      headers: { "x-tenant": a.tenant.slug },
    });
    expect(got.statusCode).toBe(404);
    expect(await frequencyOf(volunteerId)).toBe("monthly");
  });
});
