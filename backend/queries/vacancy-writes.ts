import { and, asc, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { OPEN_APPLICATION_STATUSES } from "../../lib/contract/applications";
import { hasRoleIn, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  addresses,
  applications,
  organizations,
  roles,
  siteSettings,
  tags,
  users,
  usersRoles,
  vacancies,
  vacancyTags,
} from "../db/schema";
import { PUBLIC_VACANCY_COLUMNS } from "./vacancies";

/**
 * The reads and writes behind the vacancy write api (docs/vacancy-writes.md). Every
 * function takes the tenant; row-level security holds it as well.
 */

/**
 * Every column but the generated search_vector and the tag copy the triggers keep: what
 * the public side reads, and what only the writers do.
 */
export const WRITE_COLUMNS = {
  ...PUBLIC_VACANCY_COLUMNS,
  contactUserId: vacancies.contactUserId,
  availability: vacancies.availability,
  applicationFormId: vacancies.applicationFormId,
};

export type TWriteVacancyRow = {
  [K in keyof typeof WRITE_COLUMNS]: (typeof WRITE_COLUMNS)[K]["_"]["data"];
};

export async function findVacanciesForWrite(
  db: AppDb,
  tenantId: number,
  ids: readonly number[],
): Promise<TWriteVacancyRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .select(WRITE_COLUMNS)
    .from(vacancies)
    .where(
      and(eq(vacancies.tenantId, tenantId), inArray(vacancies.id, [...ids])),
    )) as TWriteVacancyRow[];
}

export async function findVacancyForWrite(db: AppDb, tenantId: number, id: number) {
  const [row] = await findVacanciesForWrite(db, tenantId, [id]);
  return row;
}

/** The tenant's organisation that may have vacancies (not a centre), with its centre. */
export async function vacancyOrganization(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      type: organizations.type,
      status: organizations.status,
      volunteerCenterId: organizations.volunteerCenterId,
    })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, id)));
  return row;
}

/** The organisation's address, to place a vacancy that names no place of its own. */
export async function organizationPlace(db: AppDb, tenantId: number, organizationId: number) {
  const [row] = await db
    .select({
      street: addresses.street,
      postalCode: addresses.postalCode,
      city: addresses.city,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
    })
    .from(addresses)
    .where(
      and(
        eq(addresses.tenantId, tenantId),
        eq(addresses.addressableType, "Organization"),
        eq(addresses.addressableId, organizationId),
      ),
    )
    .limit(1);
  return row;
}

/** Whether each of these centres reviews its organisations' new vacancies (a site setting). */
export async function reviewingCenters(
  db: AppDb,
  tenantId: number,
  centerIds: readonly number[],
): Promise<Set<number>> {
  if (centerIds.length === 0) return new Set();
  const rows = await db
    .select({ id: siteSettings.volunteerCenterId })
    .from(siteSettings)
    .where(
      and(
        eq(siteSettings.tenantId, tenantId),
        inArray(siteSettings.volunteerCenterId, [...new Set(centerIds)]),
        eq(siteSettings.reviewsNewVacancies, true),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export type TContactPerson = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
};

/**
 * Active staff (admin or member, on that very organisation) of any of these organisations,
 * one row per person and organisation; `userId` narrows it to one person.
 */
function activeStaff(
  db: AppDb,
  tenantId: number,
  organizationIds: readonly number[],
  userId?: number,
) {
  return db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      organizationId: roles.resourceId,
    })
    .from(usersRoles)
    .innerJoin(roles, eq(roles.id, usersRoles.roleId))
    .innerJoin(users, eq(users.id, usersRoles.userId))
    .where(
      and(
        eq(usersRoles.tenantId, tenantId),
        eq(users.tenantId, tenantId),
        userId === undefined ? undefined : eq(users.id, userId),
        eq(users.status, "active"),
        inArray(roles.name, ["admin", "member"]),
        eq(roles.resourceType, "Organization"),
        inArray(roles.resourceId, [...new Set(organizationIds)]),
      ),
    );
}

/**
 * The user, if they are active staff of every one of these organisations: who volunteers
 * may ask about a vacancy.
 */
export async function staffMember(
  db: AppDb,
  tenantId: number,
  userId: number,
  organizationIds: readonly number[],
): Promise<TContactPerson | null> {
  const rows = await activeStaff(db, tenantId, organizationIds, userId);
  const held = new Set(rows.map((r) => r.organizationId));
  if (rows.length === 0 || organizationIds.some((id) => !held.has(id))) return null;
  const { organizationId: _organizationId, ...person } = rows[0];
  return person;
}

/**
 * The organisation's active staff by name: the contact people a vacancy of it may name, and
 * those who hear of its applications.
 */
export async function organizationStaff(
  db: AppDb,
  tenantId: number,
  organizationId: number,
): Promise<TContactPerson[]> {
  const rows = await activeStaff(db, tenantId, [organizationId]).orderBy(
    asc(users.firstName),
    asc(users.lastName),
    asc(users.email),
    asc(users.id),
  );
  return rows.map(({ organizationId: _organizationId, ...person }) => person);
}

