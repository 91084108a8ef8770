import { and, asc, count, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { activities, desks, organizations } from "../db/schema";

/**
 * Public reads of activities (docs/activities.md). Always the tenant's own rows, only of
 * the centres the site shows (public-scope.ts), only published or cancelled: a draft is
 * never public, a cancelled activity stays visible, marked.
 */

export type TActivity = typeof activities.$inferSelect;
export type TActivityOrganization = { id: number; name: string; website: string | null };
export type TActivityDesk = { id: number; azcName: string; slug: string };
export type TPublicActivity = TActivity & {
  organization: TActivityOrganization | null;
  desk: TActivityDesk | null;
};

export type TActivityFilters = {
  /** The range [from, to): an activity overlapping it matches. */
  from?: Date;
  to?: Date;
  deskId?: number;
  deskSlug?: string;
  organizationId?: number;
  q?: string;
  /** Only workshops, or only ordinary activities (docs/workshops.md). */
  kind?: "activity" | "workshop";
};

const PUBLIC_STATUSES = ["published", "cancelled"] as const;

/** Where an activity ends for overlap: its end, else its start (a moment or one day). */
const effectiveEnd = sql`coalesce(${activities.endsAt}, ${activities.startsAt})`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function publicCondition(tenantId: number, centerIds: readonly number[]): SQL {
  return and(
    eq(activities.tenantId, tenantId),
    inArray(activities.status, [...PUBLIC_STATUSES]),
    centerIds.length > 0 ? inArray(activities.volunteerCenterId, [...centerIds]) : sql`false`,
  ) as SQL;
}

function filterCondition(tenantId: number, filters: TActivityFilters): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  // Overlap: starts before the range ends and ends at or after it starts.
  if (filters.to) parts.push(lt(activities.startsAt, filters.to));
  if (filters.from) parts.push(gte(effectiveEnd, filters.from));
  if (filters.deskId !== undefined) parts.push(eq(activities.deskId, filters.deskId));
  if (filters.deskSlug !== undefined) {
    parts.push(
      inArray(
        activities.deskId,
        sql`(select ${desks.id} from ${desks} where ${desks.tenantId} = ${tenantId} and lower(${desks.slug}) = ${filters.deskSlug.toLowerCase()})`,
      ),
    );
  }
  if (filters.organizationId !== undefined) {
    parts.push(eq(activities.organizationId, filters.organizationId));
  }
  if (filters.kind !== undefined) parts.push(eq(activities.kind, filters.kind));
  const q = filters.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    parts.push(or(ilike(activities.title, pattern), ilike(activities.summary, pattern)));
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

/** The organisers and desks of the rows, tenant-scoped, in two queries. */
export async function attachRelated(
  db: AppDb,
  tenantId: number,
  rows: TActivity[],
): Promise<TPublicActivity[]> {
  const orgIds = [...new Set(rows.flatMap((r) => (r.organizationId ? [r.organizationId] : [])))];
  const deskIds = [...new Set(rows.flatMap((r) => (r.deskId ? [r.deskId] : [])))];
  const orgs = orgIds.length
    ? await db
        .select({ id: organizations.id, name: organizations.name, website: organizations.website })
        .from(organizations)
        .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, orgIds)))
    : [];
  const deskRows = deskIds.length
    ? await db
        .select({ id: desks.id, azcName: desks.azcName, slug: desks.slug })
        .from(desks)
        .where(and(eq(desks.tenantId, tenantId), inArray(desks.id, deskIds)))
    : [];
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const deskById = new Map(deskRows.map((d) => [d.id, d]));
  return rows.map((row) => ({
    ...row,
    organization: row.organizationId ? (orgById.get(row.organizationId) ?? null) : null,
    desk: row.deskId ? (deskById.get(row.deskId) ?? null) : null,
  }));
}

/** One page of the public activities; `orderBy` is the asked sort, ties by id. */
export async function listPublicActivities(
  db: AppDb,
  tenantId: number,
  centerIds: readonly number[],
  params: { filters: TActivityFilters; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TPublicActivity[]; records: number }> {
  const where = and(
    publicCondition(tenantId, centerIds),
    filterCondition(tenantId, params.filters),
  );
  const rows = await db
    .select()
    .from(activities)
    .where(where)
    .orderBy(...params.orderBy, asc(activities.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(activities).where(where);
  return { rows: await attachRelated(db, tenantId, rows), records: total };
}

/** One public activity, or undefined (a draft, another centre's, another tenant's). */
export async function findPublicActivity(
  db: AppDb,
  tenantId: number,
  centerIds: readonly number[],
  id: number,
): Promise<TPublicActivity | undefined> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(publicCondition(tenantId, centerIds), eq(activities.id, id)));
  if (!row) return undefined;
  const [withRelated] = await attachRelated(db, tenantId, [row]);
  return withRelated;
}

export type TDeskWelcome = typeof desks.$inferSelect;

/** A desk of the tenant by id or slug (case-insensitive), for its public welcome page. */
export async function findDesk(
  db: AppDb,
  tenantId: number,
  key: { id: number } | { slug: string },
): Promise<TDeskWelcome | undefined> {
  const [row] = await db
    .select()
    .from(desks)
    .where(
      and(
        eq(desks.tenantId, tenantId),
        "id" in key ? eq(desks.id, key.id) : eq(sql`lower(${desks.slug})`, key.slug.toLowerCase()),
      ),
    )
    .limit(1);
  return row;
}
