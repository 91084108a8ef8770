import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { seed } from "../../backend/db/seed";
import { freshDatabase } from "./support/database";

// The seed's content pages, news and partners (docs/content-pages.md): every tenant has
// its pages, news with one draft, and partners for each centre; a second run adds nothing.

let database: Database;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as { rows: T[] }).rows;

beforeAll(async () => {
  database = await freshDatabase();
  await seed(database.db);
});
afterAll(() => database.close());

describe("seeded content", () => {
  it("gives every tenant home, over-ons, privacy and contact in Dutch, English where it switches language", async () => {
    const found = await rows<{ slug: string; pages: string[] }>(sql`
      select t.slug, array_agg(p.slug || '/' || p.locale order by p.slug, p.locale) as pages
      from content_pages p join tenants t on t.id = p.tenant_id
      where p.status = 'published' group by t.slug order by t.slug`);
    const bySlug = Object.fromEntries(found.map((f) => [f.slug, f.pages]));
    expect(Object.keys(bySlug).sort()).toEqual(
      ["cordaad", "demo", "meedoen", "oldebroek", "public", "roermond"].sort(),
    );
    for (const pages of Object.values(bySlug)) {
      expect(pages).toEqual(
        expect.arrayContaining(["home/nl", "over-ons/nl", "privacy/nl", "contact/nl"]),
      );
    }
    for (const slug of ["public", "meedoen"]) {
      expect(bySlug[slug]).toEqual(
        expect.arrayContaining(["home/en", "over-ons/en", "privacy/en", "contact/en"]),
      );
    }
    expect(bySlug.roermond).not.toContain("home/en");
    // Peer help where the tenant has it (spec §1), the landing page on one tenant.
    expect(bySlug.public).toEqual(
      expect.arrayContaining(["een-op-een-hulp/nl", "een-op-een-hulp/en"]),
    );
    expect(bySlug.oldebroek).toEqual(
      expect.arrayContaining(["een-op-een-hulp/nl", "gelderse-handen/nl"]),
    );
    expect(bySlug.roermond).not.toContain("een-op-een-hulp/nl");
    const [burenhulp] = await rows<{ title: string }>(sql`
      select p.title from content_pages p join tenants t on t.id = p.tenant_id
      where t.slug = 'oldebroek' and p.slug = 'een-op-een-hulp'`);
    expect(burenhulp.title).toBe("Burenhulp");
  });

  it("gives every tenant four to eight news articles with exactly one draft, in its own centres", async () => {
    const found = await rows<{ slug: string; total: number; drafts: number; foreign: number }>(sql`
      select t.slug, count(*)::int as total,
        count(*) filter (where n.status = 'draft')::int as drafts,
        count(*) filter (where o.tenant_id <> n.tenant_id or o.type <> 'VolunteerCenter')::int as foreign
      from news_articles n join tenants t on t.id = n.tenant_id
      join organizations o on o.id = n.volunteer_center_id
      group by t.slug`);
    expect(found).toHaveLength(6);
    for (const f of found) {
      expect(f.total, f.slug).toBeGreaterThanOrEqual(4);
      expect(f.total, f.slug).toBeLessThanOrEqual(8);
      expect(f.drafts, f.slug).toBe(1);
      expect(f.foreign, f.slug).toBe(0);
    }
  });

  it("gives every centre three to six partners", async () => {
    const found = await rows<{ centre: string; n: number }>(sql`
      select o.name as centre, count(p.id)::int as n
      from organizations o left join partners p on p.volunteer_center_id = o.id
      where o.type = 'VolunteerCenter' and o.status = 'approved'
      group by o.name`);
    expect(found.length).toBeGreaterThanOrEqual(8);
    for (const f of found) {
      expect(f.n, f.centre).toBeGreaterThanOrEqual(3);
      expect(f.n, f.centre).toBeLessThanOrEqual(6);
    }
  });

  it("adds and changes nothing on a second run", async () => {
    const fingerprint = () =>
      rows<{ data: string }>(sql`select md5(
        (select coalesce(string_agg(x::text, '|' order by x::text), '') from content_pages x) ||
        (select coalesce(string_agg(x::text, '|' order by x::text), '') from news_articles x) ||
        (select coalesce(string_agg(x::text, '|' order by x::text), '') from partners x)) as data`);
    const before = await fingerprint();
    const created = await seed(database.db);
    expect(created.content).toBe(0);
    expect(await fingerprint()).toEqual(before);
  });
});
