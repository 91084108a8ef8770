import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import {
  OPEN_APPLICATION_STATUSES,
  type TApplicationStatus,
} from "../../lib/contract/applications";
import { matchesRole, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  applications,
  applicationTransitions,
  organizations,
  users,
  vacancies,
} from "../db/schema";
import { organizationStaff } from "./vacancy-writes";

/**
 * Applications as the api reads and writes them (docs/api-applications.md). Every query
 * names the tenant; who may see which application is `visibleTo` here and
 * `applications.read` in the policy, the same rule twice (the list filters by it, the
 * single reads check it).
 */

export type TApplicationRow = typeof applications.$inferSelect;

/** What the caller's roles reach on the organisation's side of applications. */
export type TManagedScope =
  | { all: true }
  | { all: false; organizationIds: number[]; centerIds: number[] };

/**
 * The organisations whose applications the roles manage: instance admin or member of an
 * organization (its own), instance admin of a centre (its organisations' too); a
 * superadmin, or an admin or member on the class or globally (rolify), all of the tenant.
 */
export function managedScope(list: readonly TRoleRef[]): TManagedScope {
  const everywhere = (name: string) =>
    list.some(
      (r) =>
        r.name === name &&
        r.resourceId === null &&
        (r.resourceType === null || r.resourceType === "Organization"),
    );
  if (
    list.some((r) => matchesRole(r, "superadmin")) ||
    everywhere("admin") ||
    everywhere("member")
  ) {
    return { all: true };
  }
  const on = (names: string[]) =>
    list
      .filter(
        (r) => names.includes(r.name) && r.resourceType === "Organization" && r.resourceId !== null,
      )
      .map((r) => r.resourceId as number);
  return { all: false, organizationIds: on(["admin", "member"]), centerIds: on(["admin"]) };
}

/** The applications the scope manages, as a condition (false when it manages none). */
export function managedCondition(scope: TManagedScope): SQL {
  if (scope.all) return sql`true`;
  const parts: SQL[] = [];
  if (scope.organizationIds.length) {
    parts.push(inArray(applications.organizationId, scope.organizationIds));
  }
  if (scope.centerIds.length) parts.push(inArray(applications.volunteerCenterId, scope.centerIds));
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

export type TListScope = "own" | "managed" | "both";

export function scopeCondition(userId: number, scope: TManagedScope, which: TListScope): SQL {
  const own = eq(applications.userId, userId);
  if (which === "own") return own;
  if (which === "managed") return managedCondition(scope);
  return or(own, managedCondition(scope)) as SQL;
}

/** "Waiting for a reply": still new, and the organisation has not answered at all. */
export const waitingCondition = and(
  eq(applications.status, "new"),
  isNull(applications.respondedAt),
) as SQL;

/**
 * Words found in the vacancy's title or the applicant's name or address. Two id lists of
 * the tenant's matching vacancies and people, not a join: the page is then read from the
 * applications' own indexes, and a search over 10,000 applications stays one pass over
 * each short list.
 */
export function searchCondition(tenantId: number, q: string): SQL {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const name = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return or(
    inArray(
      applications.vacancyId,
      sql`(select ${vacancies.id} from ${vacancies} where ${vacancies.tenantId} = ${tenantId} and ${ilike(vacancies.title, pattern)})`,
    ),
    inArray(
      applications.userId,
      sql`(select ${users.id} from ${users} where ${users.tenantId} = ${tenantId} and (${ilike(name, pattern)} or ${ilike(users.email, pattern)}))`,
    ),
  ) as SQL;
}

/** One page of applications and the count the conditions leave. */
export async function listApplications(
  db: AppDb,
  tenantId: number,
  params: { where: SQL[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TApplicationRow[]; records: number }> {
  const where = and(eq(applications.tenantId, tenantId), ...params.where);
  // One after the other: the statements share the request's one connection.
  const rows = await db
    .select()
    .from(applications)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ records }] = await db.select({ records: count() }).from(applications).where(where);
  return { rows, records };
}

export async function findApplication(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TApplicationRow | null> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), eq(applications.id, id)));
  return row ?? null;
}

export type TApplyVacancy = {
  id: number;
  organizationId: number;
  volunteerCenterId: number;
  status: string;
  closesOn: string | null;
  title: string;
  /** The form whose questions an applicant answers (docs/forms.md), or null. Left out
   *  where the application is an accepted pool invitation, which asks no questions. */
  applicationFormId?: number | null;
};

/** The vacancy an application names, of one of the site's public centres; else null. */
export async function vacancyToApply(
  db: AppDb,
  tenantId: number,
  centerIds: readonly number[],
  id: number,
): Promise<TApplyVacancy | null> {
  if (centerIds.length === 0) return null;
  const [row] = await db
    .select({
      id: vacancies.id,
      organizationId: vacancies.organizationId,
      volunteerCenterId: vacancies.volunteerCenterId,
      status: vacancies.status,
      closesOn: vacancies.closesOn,
      title: vacancies.title,
      applicationFormId: vacancies.applicationFormId,
    })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.tenantId, tenantId),
        eq(vacancies.id, id),
        inArray(vacancies.volunteerCenterId, [...centerIds]),
      ),
    );
  return row ?? null;
}

