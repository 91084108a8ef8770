import type { Role } from "@/lib/auth/auth-state";
import { hasRole, isAdminOf, isSuperadmin } from "@/lib/auth/role-checks";
import type { TDeskRecord } from "@/lib/desks/desk-queries";

/**
 * Where someone may put an activity (docs/activity-form.md): the roles behind the api's
 * `runsActivity` (backend/policies/policy.ts), to offer only what it would allow. The api
 * checks every write again.
 */
export type TActivityWriter = {
  superadmin: boolean;
  /** The volunteer centres they are staff of (admin or member). */
  centreIds: string[];
  /** The desks they manage; "all" for a desk manager on every desk (a class or global role). */
  deskIds: string[] | "all";
};

export function activityWriter(
  roles: readonly Role[],
  organizations: readonly { id: string | number; type?: string | null }[],
): TActivityWriter {
  const centreIds = organizations
    .filter(
      (o) =>
        o.type === "VolunteerCenter" &&
        (isAdminOf(roles, o.id) || hasRole(roles, "member", { type: "Organization", id: o.id })),
    )
    .map((o) => String(o.id));
  const managed = roles.filter(
    (role) => role.name === "desk_manager" && (role.resourceType ?? "Desk") === "Desk",
  );
  const deskIds = managed.some((role) => role.resourceId == null)
    ? "all"
    : managed.map((role) => String(role.resourceId));
  return { superadmin: isSuperadmin(roles), centreIds, deskIds };
}

/** Whether they may add activities at all. */
export const writesActivities = (writer: TActivityWriter) =>
  writer.superadmin ||
  writer.centreIds.length > 0 ||
  writer.deskIds === "all" ||
  writer.deskIds.length > 0;

/**
 * The desks they may put an activity at (of one centre when editing: an activity stays with
 * its centre), and whether "no desk" is theirs to choose (a centre's staff, superadmins).
 */
export function writableDesks(
  writer: TActivityWriter,
  desks: readonly TDeskRecord[],
  centreId?: string,
): { desks: TDeskRecord[]; noDesk: boolean } {
  const ofCentre = (desk: TDeskRecord) =>
    centreId === undefined || String(desk.volunteerCenterId) === centreId;
  const mine = (desk: TDeskRecord) =>
    writer.superadmin ||
    writer.centreIds.includes(String(desk.volunteerCenterId)) ||
    writer.deskIds === "all" ||
    writer.deskIds.includes(String(desk.id));
  return {
    desks: desks.filter((desk) => ofCentre(desk) && mine(desk)),
    noDesk:
      writer.superadmin ||
      (centreId === undefined ? writer.centreIds.length > 0 : writer.centreIds.includes(centreId)),
  };
}
