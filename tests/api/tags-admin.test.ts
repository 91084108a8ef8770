import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  organizationTags,
  tags,
  vacancies,
  vacancyTags,
  volunteerProfiles,
  volunteerProfileTags,
} from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";
import { createTag, createVacancy } from "./support/vacancy-factory";

// /api/v1/tags (docs/tags.md): the tenant's tag vocabulary, managed by the admins of the
// tenant's centres and superadmins: create, change, archive, merge and delete.

type TTenant = { id: number; slug: string };
type TPerson = { id: number; headers: Record<string, string> };
type TTagDoc = { id: string; type: string; attributes: Record<string, unknown> };

let t: TestApp;
let tenant: TTenant;
let C: number;
let D: number;
let school: number;
let adminC: TPerson;
let adminD: TPerson;
let superadmin: TPerson;
let schoolAdmin: TPerson;
let volunteer: TPerson;
let foreign: TTenant;
let foreignAdmin: TPerson;
let foreignTag: number;

async function person(
  where: TTenant,
  role?: Parameters<typeof addRole>[3],
  resource?: Parameters<typeof addRole>[4],
): Promise<TPerson> {
  const db = t.database.db;
  const user = await createUser(db, where.id);
  if (role) await addRole(db, where.id, user.id, role, resource);
  return { id: user.id, headers: await signedIn(db, where, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  C = made.center.id;
  D = (await createOrganization(db, tenant.id, { type: "VolunteerCenter", name: "Centre D" })).id;
  school = (
    await createOrganization(db, tenant.id, {
      type: "School",
      name: "School",
      volunteerCenterId: C,
    })
  ).id;
  adminC = await person(tenant, "admin", { type: "Organization", id: C });
  adminD = await person(tenant, "admin", { type: "Organization", id: D });
  superadmin = await person(tenant, "superadmin");
  schoolAdmin = await person(tenant, "admin", { type: "Organization", id: school });
  volunteer = await person(tenant, "volunteer");
  const elsewhere = await createTenantWithCenter(db);
  foreign = elsewhere.tenant;
  foreignAdmin = await person(foreign, "admin", { type: "Organization", id: elsewhere.center.id });
  foreignTag = (await createTag(db, foreign.id, { name: "Elders" })).id;
});
afterAll(() => t?.close());

const json = { "content-type": "application/vnd.api+json" };
const call = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers: Record<string, string> = { "x-tenant": tenant.slug },
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...headers, ...(body === undefined ? {} : json) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const create = (who: TPerson, attributes: Record<string, unknown>) =>
  call("POST", "/tags", who.headers, { data: { type: "tags", attributes } });
const change = (who: TPerson, id: number, attributes: Record<string, unknown>) =>
  call("PATCH", `/tags/${id}`, who.headers, { data: { type: "tags", id: String(id), attributes } });
const merge = (who: TPerson, id: number, into: number) =>
  call("POST", `/tags/${id}/merge`, who.headers, {
    data: { type: "tags", relationships: { into: { data: { type: "tags", id: String(into) } } } },
  });

/** A volunteer profile, which interests belong to. */
const withProfile = async (userId: number) => {
  await t.database.db.insert(volunteerProfiles).values({ tenantId: tenant.id, userId });
};

const tagRow = async (id: number) =>
  (await t.database.db.select().from(tags).where(eq(tags.id, id)))[0];
const auditOf = async (id: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "Tag"), eq(auditEvents.subjectId, id)));
const publicSlugs = async () => {
  const res = await call("GET", "/tags?page[size]=1000");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as TTagDoc[]).map((d) => d.attributes.slug);
};

