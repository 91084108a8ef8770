import type { FastifyRequest } from "fastify";
import type { TActivityAction } from "../db/schema";
import type { TActivityInput } from "../queries/activity-events";

/**
 * The activity event of an auth endpoint (docs/api-activity.md), for recordActivity: the
 * request's tenant and User-Agent, the auth clock (so an event and the column it goes with,
 * such as locked_at, carry the same time), and the account's locale for the client text.
 * `actorId` is the user when the account itself acted (a password, a session token or a
 * mailed link proved it), null for the system or a requester nobody knows.
 */
export function authActivity(
  request: FastifyRequest,
  user: { id: number; locale: string },
  action: TActivityAction,
  actorId: number | null,
): TActivityInput {
  return {
    tenantId: request.tenant.id,
    userId: user.id,
    actorId,
    action,
    userAgent: request.headers["user-agent"],
    locale: user.locale,
    at: request.server.authSettings.now(),
  };
}
