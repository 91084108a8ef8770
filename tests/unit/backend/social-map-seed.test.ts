import { describe, expect, it } from "vitest";
import { TENANTS } from "@/lib/tenants/tenants";
import { SEED_ORGANIZATIONS } from "../../../backend/db/seed/organizations";
import { socialMapOrganizations } from "../../../backend/db/seed/social-map";
import { SEED_TAGS } from "../../../backend/db/seed/tags";

// backend/db/seed/social-map.ts: every tenant gets a map worth looking at.
const tagSlugs = new Set<string>(SEED_TAGS.map((tag) => tag.slug));

describe("the social map's seed organisations", () => {
  for (const tenant of Object.keys(TENANTS)) {
    it(`${tenant}: 15 to 30 organisations, unique slugs apart from the base seed, one hidden, known tags, coordinates in the Netherlands`, () => {
      const orgs = socialMapOrganizations(tenant);
      expect(orgs.length).toBeGreaterThanOrEqual(15);
      expect(orgs.length).toBeLessThanOrEqual(30);
      const slugs = orgs.map((o) => o.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      const base = new Set((SEED_ORGANIZATIONS[tenant] ?? []).map((o) => o.slug));
      expect(slugs.filter((s) => base.has(s))).toEqual([]);
      expect(orgs.filter((o) => o.hidden)).toHaveLength(1);
      for (const org of orgs) {
        expect(org.tags.every((t) => tagSlugs.has(t))).toBe(true);
        expect(org.latitude).toBeGreaterThan(50.7);
        expect(org.latitude).toBeLessThan(53.6);
        expect(org.longitude).toBeGreaterThan(3.3);
        expect(org.longitude).toBeLessThan(7.3);
        if (org.center) expect(base.has(org.center)).toBe(true);
      }
    });
  }

  it("writes English for the tenants that switch language", () => {
    expect(socialMapOrganizations("public").some((o) => o.name.startsWith("Food Bank"))).toBe(true);
    expect(socialMapOrganizations("oldebroek").some((o) => o.name.startsWith("Food Bank"))).toBe(
      false,
    );
  });
});
