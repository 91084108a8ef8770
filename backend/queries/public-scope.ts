import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { organizations } from "../db/schema";

/**
 * The centres whose public content (vacancies, activities, news, partners, the social
 * map) a visitor of this site sees (docs/public-content.md):
 * - a tenant with centre sharing (spec §1: public, cordaad): every approved centre of the
 *   collaboration, whichever partner's site this is;
 * - otherwise only the site's own centre (Volunteer-Center-Id, else the tenant's default).
 * Never a centre of another tenant: both come from the tenant's own rows.
 */
export async function publicCenterIds(
  db: AppDb,
  tenant: FastifyRequest["tenant"],
  siteCenterId: number | null,
): Promise<number[]> {
  if (!tenant.centreSharing) return siteCenterId === null ? [] : [siteCenterId];
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenant.id),
        eq(organizations.type, "VolunteerCenter"),
        eq(organizations.status, "approved"),
      ),
    );
  return rows.map((row) => row.id);
}
