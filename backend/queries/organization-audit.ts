import type { AppDb } from "../db/client";
import type { TAuditAction, TOrganizationStatus } from "../db/schema";
import { recordAudit } from "./audit-events";
import type { TOrganization } from "./organizations";

/**
 * The organization entries of the audit log, as docs/audit-log.md's table gives them:
 * subject the organization with its name, centre its centre (itself for a centre).
 * Written inside the change's transaction, after the change.
 */

/** The centre whose admins read an organization's entries. */
export const auditCentreOf = (o: Pick<TOrganization, "id" | "type" | "volunteerCenterId">) =>
  o.type === "VolunteerCenter" ? o.id : o.volunteerCenterId;

/** A decision on a sign-up is approved/denied; archive, un-archive, reopen are status changes. */
export function statusAuditAction(
  from: TOrganizationStatus,
  to: TOrganizationStatus,
): TAuditAction {
  if (from === "pending" && to === "approved") return "organization_approved";
  if (from === "pending" && to === "denied") return "organization_denied";
  return "organization_status_changed";
}

export function auditOrganization(
  tx: AppDb,
  entry: {
    tenantId: number;
    actorId: number | null;
    action: TAuditAction;
    organization: TOrganization;
    details?: Record<string, unknown>;
    /** Defaults to the organization's centre (a move names the centre it went to). */
    volunteerCenterId?: number | null;
  },
): Promise<void> {
  const { organization } = entry;
  return recordAudit(tx, {
    tenantId: entry.tenantId,
    actorId: entry.actorId,
    action: entry.action,
    subject: { type: "Organization", id: organization.id, label: organization.name },
    volunteerCenterId:
      entry.volunteerCenterId === undefined ? auditCentreOf(organization) : entry.volunteerCenterId,
    details: entry.details ?? {},
  });
}
