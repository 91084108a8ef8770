import { and, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { TPoolInvitationStatus } from "../../lib/contract/pool";
import type { AppDb } from "../db/client";
import {
  activities,
  activityRegistrations,
  desks,
  organizations,
  poolInvitations,
  type TPoolInvitation,
  users,
  vacancies,
  volunteerProfiles,
} from "../db/schema";
import { can, managedDeskIds, type TActor } from "../policies/policy";

/**
 * Reads and writes of pool invitations (docs/volunteer-pool.md). Every statement names the
 * tenant; row security is the second wall.
 */

export type TInvitationRow = TPoolInvitation & {
  vacancyTitle: string;
  centerName: string;
};

const columns = {
  id: poolInvitations.id,
  tenantId: poolInvitations.tenantId,
  volunteerCenterId: poolInvitations.volunteerCenterId,
  vacancyId: poolInvitations.vacancyId,
  userId: poolInvitations.userId,
  invitedById: poolInvitations.invitedById,
  status: poolInvitations.status,
  message: poolInvitations.message,
  conversationId: poolInvitations.conversationId,
  applicationId: poolInvitations.applicationId,
  answeredAt: poolInvitations.answeredAt,
  createdAt: poolInvitations.createdAt,
  updatedAt: poolInvitations.updatedAt,
  vacancyTitle: vacancies.title,
  centerName: organizations.name,
};

function select(db: AppDb) {
  return db
    .select(columns)
    .from(poolInvitations)
    .innerJoin(vacancies, eq(vacancies.id, poolInvitations.vacancyId))
    .innerJoin(organizations, eq(organizations.id, poolInvitations.volunteerCenterId));
}

export async function findInvitation(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TInvitationRow | null> {
  const [row] = await select(db).where(
    and(eq(poolInvitations.tenantId, tenantId), eq(poolInvitations.id, id)),
  );
  return row ?? null;
}

/** The invitations of one volunteer, newest first (pool_invitations_user_idx). */
export async function listInvitationsOf(
  db: AppDb,
  tenantId: number,
  userId: number,
  params: { where?: SQL; limit: number; offset: number },
): Promise<{ rows: TInvitationRow[]; records: number }> {
  const where = and(
    eq(poolInvitations.tenantId, tenantId),
    eq(poolInvitations.userId, userId),
    params.where,
  );
  const rows = await select(db)
    .where(where)
    .orderBy(desc(poolInvitations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(poolInvitations)
    .where(where);
  return { rows, records: Number(counted?.n ?? 0) };
}

export type TInviteVacancy = {
  id: number;
  title: string;
  status: string;
  closesOn: string | null;
  organizationId: number;
  volunteerCenterId: number;
};

/** A vacancy of the tenant by id, whatever its centre or status; null when there is none. */
export async function vacancyOfTenant(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TInviteVacancy | null> {
  const [row] = await db
    .select({
      id: vacancies.id,
      title: vacancies.title,
      status: vacancies.status,
      closesOn: vacancies.closesOn,
      organizationId: vacancies.organizationId,
      volunteerCenterId: vacancies.volunteerCenterId,
    })
    .from(vacancies)
    .where(and(eq(vacancies.tenantId, tenantId), eq(vacancies.id, id)));
  return row ?? null;
}

/** The pending invitation of this volunteer for this vacancy, if any. */
export async function pendingInvitation(
  db: AppDb,
  tenantId: number,
  vacancyId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: poolInvitations.id })
    .from(poolInvitations)
    .where(
      and(
        eq(poolInvitations.tenantId, tenantId),
        eq(poolInvitations.vacancyId, vacancyId),
        eq(poolInvitations.userId, userId),
        eq(poolInvitations.status, "pending"),
      ),
    );
  return row?.id ?? null;
}

export async function insertInvitation(
  db: AppDb,
  values: {
    tenantId: number;
    volunteerCenterId: number;
    vacancyId: number;
    userId: number;
    invitedById: number;
    message: string;
    conversationId: number;
  },
): Promise<TPoolInvitation> {
  const [row] = await db.insert(poolInvitations).values(values).returning();
  return row;
}

/**
 * Moves a pending invitation to `to`; null when it is no longer pending (another request
 * answered it first), and nothing changes then.
 */
export async function answerInvitation(
  db: AppDb,
  params: {
    tenantId: number;
    id: number;
    to: Exclude<TPoolInvitationStatus, "pending">;
    applicationId?: number;
  },
): Promise<TPoolInvitation | null> {
  const answered = params.to === "accepted" || params.to === "declined";
  const [row] = await db
    .update(poolInvitations)
    .set({
      status: params.to,
      answeredAt: answered ? sql`now()` : null,
      applicationId: params.applicationId ?? null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(poolInvitations.tenantId, params.tenantId),
        eq(poolInvitations.id, params.id),
        eq(poolInvitations.status, "pending"),
      ),
    )
    .returning();
  return row ?? null;
}

/** Remembers when the volunteer was asked: the pool's "asked least recently" order. */
export async function markInvited(db: AppDb, tenantId: number, userId: number) {
  await db
    .update(volunteerProfiles)
    .set({ lastInvitedAt: sql`now()` })
    .where(and(eq(volunteerProfiles.tenantId, tenantId), eq(volunteerProfiles.userId, userId)));
}

/** The ids of the tenant's volunteer centres. */
export async function centerIdsOf(db: AppDb, tenantId: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.type, "VolunteerCenter")));
  return rows.map((r) => r.id);
}

/**
 * The desks of one centre at which the user has a place (registered or waiting, not given
 * back) at one of their activities: who counts as a desk's volunteer, as in the pool search.
 */
export async function deskIdsOfVolunteer(
  db: AppDb,
  tenantId: number,
  userId: number,
  centerId: number,
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: desks.id })
    .from(activityRegistrations)
    .innerJoin(activities, eq(activities.id, activityRegistrations.activityId))
    .innerJoin(desks, eq(desks.id, activities.deskId))
    .where(
      and(
        eq(activityRegistrations.tenantId, tenantId),
        eq(activityRegistrations.userId, userId),
        ne(activityRegistrations.status, "cancelled"),
        eq(activities.tenantId, tenantId),
        eq(desks.tenantId, tenantId),
        eq(desks.volunteerCenterId, centerId),
      ),
    );
  return rows.map((r) => r.id);
}

/** These desks of the tenant, with the centre that runs each. */
export async function desksWithCenters(
  db: AppDb,
  tenantId: number,
  deskIds: readonly number[],
): Promise<{ id: number; volunteerCenterId: number }[]> {
  if (deskIds.length === 0) return [];
  return db
    .select({ id: desks.id, volunteerCenterId: desks.volunteerCenterId })
    .from(desks)
    .where(and(eq(desks.tenantId, tenantId), inArray(desks.id, [...deskIds])));
}

/**
 * The centres whose open vacancies the actor may ask some of the pool for, by the policy
 * itself: a centre they are staff of (any, for a superadmin), or the centre that runs a desk
 * they manage, for that desk's volunteers. The pool page offers these centres' vacancies.
 */
export async function invitableCenterIds(
  db: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  centerIds: readonly number[],
): Promise<number[]> {
  const managed = await desksWithCenters(db, tenantId, managedDeskIds(actor));
  return centerIds.filter((volunteerCenterId) =>
    can(actor, "pool_invitations.create", {
      volunteerCenterId,
      volunteerDeskIds: managed
        .filter((d) => d.volunteerCenterId === volunteerCenterId)
        .map((d) => d.id),
    }),
  );
}

/** The user's name, for the invitation's default text. */
export async function firstNameOf(db: AppDb, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string | null>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.firstName]));
}