/** The ids among these that are tags of the tenant. */
export async function knownTagIds(db: AppDb, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Each vacancy's tag ids, sorted. */
export async function tagIdsOf(db: AppDb, tenantId: number, vacancyIds: readonly number[]) {
  const map = new Map<number, number[]>(vacancyIds.map((id) => [id, []]));
  if (vacancyIds.length === 0) return map;
  const rows = await db
    .select({ vacancyId: vacancyTags.vacancyId, tagId: vacancyTags.tagId })
    .from(vacancyTags)
    .where(
      and(eq(vacancyTags.tenantId, tenantId), inArray(vacancyTags.vacancyId, [...vacancyIds])),
    );
  for (const row of rows) map.get(row.vacancyId)?.push(row.tagId);
  for (const list of map.values()) list.sort((a, b) => a - b);
  return map;
}

/**
 * Links and unlinks tags in two statements for every vacancy at once (the statement
 * triggers of migration 0009 then refresh `tag_ids` once).
 */
export async function changeVacancyTags(
  db: AppDb,
  tenantId: number,
  changes: {
    add: { vacancyId: number; tagId: number }[];
    remove: { vacancyId: number; tagId: number }[];
  },
) {
  if (changes.remove.length > 0) {
    const pairs = sql.join(
      changes.remove.map((p) => sql`(${p.vacancyId}::integer, ${p.tagId}::integer)`),
      sql`, `,
    );
    await db
      .delete(vacancyTags)
      .where(
        and(
          eq(vacancyTags.tenantId, tenantId),
          sql`(${vacancyTags.vacancyId}, ${vacancyTags.tagId}) in (${pairs})`,
        ),
      );
  }
  if (changes.add.length > 0) {
    await db
      .insert(vacancyTags)
      .values(changes.add.map((p) => ({ tenantId, ...p })))
      .onConflictDoNothing();
  }
}

/** How many applications each vacancy has, and how many are open. */
export async function applicationCounts(db: AppDb, tenantId: number, ids: readonly number[]) {
  const map = new Map<number, { total: number; open: number }>();
  if (ids.length === 0) return map;
  const rows = await db
    .select({
      vacancyId: applications.vacancyId,
      total: count(),
      open: sql<number>`count(*) filter (where ${inArray(applications.status, [...OPEN_APPLICATION_STATUSES])})::int`,
    })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), inArray(applications.vacancyId, [...ids])))
    .groupBy(applications.vacancyId);
  for (const row of rows) map.set(row.vacancyId, { total: row.total, open: row.open });
  return map;
}

/**
 * The vacancies an actor manages, as a condition (undefined: all of the tenant's): a
 * superadmin's or a class-level admin's all; else those of the organisations they hold
 * admin or member on, and of the organisations of the centres they hold admin on
 * (policy managesVacancy).
 */
export function managedScope(roles: readonly TRoleRef[]): SQL | undefined {
  if (hasRoleIn(roles, "superadmin")) return undefined;
  if (roles.some((r) => r.name === "admin" && r.resourceId === null && r.resourceType !== "Desk")) {
    return undefined;
  }
  const on = (names: string[]) =>
    roles
      .filter(
        (r) => names.includes(r.name) && r.resourceType === "Organization" && r.resourceId !== null,
      )
      .map((r) => r.resourceId as number);
  const staffOf = on(["admin", "member"]);
  const adminOf = on(["admin"]);
  if (staffOf.length === 0) return sql`false`;
  return or(
    inArray(vacancies.organizationId, staffOf),
    adminOf.length > 0 ? inArray(vacancies.volunteerCenterId, adminOf) : undefined,
  );
}

/**
 * The facts the list's policy is asked about: an organisation the actor holds admin or
 * member on (any stands for the list, which its query narrows), or none (id 0: refused).
 */
export function someManagedFacts(roles: readonly TRoleRef[]) {
  const role = roles.find(
    (r) =>
      (r.name === "admin" || r.name === "member") &&
      r.resourceType === "Organization" &&
      r.resourceId !== null,
  );
  const id = role?.resourceId ?? 0;
  return { organizationId: id, volunteerCenterId: id };
}

/** One page of the vacancies within `scope`, and their number. */
export async function listManagedVacancies(
  db: AppDb,
  tenantId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TWriteVacancyRow[]; records: number }> {
  const where = and(eq(vacancies.tenantId, tenantId), ...params.where);
  const rows = (await db
    .select(WRITE_COLUMNS)
    .from(vacancies)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset)) as TWriteVacancyRow[];
  const [{ total }] = await db.select({ total: count() }).from(vacancies).where(where);
  return { rows, records: total };
}

/** The ids among these organisations that are not approved (their vacancies stay off the site). */
export async function unapprovedOrganizations(
  db: AppDb,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: organizations.id, status: organizations.status })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, [...new Set(ids)])));
  return new Set(rows.filter((r) => r.status !== "approved").map((r) => r.id));
}
