import type { TRole } from "../auth/roles";
import type { AppDb } from "../db/client";
import type { TAuditAction } from "../db/schema";
import type { TUserFacts } from "../policies/policy";
import { recordAudit } from "../queries/audit-events";
import type { TProfileChanges, TUser } from "../queries/users";
import { roleResourceCenter } from "../queries/users";

/**
 * The users api's audit entries (docs/audit-log.md): written in the change's own transaction,
 * only for a change that happened, never for a refused or no-op request.
 */

/** A user's centre (docs/audit-log.md): their own, else the first of their organizations'
 *  centres (`userFacts` lists the own one first). */
export const userCentre = (facts: TUserFacts): number | null => facts.centerIds[0] ?? null;

const WIRE_NAMES: Record<keyof TProfileChanges, string> = {
  firstName: "first_name",
  lastName: "last_name",
  phone: "phone",
  locale: "locale",
};

/** The wire names of the attributes whose value actually changes. */
export function changedAttributes(user: TUser, changes: TProfileChanges): string[] {
  return (Object.keys(changes) as (keyof TProfileChanges)[])
    .filter((key) => changes[key] !== user[key])
    .map((key) => WIRE_NAMES[key]);
}

export type TAuditContext = { tx: AppDb; tenantId: number; actorId: number };

export function auditUser(
  { tx, tenantId, actorId }: TAuditContext,
  user: TUser,
  action: TAuditAction,
  volunteerCenterId: number | null,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    tenantId,
    actorId,
    action,
    subject: { type: "User", id: user.id, label: user.email },
    volunteerCenterId,
    details,
  });
}

/**
 * role_added / role_removed for one role row: details name the role and its resource (with
 * the resource's name then), the centre is the resource's, else the user's.
 */
export async function auditRole(
  context: TAuditContext,
  user: TUser,
  action: "role_added" | "role_removed",
  role: Pick<TRole, "name" | "resourceType" | "resourceId">,
  userCenterId: number | null,
) {
  const resource =
    role.resourceType === "Organization" || role.resourceType === "Desk"
      ? role.resourceId === null
        ? undefined
        : await roleResourceCenter(context.tx, context.tenantId, role.resourceType, role.resourceId)
      : undefined;
  await auditUser(context, user, action, resource?.centerId ?? userCenterId, {
    role: role.name,
    resource_type: role.resourceType,
    resource_id: role.resourceId,
    resource_label: resource?.label ?? null,
  });
}
