import { and, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import { HELP_POST_LIFETIME_DAYS, type THelpPostStatus } from "../../lib/contract/help-posts";
import type { AppDb } from "../db/client";
import { helpPosts, organizations, siteSettings, type THelpPost, users } from "../db/schema";
import { boundingBox } from "../geo/distance";
import { distanceSql } from "./vacancy-search";

/**
 * Peer-help posts as the api reads and writes them (docs/peer-help.md). Nothing here selects
 * the exact point: every read names its columns and takes the cell's, so no answer can carry
 * more than the ~500 m cell.
 */

export type THelpPostRow = Omit<THelpPost, "latitude" | "longitude" | "status"> & {
  status: THelpPostStatus;
  posterFirstName: string | null;
  distanceKm: number | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const expiryFrom = (now: Date) => new Date(now.getTime() + HELP_POST_LIFETIME_DAYS * DAY_MS);

/** What may be shown of a post: its cell, never its point. */
const shown = {
  id: helpPosts.id,
  tenantId: helpPosts.tenantId,
  userId: helpPosts.userId,
  kind: helpPosts.kind,
  category: helpPosts.category,
  title: helpPosts.title,
  body: helpPosts.body,
  timing: helpPosts.timing,
  city: helpPosts.city,
  cellLatitude: helpPosts.cellLatitude,
  cellLongitude: helpPosts.cellLongitude,
  storedStatus: helpPosts.status,
  expiresAt: helpPosts.expiresAt,
  closedAt: helpPosts.closedAt,
  hiddenAt: helpPosts.hiddenAt,
  hiddenById: helpPosts.hiddenById,
  hiddenReason: helpPosts.hiddenReason,
  createdAt: helpPosts.createdAt,
  updatedAt: helpPosts.updatedAt,
  posterFirstName: users.firstName,
};

type TSelected = {
  [K in keyof typeof shown]: (typeof shown)[K]["_"]["data"] | null;
} & { storedStatus: THelpPost["status"] };

/** The presented status: an open post past its end is expired, whatever the row says. */
export function presentedStatus(row: { status: string; expiresAt: Date }, now: Date) {
  if (row.status === "open" && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return row.status as THelpPostStatus;
}

function toRow(row: TSelected, distanceKm: number | null, now: Date): THelpPostRow {
  const { storedStatus, ...rest } = row;
  return {
    ...(rest as Omit<THelpPostRow, "status" | "distanceKm">),
    status: presentedStatus({ status: storedStatus, expiresAt: row.expiresAt as Date }, now),
    distanceKm,
  };
}

/** Open and not past its end: what everyone may see. */
export const liveCondition = (now: Date): SQL =>
  and(eq(helpPosts.status, "open"), gt(helpPosts.expiresAt, now)) as SQL;

export type THelpPostListParams = {
  tenantId: number;
  now: Date;
  /** live: what everyone sees; mine: the caller's own, whatever their status; all: a moderator's. */
  scope: { kind: "live" } | { kind: "mine"; userId: number } | { kind: "all" };
  where: SQL[];
  near: { latitude: number; longitude: number; radiusKm: number } | null;
  sortByDistance: boolean;
  limit: number;
  offset: number;
};

export async function listHelpPosts(db: AppDb, p: THelpPostListParams) {
  const conditions: SQL[] = [eq(helpPosts.tenantId, p.tenantId), ...p.where];
  if (p.scope.kind === "live") conditions.push(liveCondition(p.now));
  if (p.scope.kind === "mine") conditions.push(eq(helpPosts.userId, p.scope.userId));
  let distance: SQL | null = null;
  if (p.near) {
    const { latitude, longitude, radiusKm } = p.near;
    distance = distanceSql(
      latitude,
      longitude,
      sql`${helpPosts.cellLatitude}`,
      sql`${helpPosts.cellLongitude}`,
    );
    const box = boundingBox(latitude, longitude, radiusKm);
    conditions.push(
      sql`${helpPosts.cellLatitude} between ${box.minLat} and ${box.maxLat}`,
      sql`${helpPosts.cellLongitude} between ${box.minLon} and ${box.maxLon}`,
      sql`${distance} <= ${radiusKm}`,
    );
  }
  const where = and(...conditions);
  const order =
    distance && p.sortByDistance
      ? [sql`${distance} asc`, desc(helpPosts.id)]
      : [desc(helpPosts.id)];
  const rows = await db
    .select({ ...shown, distanceKm: distance ? sql<number>`${distance}` : sql<null>`null` })
    .from(helpPosts)
    .innerJoin(users, eq(users.id, helpPosts.userId))
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(helpPosts)
    .where(where);
  return {
    rows: rows.map(({ distanceKm, ...row }) =>
      toRow(row as TSelected, distanceKm === null ? null : Number(distanceKm), p.now),
    ),
    total,
  };
}

export async function findHelpPost(db: AppDb, tenantId: number, id: number, now: Date) {
  const [row] = await db
    .select(shown)
    .from(helpPosts)
    .innerJoin(users, eq(users.id, helpPosts.userId))
    .where(and(eq(helpPosts.tenantId, tenantId), eq(helpPosts.id, id)));
  return row ? toRow(row as TSelected, null, now) : null;
}

/** Whether signed-out visitors may read posts: the site's centre's setting. */
export async function postsArePublic(db: AppDb, tenantId: number, centerId: number | null) {
  if (centerId === null) return false;
  const [row] = await db
    .select({ value: siteSettings.helpPostsPublic })
    .from(siteSettings)
    .where(and(eq(siteSettings.tenantId, tenantId), eq(siteSettings.volunteerCenterId, centerId)));
  return row?.value ?? false;
}

/** The tenant's volunteer centres: their admins moderate the posts. */
export async function tenantCentreIds(db: AppDb, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.type, "VolunteerCenter")));
  return rows.map((r) => r.id);
}

export type THelpPostValues = Pick<
  THelpPost,
  | "kind"
  | "category"
  | "title"
  | "body"
  | "timing"
  | "city"
  | "latitude"
  | "longitude"
  | "cellLatitude"
  | "cellLongitude"
>;

export async function insertHelpPost(
  db: AppDb,
  values: THelpPostValues & { tenantId: number; userId: number; expiresAt: Date },
) {
  const [row] = await db.insert(helpPosts).values(values).returning({ id: helpPosts.id });
  return row.id;
}

export async function updateHelpPost(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<THelpPostValues> &
    Partial<
      Pick<
        THelpPost,
        "status" | "expiresAt" | "closedAt" | "hiddenAt" | "hiddenById" | "hiddenReason"
      >
    >,
) {
  await db
    .update(helpPosts)
    .set(values)
    .where(and(eq(helpPosts.tenantId, tenantId), eq(helpPosts.id, id)));
}

/** The account is going: its posts go with it. */
export async function deleteHelpPostsOf(db: AppDb, tenantId: number, userId: number) {
  await db
    .delete(helpPosts)
    .where(and(eq(helpPosts.tenantId, tenantId), eq(helpPosts.userId, userId)));
}
