import type { FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { MESSAGES } from "./messages";
import type { TUser } from "./user-json";
import { isSuperadmin } from "./users-query";

/**
 * Refusals that apply once the password is known to be right, so they tell nothing to
 * someone guessing: an inactive or archived account (spec §1: inactive users are not
 * allowed; docs/decisions.md, Auth) and a user registered with another centre than the
 * site's (spec §8 'wrong center'; superadmins serve every centre). Null = may sign in.
 */
export async function signInRefusal(
  request: FastifyRequest,
  user: TUser,
  /** The request's transaction where the route holds one (a savepoint then). */
  db: AppDb = request.server.db,
): Promise<string | null> {
  if (isShutOut(user.status, request.tenant)) return MESSAGES.notActive;
  if (
    user.volunteerCenterId !== null &&
    user.volunteerCenterId !== request.volunteerCenterId &&
    !(await isSuperadmin(db, request.tenant.id, user.id))
  ) {
    return MESSAGES.wrongCenter;
  }
  return null;
}

/**
 * spec §1: inactive users are not allowed by default (a tenant may allow them:
 * settings.allowInactiveUsers); archived users never are.
 */
export function isShutOut(status: string, tenant: { allowInactiveUsers: boolean }): boolean {
  return status === "archived" || (status === "inactive" && !tenant.allowInactiveUsers);
}

/** devise_invitable `invited_to_sign_up?`: pending invitees have no usable password. */
export const isPendingInvitee = (user: TUser) =>
  user.status === "invited" ||
  (user.invitationToken !== null && user.invitationAcceptedAt === null);
