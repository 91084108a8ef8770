import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { seed } from "../../backend/db/seed";
import { freshDatabase } from "./support/database";

// backend/db/seed/activities.ts (docs/activities.md): demo activities for every tenant
// with activities, around the seed's now; none for meedoen (spec §1); desk welcome texts.

let database: Database;
let seededAt: number;

type TRow = {
  slug: string;
  status: string;
  starts_at: string | Date;
  all_day: boolean;
  online: boolean;
  desk_id: number | null;
  latitude: number | null;
  title: string;
};

const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: T[] };

beforeAll(async () => {
  database = await freshDatabase();
  seededAt = Date.now();
  await seed(database.db);
});
afterAll(() => database.close());

describe("seeded activities", () => {
  it("15 to 30 per tenant with activities, none for meedoen, from two weeks back to three months ahead", async () => {
    const { rows: list } = await rows<TRow>(sql`
      select t.slug, a.status, a.starts_at, a.all_day, a.online, a.desk_id, a.latitude, a.title
      from activities a join tenants t on t.id = a.tenant_id`);
    const per = (slug: string) => list.filter((r) => r.slug === slug);
    expect(per("meedoen")).toEqual([]);
    for (const slug of ["oldebroek", "roermond", "demo", "public", "cordaad"]) {
      const mine = per(slug);
      expect(mine.length, slug).toBeGreaterThanOrEqual(15);
      expect(mine.length, slug).toBeLessThanOrEqual(30);
      const days = mine.map((r) => (new Date(r.starts_at).getTime() - seededAt) / 86_400_000);
      expect(Math.min(...days), slug).toBeGreaterThan(-15);
      expect(Math.min(...days), slug).toBeLessThan(-7);
      expect(Math.max(...days), slug).toBeLessThan(92);
      expect(Math.max(...days), slug).toBeGreaterThan(60);
      expect(
        mine.filter((r) => r.status === "cancelled"),
        slug,
      ).toHaveLength(1);
      expect(mine.filter((r) => r.status === "draft").length, slug).toBeGreaterThanOrEqual(2);
      expect(
        mine.some((r) => r.all_day),
        slug,
      ).toBe(true);
      expect(
        mine.some((r) => r.online),
        slug,
      ).toBe(true);
      expect(mine.filter((r) => r.desk_id !== null).length, slug).toBeGreaterThanOrEqual(3);
      expect(
        mine.some((r) => r.title === "Vrijwilligersmarkt"),
        slug,
      ).toBe(true);
      expect(
        mine.filter((r) => !r.online).every((r) => r.latitude !== null),
        slug,
      ).toBe(true);
    }
    expect(per("public").some((r) => r.title.startsWith("Volunteering in Utrecht"))).toBe(true);
  });

  it("gives every desk a welcome title and text, English on public", async () => {
    const { rows: desks } = await rows<{
      slug: string;
      welcome_title: string | null;
      welcome_body: string | null;
    }>(sql`
      select t.slug, d.welcome_title, d.welcome_body from desks d join tenants t on t.id = d.tenant_id`);
    expect(desks.length).toBeGreaterThan(5);
    for (const desk of desks) {
      expect(desk.welcome_title, desk.slug).toBeTruthy();
      expect(desk.welcome_body, desk.slug).toContain("<p>");
    }
    expect(desks.find((d) => d.slug === "public")?.welcome_title).toMatch(/^Welcome/);
    expect(desks.find((d) => d.slug === "oldebroek")?.welcome_title).toMatch(/^Welkom/);
  });

  it("has workshops on every tenant with activities, a past one attended by the volunteer", async () => {
    const { rows: list } = await rows<{
      slug: string;
      title: string;
      starts_at: string | Date;
      email: string | null;
      attended: boolean | null;
      minutes: number | null;
    }>(sql`
      select t.slug, a.title, a.starts_at, u.email, r.attended, r.minutes
      from activities a join tenants t on t.id = a.tenant_id
      left join activity_registrations r on r.activity_id = a.id
      left join users u on u.id = r.user_id
      where a.kind = 'workshop' and a.status = 'published'`);
    for (const slug of ["oldebroek", "roermond", "demo", "public", "cordaad"]) {
      const mine = list.filter((r) => r.slug === slug);
      expect(mine.filter((r) => new Date(r.starts_at).getTime() > seededAt).length, slug).toBe(2);
      const past = mine.filter((r) => new Date(r.starts_at).getTime() < seededAt);
      expect(past, slug).toEqual([
        expect.objectContaining({
          email: `volunteer@${slug}.volunteerly.test`,
          attended: true,
          minutes: 150,
        }),
      ]);
    }
    expect(list.some((r) => r.slug === "meedoen")).toBe(false);
  });
});
