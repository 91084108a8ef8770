import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenants, users } from "../../backend/db/schema";
import { seed } from "../../backend/db/seed";
import { seedEmail } from "../../backend/db/seed/users";
import { createTestApp, type TestApp } from "./support/app";
import { signedIn } from "./support/resources";

// The demo data (backend/db/seed) gives the demo volunteer vacancies that fit on the
// dashboard (docs/matching.md): interests, distance and the vacancies' week slots.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  await seed(t.database.db);
});
afterAll(() => t?.close());

describe("the seeded volunteer's matches", () => {
  it.each(["demo", "oldebroek"])(
    "volunteer@%s sees vacancies that fit, with a day among the reasons",
    async (slug) => {
      const db = t.database.db;
      const [tenant] = await db.select().from(tenants).where(eq(tenants.slug, slug));
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.email, seedEmail("volunteer", slug))));
      const res = await t.app.inject({
        method: "GET",
        url: "/api/v1/current_user/matches",
        headers: await signedIn(db, tenant, user.id),
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { meta: { score: number; reasons: { kind: string }[] } }[];
      expect(data.length).toBeGreaterThanOrEqual(3);
      const kinds = new Set(data.flatMap((v) => v.meta.reasons.map((r) => r.kind)));
      expect([...kinds]).toEqual(expect.arrayContaining(["tag", "day"]));
      expect(data.map((v) => v.meta.score)).toEqual(
        [...data.map((v) => v.meta.score)].sort((a, b) => b - a),
      );
    },
  );
});
