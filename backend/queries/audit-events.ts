import type { AppDb } from "../db/client";
import {
  AUDIT_LABEL_MAX,
  auditEvents,
  type TAuditAction,
  type TAuditSubjectType,
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