describe("the public list", () => {
  it("keeps its shape, adds name_en and archived, and leaves archived tags out", async () => {
    const db = t.database.db;
    const kept = await createTag(db, tenant.id, { name: "Aaa publiek" });
    const gone = await createTag(db, tenant.id, { name: "Aaa gearchiveerd" });
    await db.update(tags).set({ archivedAt: new Date() }).where(eq(tags.id, gone.id));
    const res = await call("GET", "/tags?filter[q]=Aaa");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toEqual([
      {
        id: String(kept.id),
        type: "tag",
        attributes: { name: "Aaa publiek", slug: kept.slug, name_en: null, archived: false },
      },
    ]);
    expect(body.meta.pagination.records).toBe(1);
  });

  it("filter[scope]=all: archived ones and their use, for centre admins and superadmins", async () => {
    for (const [who, status] of [
      [null, 401],
      [volunteer, 403],
      [schoolAdmin, 403],
      [adminC, 200],
      [adminD, 200],
      [superadmin, 200],
    ] as const) {
      const res = await call(
        "GET",
        "/tags?filter[scope]=all&filter[q]=Aaa",
        who ? who.headers : undefined,
      );
      expect(res.statusCode, `${res.body}`).toBe(status);
      if (status !== 200) continue;
      const names = (res.json().data as TTagDoc[]).map((d) => d.attributes.name);
      expect(names).toEqual(["Aaa gearchiveerd", "Aaa publiek"]);
      expect(res.json().data[0].attributes).toMatchObject({
        archived: true,
        vacancy_count: 0,
        organization_count: 0,
        interest_count: 0,
      });
    }
    const archivedOnly = await call(
      "GET",
      "/tags?filter[scope]=all&filter[status]=archived&filter[q]=Aaa",
      adminC.headers,
    );
    expect((archivedOnly.json().data as TTagDoc[]).map((d) => d.attributes.name)).toEqual([
      "Aaa gearchiveerd",
    ]);
  });

  it("answers an unknown scope, status or sort with a 400", async () => {
    for (const query of [
      "filter[scope]=everything",
      "filter[status]=archived",
      "filter[scope]=all&filter[status]=gone",
      "sort=slug",
      "filter[slug_eq]=x",
    ]) {
      const res = await call("GET", `/tags?${query}`, adminC.headers);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("creating", () => {
  it("makes the slug from the name, unique within the tenant, and records it", async () => {
    const first = await create(adminC, { name: "Zorg & Welzijn", name_en: "Care" });
    expect(first.statusCode, first.body).toBe(201);
    const tag = first.json().data as TTagDoc;
    expect(tag.attributes).toMatchObject({
      name: "Zorg & Welzijn",
      name_en: "Care",
      slug: "zorg-welzijn",
      archived: false,
      vacancy_count: 0,
    });
    const second = await create(adminD, { name: "Zorg  welzijn", slug: "  " });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.attributes.slug).toBe("zorg-welzijn-2");
    expect(second.json().data.attributes.name_en).toBeNull();

    const [entry] = await auditOf(Number(tag.id));
    expect(entry).toMatchObject({
      action: "tag_created",
      actorId: adminC.id,
      subjectLabel: "Zorg & Welzijn",
      volunteerCenterId: C,
    });
    const [byD] = await auditOf(Number(second.json().data.id));
    expect(byD.volunteerCenterId).toBe(D);
  });

  it("refuses a slug another tag has with 422 taken, and changes nothing", async () => {
    await createTag(t.database.db, tenant.id, { name: "Sport", slug: "sport-taken" });
    // Another tenant's slug is no obstacle.
    await createTag(t.database.db, foreign.id, { name: "Sport", slug: "sport-free" });
    const before = (await publicSlugs()).length;
    const res = await create(superadmin, { name: "Sport twee", slug: "sport-taken" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      code: "taken",
      source: { pointer: "/data/attributes/slug" },
    });
    expect((await publicSlugs()).length).toBe(before);
    const free = await create(superadmin, { name: "Sport elders", slug: "sport-free" });
    expect(free.statusCode, free.body).toBe(201);
  });

  it("refuses a blank name, a bad slug and unknown attributes with a 422 pointer", async () => {
    for (const [attributes, pointer] of [
      [{ name: "  " }, "/data/attributes/name"],
      [{ name: "x".repeat(101) }, "/data/attributes/name"],
      [{ name: "Goed", slug: "Niet Goed" }, "/data/attributes/slug"],
      [{ name: "Goed", slug: "a--b" }, "/data/attributes/slug"],
      [{ name: "Goed", name_en: 5 }, "/data/attributes/name_en"],
    ] as const) {
      const res = await create(adminC, attributes);
      expect(res.statusCode, JSON.stringify(attributes)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
  });

  it("is refused to whoever does not manage the tenant's tags", async () => {
    expect(
      (
        await call("POST", "/tags", undefined, {
          data: { type: "tags", attributes: { name: "X" } },
        })
      ).statusCode,
    ).toBe(401);
    expect((await create(volunteer, { name: "Nee" })).statusCode).toBe(403);
    expect((await create(schoolAdmin, { name: "Nee" })).statusCode).toBe(403);
    // Another tenant's admin under this tenant's name has no session here.
    const res = await call(
      "POST",
      "/tags",
      { ...foreignAdmin.headers, "x-tenant": tenant.slug },
      {
        data: { type: "tags", attributes: { name: "Nee" } },
      },
    );
    expect(res.statusCode).toBe(401);
  });
});

describe("changing", () => {
  it("renames, changes the slug, archives and brings back; each change recorded", async () => {
    const db = t.database.db;
    const tag = await createTag(db, tenant.id, { name: "Natuur", slug: "natuur" });
    const res = await change(adminD, tag.id, { name: "Natuur en milieu", name_en: "Nature" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      name: "Natuur en milieu",
      name_en: "Nature",
      slug: "natuur",
    });
    const slugged = await change(adminC, tag.id, { slug: "" });
    expect(slugged.json().data.attributes.slug).toBe("natuur-en-milieu");

    const archived = await change(adminC, tag.id, { archived: true });
    expect(archived.json().data.attributes.archived).toBe(true);
    expect(archived.json().data.attributes.archived_at).toEqual(expect.any(String));
    expect(await publicSlugs()).not.toContain("natuur-en-milieu");
    const back = await change(adminC, tag.id, { archived: false });
    expect(back.json().data.attributes).toMatchObject({ archived: false, archived_at: null });
    expect(await publicSlugs()).toContain("natuur-en-milieu");

    const entries = await auditOf(tag.id);
    expect(entries.map((e) => e.details)).toEqual([
      { changed: ["name", "name_en"] },
      { changed: ["slug"] },
      { changed: ["archived"] },
      { changed: ["archived"] },
    ]);
    // The same values again: no write, no entry.
    const same = await change(adminC, tag.id, { name: "Natuur en milieu", archived: false });
    expect(same.statusCode).toBe(200);
    expect((await auditOf(tag.id)).length).toBe(4);
    // An empty English name clears it.
    const cleared = await change(adminC, tag.id, { name_en: " " });
    expect(cleared.json().data.attributes.name_en).toBeNull();
  });

  it("refuses a slug another tag has; another tenant's tag is a 404", async () => {
    const db = t.database.db;
    const one = await createTag(db, tenant.id, { slug: "een-slug" });
    const two = await createTag(db, tenant.id, { slug: "twee-slug" });
    const res = await change(adminC, two.id, { slug: "een-slug" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("taken");
    expect((await tagRow(two.id)).slug).toBe("twee-slug");
    expect((await change(adminC, two.id, { slug: "twee-slug" })).statusCode).toBe(200);
    expect((await change(adminC, foreignTag, { name: "Mijn" })).statusCode).toBe(404);
    expect((await tagRow(foreignTag)).name).toBe("Elders");
    expect((await change(volunteer, one.id, { name: "Nee" })).statusCode).toBe(403);
  });
});

describe("merging", () => {
  it("moves every vacancy, organisation and interest to the target without duplicates", async () => {
    const db = t.database.db;
    const source = await createTag(db, tenant.id, { name: "Ouderen (oud)" });
    const target = await createTag(db, tenant.id, { name: "Ouderen" });
    const other = await createTag(db, tenant.id, { name: "Overig" });
    const both = await createVacancy(db, tenant.id, {
      organizationId: school,
      volunteerCenterId: C,
      tagIds: [source.id, target.id, other.id],
    });
    const onlySource = await createVacancy(db, tenant.id, {
      organizationId: school,
      volunteerCenterId: C,
      tagIds: [source.id],
    });
    await db.insert(organizationTags).values([
      { tenantId: tenant.id, organizationId: school, tagId: source.id },
      { tenantId: tenant.id, organizationId: school, tagId: target.id },
      { tenantId: tenant.id, organizationId: D, tagId: source.id },
    ]);
    const fan = await createUser(db, tenant.id);
    await withProfile(fan.id);
    await withProfile(volunteer.id);
    await db.insert(volunteerProfileTags).values([
      { tenantId: tenant.id, userId: fan.id, tagId: source.id },
      { tenantId: tenant.id, userId: volunteer.id, tagId: source.id },
      { tenantId: tenant.id, userId: volunteer.id, tagId: target.id },
    ]);

    const res = await merge(adminD, source.id, target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: String(target.id),
      attributes: { vacancy_count: 2, organization_count: 2, interest_count: 2 },
    });
    expect(await tagRow(source.id)).toBeUndefined();
    const links = await db.select().from(vacancyTags).where(eq(vacancyTags.tagId, target.id));
    expect(links.map((l) => l.vacancyId).sort()).toEqual([both.id, onlySource.id].sort());
    // The search's copy of the links follows (migration 0009's triggers).
    const [copy] = await db
      .select({ tagIds: vacancies.tagIds })
      .from(vacancies)
      .where(eq(vacancies.id, both.id));
    expect(copy.tagIds).toEqual([target.id, other.id].sort((a, b) => a - b));
    const [onlyCopy] = await db
      .select({ tagIds: vacancies.tagIds })
      .from(vacancies)
      .where(eq(vacancies.id, onlySource.id));
    expect(onlyCopy.tagIds).toEqual([target.id]);
    const orgs = await db
      .select()
      .from(organizationTags)
      .where(eq(organizationTags.tagId, target.id));
    expect(orgs.map((o) => o.organizationId).sort()).toEqual([school, D].sort());
    const fans = await db
      .select()
      .from(volunteerProfileTags)
      .where(eq(volunteerProfileTags.tagId, target.id));
    expect(fans.map((f) => f.userId).sort()).toEqual([fan.id, volunteer.id].sort());

    const [entry] = await auditOf(source.id);
    expect(entry).toMatchObject({
      action: "tag_merged",
      subjectLabel: "Ouderen (oud)",
      volunteerCenterId: D,
      details: {
        into_id: target.id,
        into_label: "Ouderen",
        vacancies: 2,
        organizations: 2,
        interests: 2,
      },
    });
  });

  it("refuses itself, another tenant's tag and a missing target with a 422; nothing moves", async () => {
    const db = t.database.db;
    const source = await createTag(db, tenant.id, { name: "Blijft" });
    const vacancy = await createVacancy(db, tenant.id, {
      organizationId: school,
      volunteerCenterId: C,
      tagIds: [source.id],
    });
    for (const into of [source.id, foreignTag, 999_999]) {
      const res = await merge(adminC, source.id, into);
      expect(res.statusCode, String(into)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe("/data/relationships/into");
    }
    const missing = await call("POST", `/tags/${source.id}/merge`, adminC.headers, {
      data: { type: "tags" },
    });
    expect(missing.statusCode).toBe(422);
    expect(await tagRow(source.id)).toBeDefined();
    const links = await db.select().from(vacancyTags).where(eq(vacancyTags.vacancyId, vacancy.id));
    expect(links.map((l) => l.tagId)).toEqual([source.id]);
    // Another tenant's tag as the source is not there at all.
    expect((await merge(adminC, foreignTag, source.id)).statusCode).toBe(404);
    expect((await merge(schoolAdmin, source.id, source.id)).statusCode).toBe(403);
  });
});

describe("deleting", () => {
  it("deletes a tag nothing uses; one in use is a 409 in_use and stays", async () => {
    const db = t.database.db;
    const unused = await createTag(db, tenant.id, { name: "Ongebruikt" });
    const used = await createTag(db, tenant.id, { name: "Gebruikt" });
    await db
      .insert(organizationTags)
      .values({ tenantId: tenant.id, organizationId: school, tagId: used.id });
    const refused = await call("DELETE", `/tags/${used.id}`, adminC.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      code: "in_use",
      meta: { organization_count: 1 },
    });
    expect(await tagRow(used.id)).toBeDefined();
    expect((await call("DELETE", `/tags/${unused.id}`, volunteer.headers)).statusCode).toBe(403);
    const res = await call("DELETE", `/tags/${unused.id}`, superadmin.headers);
    expect(res.statusCode).toBe(204);
    expect(await tagRow(unused.id)).toBeUndefined();
    expect((await auditOf(unused.id)).map((e) => e.action)).toEqual(["tag_deleted"]);
    expect((await call("DELETE", `/tags/${foreignTag}`, adminC.headers)).statusCode).toBe(404);
  });
});

describe("an archived tag", () => {
  it("stays on its vacancies and in old links, but the search form offers it no more", async () => {
    const db = t.database.db;
    const tag = await createTag(db, tenant.id, { name: "Archief", slug: "archief" });
    const vacancy = await createVacancy(db, tenant.id, {
      organizationId: school,
      volunteerCenterId: C,
      tagIds: [tag.id],
    });
    await change(adminC, tag.id, { archived: true, name_en: "Archive" });
    const detail = await call("GET", `/vacancies/${vacancy.id}?include=tags`);
    expect(detail.statusCode, detail.body).toBe(200);
    const included = (detail.json().included as TTagDoc[]).find((i) => i.type === "tag");
    expect(included?.attributes).toMatchObject({
      name: "Archief",
      name_en: "Archive",
      archived: true,
    });

    const plain = await call("GET", "/vacancies");
    const offered = (plain.json().meta.facets.tags as { slug: string }[]).map((f) => f.slug);
    expect(offered).not.toContain("archief");
    const filtered = await call("GET", "/vacancies?filter[tags]=archief");
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect((filtered.json().data as TTagDoc[]).map((d) => Number(d.id))).toEqual([vacancy.id]);
    const facet = (
      filtered.json().meta.facets.tags as { slug: string; name_en: string | null; count: number }[]
    ).find((f) => f.slug === "archief");
    expect(facet).toEqual({ slug: "archief", name: "Archief", name_en: "Archive", count: 1 });
  });

  it("is kept as an interest by who has it, and refused as a new one", async () => {
    const db = t.database.db;
    const tag = await createTag(db, tenant.id, { name: "Oud belang" });
    const holder = await person(tenant, "volunteer");
    const newcomer = await person(tenant, "volunteer");
    await withProfile(holder.id);
    await db
      .insert(volunteerProfileTags)
      .values({ tenantId: tenant.id, userId: holder.id, tagId: tag.id });
    await change(adminC, tag.id, { archived: true });
    const body = {
      data: {
        type: "volunteer_profiles",
        relationships: { tags: { data: [{ type: "tags", id: String(tag.id) }] } },
      },
    };
    const kept = await call("PATCH", "/current_user/volunteer_profile", holder.headers, body);
    expect(kept.statusCode, kept.body).toBe(200);
    const refused = await call("PATCH", "/current_user/volunteer_profile", newcomer.headers, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].code).toBe("not_found");
  });
});
