import { and, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { hasRoleIn, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import {
  AUDIT_LABEL_MAX,
  auditEvents,
  organizations,
  type TAuditAction,
  type TAuditSubjectType,
  users,
} from "../db/schema";

export type TAuditInput = {
  tenantId: number;
  /** Who did it: the signed-in user; null for the system. */
  actorId: number | null;
  action: TAuditAction;
  subject: {
    type: TAuditSubjectType;
    id: number;
    /** The record's name or e-mail address now, kept for when it is gone or renamed. */
    label?: string | null;
  };
  /** The centre the action concerns; its admins read the entry (null: superadmins only). */
  volunteerCenterId: number | null;
  /** What changed: `{from, to}`, the role and its resource, … (docs/audit-log.md). */
  details?: Record<string, unknown>;
  /** When it happened: the auth code passes its clock; the database's now() otherwise. */
  at?: Date;
};

/**
 * Writes one audit entry inside the caller's transaction, with no savepoint of its own: an
 * administrative change that cannot be recorded is not made (docs/audit-log.md). Call it
 * after the change succeeded and before the transaction commits.
 */
export async function recordAudit(tx: AppDb, entry: TAuditInput): Promise<void> {
  const label = entry.subject.label?.slice(0, AUDIT_LABEL_MAX) ?? null;
  await tx.insert(auditEvents).values({
    tenantId: entry.tenantId,
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subject.type,
    subjectId: entry.subject.id,
    subjectLabel: label,
    volunteerCenterId: entry.volunteerCenterId,
    details: entry.details ?? {},
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
}

export type TAuditEventRow = typeof auditEvents.$inferSelect & {
  actor: { id: number; firstName: string | null; lastName: string | null; email: string } | null;
};

/**
 * The entries a reader may see: all of the tenant's (`centerIds` "all", a superadmin), or
 * those of the given centres. An entry without a centre is a superadmin's alone.
 */
export function auditScope(centerIds: readonly number[] | "all"): SQL | undefined {
  if (centerIds === "all") return undefined;
  if (centerIds.length === 0) return sql`false`;
  return inArray(auditEvents.volunteerCenterId, [...centerIds]);
}

/** One page of the tenant's entries within `scope`, with their actors, and the count. */
export async function listAuditEvents(
  db: AppDb,
  tenantId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
): Promise<{ rows: TAuditEventRow[]; records: number }> {
  const where = and(eq(auditEvents.tenantId, tenantId), ...params.where);
  const entries = await db
    .select()
    .from(auditEvents)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(auditEvents).where(where);
  const actorIds = [...new Set(entries.flatMap((e) => (e.actorId === null ? [] : [e.actorId])))];
  const actors =
    actorIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(users)
          .where(and(eq(users.tenantId, tenantId), inArray(users.id, actorIds)));
  const byId = new Map(actors.map((a) => [a.id, a]));
  const rows = entries.map((e) => ({
    ...e,
    actor: e.actorId === null ? null : (byId.get(e.actorId) ?? null),
  }));
  return { rows, records: total };
}

/**
 * The centres whose entries an actor reads: every centre for a superadmin or a class-level
 * or global admin (rolify: such a role counts for every organization), else the centres
 * (type VolunteerCenter) they hold admin on.
 */
export async function auditCentersOf(
  db: AppDb,
  tenantId: number,
  actorRoles: readonly TRoleRef[],
): Promise<number[] | "all"> {
  if (hasRoleIn(actorRoles, "superadmin")) return "all";
  const admin = actorRoles.filter((r) => r.name === "admin");
  if (
    admin.some(
      (r) =>
        r.resourceType === null || (r.resourceType === "Organization" && r.resourceId === null),
    )
  ) {
    return "all";
  }
  const ids = admin.flatMap((r) =>
    r.resourceType === "Organization" && r.resourceId !== null ? [r.resourceId] : [],
  );
  if (ids.length === 0) return [];
  const centres = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.type, "VolunteerCenter"),
        inArray(organizations.id, ids),
      ),
    );
  return centres.map((c) => c.id);
}
