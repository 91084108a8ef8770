import { hasRoleIn, type TRoleRef } from "../auth/roles";
import { AppError } from "../errors";

/**
 * Who may do what: the one policy module (ARCHITECTURE decision 3). docs/permissions.md
 * is this file as a table, and tests/unit/policies/permissions-table.test.ts walks the
 * table against `can`. Roles are rolify-shaped (auth/roles.ts): superadmin (global),
 * admin and member of an organization (an admin of a VolunteerCenter is the regional
 * desk administrator), desk_manager of a desk, volunteer (global).
 */

/** The signed-in user with their roles, or null when signed out. */
export type TActor = { id: number; roles: readonly TRoleRef[] } | null;

/** Each action and the facts about its resource that the rule needs. */
export type TPolicyResources = {
  "current_user.read": { userId: number };
  "current_user.update": { userId: number };
  "current_organization.read": { organizationId: number };
  "current_organizations.list": { userId: number };
  "desks.list": Record<string, never>;
  "desks.create": { volunteerCenterId: number };
  "redirect_rules.list": Record<string, never>;
  "translations.list": Record<string, never>;
  "notifications.list": { userId: number };
  "notifications.update": { userId: number };
  "activity_events.list": { userId: number };
};
export type TAction = keyof TPolicyResources;

const isSuperadmin = (actor: NonNullable<TActor>) => hasRoleIn(actor.roles, "superadmin");

/** An organization is the user's when they hold admin or member on that very instance
 *  (docs/decisions.md: a user's organizations are their roles, nothing else). */
const holdsRoleOn = (actor: NonNullable<TActor>, organizationId: number) =>
  actor.roles.some(
    (role) =>
      (role.name === "admin" || role.name === "member") &&
      role.resourceType === "Organization" &&
      role.resourceId === organizationId,
  );

type TRules = {
  [A in TAction]: (actor: TActor, resource: TPolicyResources[A]) => boolean;
};

const rules: TRules = {
  // The signed-in user's own record, whoever they are.
  "current_user.read": (actor, { userId }) => actor !== null && actor.id === userId,
  "current_user.update": (actor, { userId }) => actor !== null && actor.id === userId,
  "current_organization.read": (actor, { organizationId }) =>
    actor !== null && holdsRoleOn(actor, organizationId),
  // The list of one's own organizations; the query itself can only find the caller's.
  "current_organizations.list": (actor, { userId }) => actor !== null && actor.id === userId,
  // The meedoen site shows the desk list to everyone (spec §3 active list).
  "desks.list": () => true,
  // A desk belongs to a centre: its regional administrators and superadmins create it.
  "desks.create": (actor, { volunteerCenterId }) =>
    actor !== null &&
    (isSuperadmin(actor) ||
      hasRoleIn(actor.roles, "admin", { type: "Organization", id: volunteerCenterId })),
  // The web's proxy reads them for every visitor before anyone signs in (spec §2).
  "redirect_rules.list": () => true,
  // Message overrides are the site's public texts (spec §7, ARCHITECTURE decision 7).
  "translations.list": () => true,
  // A notification is its user's alone, whatever their roles (a superadmin included): the
  // queries only ever find the caller's rows, so another user's id is a 404, not a 403.
  "notifications.list": (actor, { userId }) => actor !== null && actor.id === userId,
  "notifications.update": (actor, { userId }) => actor !== null && actor.id === userId,
  // One's own account activity, whatever one's roles; the admin audit log that will share
  // the table gets an action of its own.
  "activity_events.list": (actor, { userId }) => actor !== null && actor.id === userId,
};

export const ACTIONS = Object.keys(rules) as TAction[];

export function can<A extends TAction>(
  actor: TActor,
  action: A,
  resource: TPolicyResources[A],
): boolean {
  return rules[action](actor, resource);
}

/** Throws 401 when signed out and the rule refuses, 403 when signed in and it refuses. */
export function authorize<A extends TAction>(
  actor: TActor,
  action: A,
  resource: TPolicyResources[A],
): void {
  if (can(actor, action, resource)) return;
  if (actor === null) throw new AppError("unauthorized", "You need to sign in to do this.");
  throw new AppError("forbidden", "You are not allowed to do this.");
}
