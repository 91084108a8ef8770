import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { organizations } from "../db/schema";

export type TVolunteerCenterRow = { id: number; name: string };

/** The tenant's approved volunteer centres (ARCHITECTURE decision 2), for everyone to see. */
function approvedCentres(tenantId: number): SQL {
  return and(
    eq(organizations.tenantId, tenantId),
    eq(organizations.type, "VolunteerCenter"),
    eq(organizations.status, "approved"),
  ) as SQL;
}

/** One page of them; `orderBy` goes before the default order by name, ties by id. */
export async function listVolunteerCenters(
  db: AppDb,
  tenantId: number,
  params: { orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TVolunteerCenterRow[]; records: number }> {
  const where = approvedCentres(tenantId);
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(where)
    .orderBy(...params.orderBy, asc(organizations.name), asc(organizations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(organizations).where(where);
  return { rows, records: total };
}
