import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { organizations, partners } from "../db/schema";

/** The partners of the visitor's centres (docs/content-pages.md), by position. */

export type TPartnerRow = {
  id: number;
  name: string;
  description: string | null;
  website: string | null;
  logoUrl: string | null;
  position: number;
  volunteerCenterId: number;
  volunteerCenter: { id: number; name: string };
};

export async function listPartners(
  db: AppDb,
  tenantId: number,
  params: { centerIds: readonly number[]; limit: number; offset: number },
): Promise<{ rows: TPartnerRow[]; records: number }> {
  const where = and(
    eq(partners.tenantId, tenantId),
    inArray(partners.volunteerCenterId, params.centerIds.length > 0 ? [...params.centerIds] : [-1]),
  ) as SQL;
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      description: partners.description,
      website: partners.website,
      logoUrl: partners.logoUrl,
      position: partners.position,
      volunteerCenterId: partners.volunteerCenterId,
      centreName: organizations.name,
    })
    .from(partners)
    .innerJoin(organizations, eq(organizations.id, partners.volunteerCenterId))
    .where(where)
    .orderBy(asc(partners.position), asc(partners.name), asc(partners.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(partners).where(where);
  return {
    rows: rows.map(({ centreName, ...row }) => ({
      ...row,
      volunteerCenter: { id: row.volunteerCenterId, name: centreName },
    })),
    records: total,
  };
}
