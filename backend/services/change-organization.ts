import type { FastifyRequest } from "fastify";
import { deliver, templateOf } from "../auth/mails";
import type { AppDb } from "../db/client";
import type { TOrganizationStatus } from "../db/schema";
import type { TOrganizationChange } from "../domain/organization-input";
import { canTransition, MAILED_STATUSES } from "../domain/organization-status";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { organizationStatusMail } from "../mail/templates/organization-status";
import { authorize, type TActor, type TOrganizationFacts } from "../policies/policy";
import { auditOrganization, statusAuditAction } from "../queries/organization-audit";
import {
  changedDetails,
  saveOrganizationAddress,
  saveOrganizationProfile,
} from "../queries/organization-writes";
import {
  organizationAdmins,
  type TOrganization,
  type TOrganizationChanges,
  updateOrganization,
} from "../queries/organizations";

/**
 * Changing an organization: its details, address, profile and status in one go (PUT
 * /organizations/:id and its /approve). Combines what a route should not hold itself:
 * - the policy: details need organizations.update, a new status organizations.update_status
 *   (an organization's own admins edit its details; only its centre's admins and
 *   superadmins change its status);
 * - the status machine of domain/organization-status.ts (an illegal move is a 422);
 * - only what actually differs is written, and audited (docs/audit-log.md);
 * - approved or denied mails every admin of the organization in their own language,
 *   queued in the same transaction, so a change that rolls back mails nobody.
 */

export type TChangeContext = {
  tx: AppDb;
  request: FastifyRequest;
  actor: NonNullable<TActor>;
};

const illegalTransition = (from: TOrganizationStatus, to: TOrganizationStatus) =>
  unprocessable([
    invalidAttribute(["status"], `cannot change from ${from} to ${to}`, "invalid_transition"),
  ]);

export async function changeOrganization(
  { tx, request, actor }: TChangeContext,
  current: TOrganization,
  facts: TOrganizationFacts,
  input: TOrganizationChange,
): Promise<TOrganization> {
  const tenantId = request.tenant.id;
  const { status, address, profile, ...details } = input;
  const statusChanges = status !== undefined && status !== current.status;
  const hasDetails =
    Object.keys(details).length > 0 || address !== undefined || profile !== undefined;
  if (hasDetails || !statusChanges) authorize(actor, "organizations.update", facts);
  if (statusChanges) {
    authorize(actor, "organizations.update_status", facts);
    if (!canTransition(current.status, status)) throw illegalTransition(current.status, status);
  }

  const detailChanges = changedDetails(current, details);
  const changed: string[] = Object.keys(detailChanges);
  const changes: TOrganizationChanges = { ...detailChanges, ...(statusChanges ? { status } : {}) };
  const row =
    Object.keys(changes).length > 0
      ? await updateOrganization(tx, tenantId, current.id, changes)
      : current;
  if (address) changed.push(...(await saveOrganizationAddress(tx, tenantId, current.id, address)));
  if (profile) changed.push(...(await saveOrganizationProfile(tx, tenantId, current.id, profile)));

  const audit = { tenantId, actorId: actor.id, organization: row };
  if (changed.length > 0) {
    await auditOrganization(tx, { ...audit, action: "organization_updated", details: { changed } });
  }
  if (statusChanges) {
    await auditOrganization(tx, {
      ...audit,
      action: statusAuditAction(current.status, status),
      details: { from: current.status, to: status },
    });
    if (MAILED_STATUSES.includes(status)) {
      await mailAdmins(tx, request, row, status as "approved" | "denied");
    }
  }
  return row;
}

/** Every admin of the organization, in their own language, queued in `tx`. */
async function mailAdmins(
  tx: AppDb,
  request: FastifyRequest,
  organization: TOrganization,
  status: "approved" | "denied",
) {
  const admins = await organizationAdmins(tx, request.tenant.id, organization.id);
  for (const admin of admins) {
    const key = status === "approved" ? "organization.approved" : "organization.denied";
    const rendered = organizationStatusMail({
      ...(await templateOf(tx, request, admin, key)),
      locale: admin.locale,
      tenantName: request.tenant.name,
      firstName: admin.firstName,
      organizationName: organization.name,
      status,
    });
    await deliver(tx, request, admin, rendered);
  }
}