export async function insertApplication(
  db: AppDb,
  values: {
    tenantId: number;
    vacancy: TApplyVacancy;
    userId: number;
    motivation: string;
  },
): Promise<TApplicationRow> {
  const [row] = await db
    .insert(applications)
    .values({
      tenantId: values.tenantId,
      vacancyId: values.vacancy.id,
      organizationId: values.vacancy.organizationId,
      volunteerCenterId: values.vacancy.volunteerCenterId,
      userId: values.userId,
      motivation: values.motivation,
    })
    .returning();
  return row;
}

/**
 * Moves the application from `from` to `to` only if it is still in `from` (another
 * request may have moved it meanwhile: then null and nothing changes). The organisation's
 * first move also marks its first reply.
 */
export async function moveApplication(
  db: AppDb,
  params: {
    tenantId: number;
    id: number;
    from: TApplicationStatus;
    to: TApplicationStatus;
    event: string;
    actorId: number | null;
    reply: boolean;
  },
): Promise<TApplicationRow | null> {
  const now = new Date();
  const [row] = await db
    .update(applications)
    .set({
      status: params.to,
      statusChangedAt: now,
      updatedAt: now,
      ...(params.reply ? { respondedAt: sql`coalesce(${applications.respondedAt}, now())` } : {}),
    })
    .where(
      and(
        eq(applications.tenantId, params.tenantId),
        eq(applications.id, params.id),
        eq(applications.status, params.from),
      ),
    )
    .returning();
  if (!row) return null;
  await recordTransition(db, {
    tenantId: params.tenantId,
    applicationId: row.id,
    event: params.event,
    fromStatus: params.from,
    toStatus: params.to,
    actorId: params.actorId,
  });
  return row;
}

export async function recordTransition(
  db: AppDb,
  values: typeof applicationTransitions.$inferInsert,
): Promise<void> {
  await db.insert(applicationTransitions).values(values);
}

/**
 * Closes, for the system, every application of the vacancies still waiting for an outcome:
 * the rows are locked, moved in one statement, and each move is recorded as its own
 * transition in another. The rows it closed, with the status each left.
 */
export async function closeOpenApplicationsOf(
  db: AppDb,
  tenantId: number,
  vacancyIds: readonly number[],
): Promise<{ id: number; userId: number; vacancyId: number; from: TApplicationStatus }[]> {
  if (vacancyIds.length === 0) return [];
  const open = await db
    .select({
      id: applications.id,
      userId: applications.userId,
      vacancyId: applications.vacancyId,
      from: applications.status,
    })
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        inArray(applications.vacancyId, [...vacancyIds]),
        inArray(applications.status, [...OPEN_APPLICATION_STATUSES]),
      ),
    )
    .for("update");
  if (open.length === 0) return [];
  const now = new Date();
  await db
    .update(applications)
    .set({ status: "closed", statusChangedAt: now, updatedAt: now })
    .where(
      and(
        eq(applications.tenantId, tenantId),
        inArray(
          applications.id,
          open.map((r) => r.id),
        ),
      ),
    );
  await db.insert(applicationTransitions).values(
    open.map((r) => ({
      tenantId,
      applicationId: r.id,
      event: "close",
      fromStatus: r.from,
      toStatus: "closed" as const,
      actorId: null,
    })),
  );
  return open;
}

/** The applications still waiting for an outcome, of a vacancy, of a person, or both. */
export async function openApplications(
  db: AppDb,
  tenantId: number,
  of: { vacancyId?: number; userId?: number },
): Promise<TApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        of.vacancyId === undefined ? undefined : eq(applications.vacancyId, of.vacancyId),
        of.userId === undefined ? undefined : eq(applications.userId, of.userId),
        inArray(applications.status, [...OPEN_APPLICATION_STATUSES]),
      ),
    );
}

// ----- what a document includes -----

export async function vacanciesById(db: AppDb, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: vacancies.id,
      title: vacancies.title,
      status: vacancies.status,
      closesOn: vacancies.closesOn,
      organizationId: vacancies.organizationId,
      volunteerCenterId: vacancies.volunteerCenterId,
    })
    .from(vacancies)
    .where(and(eq(vacancies.tenantId, tenantId), inArray(vacancies.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function applicantsById(db: AppDb, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function organizationNamesById(db: AppDb, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function transitionsOf(db: AppDb, tenantId: number, ids: readonly number[]) {
  const byApplication = new Map<number, (typeof applicationTransitions.$inferSelect)[]>();
  if (ids.length === 0) return byApplication;
  const rows = await db
    .select()
    .from(applicationTransitions)
    .where(
      and(
        eq(applicationTransitions.tenantId, tenantId),
        inArray(applicationTransitions.applicationId, [...ids]),
      ),
    )
    .orderBy(asc(applicationTransitions.id));
  for (const row of rows) {
    const list = byApplication.get(row.applicationId) ?? [];
    list.push(row);
    byApplication.set(row.applicationId, list);
  }
  return byApplication;
}

/**
 * The people on the organisation's side who hear of an application: the organisation's
 * active admins and members (instance roles). A centre's admins are not told of every
 * application of every organisation; they see them in the list.
 */
export async function organizationStaffIds(
  db: AppDb,
  tenantId: number,
  organizationId: number,
): Promise<number[]> {
  const staff = await organizationStaff(db, tenantId, organizationId);
  return staff.map((person) => person.id).sort((a, b) => a - b);
}
