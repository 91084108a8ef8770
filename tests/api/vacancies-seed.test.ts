import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../backend/db/seed";
import { generateVacancies } from "../../backend/db/seed/vacancy-generator";
import { createTestApp, type TestApp } from "./support/app";

// The demo vacancies of every tenant (backend/db/seed/vacancies.ts) through the public
// api, and the benchmark generator (seed/vacancy-generator.ts) on a small N.

let t: TestApp;
const TENANTS = ["oldebroek", "roermond", "meedoen", "demo", "public", "cordaad"];

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  await seed(t.database.db);
});
afterAll(() => t?.close());

const search = async (tenant: string, query = "") => {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/vacancies${query}`,
    headers: { "x-tenant": tenant },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    meta: { record_count: number };
    data: { attributes: Record<string, unknown> }[];
  };
};
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("seeded vacancies", () => {
  it.each(TENANTS)(
    "%s has 10 to 20 public vacancies with tags, hours and places",
    async (tenant) => {
      const doc = await search(tenant, "?page[size]=100");
      expect(doc.meta.record_count).toBeGreaterThanOrEqual(10);
      expect(doc.meta.record_count).toBeLessThanOrEqual(20);
      expect(doc.data.some((d) => d.attributes.remote === true)).toBe(true);
      expect(doc.data.filter((d) => d.attributes.latitude !== null).length).toBeGreaterThan(8);
    },
  );

  it.each(["public", "meedoen"])(
    "%s has English vacancies that an English search finds",
    async (tenant) => {
      expect((await search(tenant, "?filter[q]=gardener")).meta.record_count).toBe(1);
    },
  );

  it("each tenant has drafts and a closed one, which the api does not show", async () => {
    const counts = rows<{ slug: string; drafts: number; closed: number }>(
      await t.database.db.execute(sql`
        select t.slug, count(*) filter (where v.status = 'draft')::int as drafts,
               count(*) filter (where v.status = 'closed')::int as closed
        from vacancies v join tenants t on t.id = v.tenant_id group by t.slug`),
    );
    expect(counts).toHaveLength(6);
    for (const row of counts) expect(row).toMatchObject({ drafts: 2, closed: 1 });
    expect((await search("oldebroek", "?filter[q]=kerstmarkt")).meta.record_count).toBe(0);
  });

  it("a place search near the seed's towns finds their vacancies", async () => {
    expect(
      (await search("oldebroek", "?filter[near]=8096%20BC&filter[distance]=15")).meta.record_count,
    ).toBeGreaterThan(8);
    expect((await search("roermond", "?filter[near]=Roermond")).meta.record_count).toBeGreaterThan(
      8,
    );
  });
});

describe("generateVacancies", () => {
  it("adds N vacancies at approved organisations, centres and tags of their own tenant", async () => {
    const db = t.database.db;
    const count = async () =>
      rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from vacancies`))[0].n;
    const before = await count();
    await generateVacancies(db, 250, { batchSize: 100 });
    expect(await count()).toBe(before + 250);
    const [mismatch] = rows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from vacancies v
        join organizations o on o.id = v.organization_id
        join organizations c on c.id = v.volunteer_center_id
        where o.tenant_id <> v.tenant_id or c.tenant_id <> v.tenant_id or o.status <> 'approved'
           or c.type <> 'VolunteerCenter'`),
    );
    expect(mismatch.n).toBe(0);
    const [foreignTags] = rows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from vacancy_tags vt join tags g on g.id = vt.tag_id
        where g.tenant_id <> vt.tenant_id`),
    );
    expect(foreignTags.n).toBe(0);
  });
});
