import type { FastifyRequest } from "fastify";
import { withTenant } from "../db/client";
import { findSession, type TRequestSession } from "./authenticate";
import { rotateAfterRequest } from "./token-store";
import type { TUser } from "./user-json";

/**
 * Sessions across a confirmed change of address. devise_token_auth finds the user by the
 * `uid` header, and the uid follows the address (`sync_uid`), so every client keeps its
 * tokens on the row but must send the new uid. A client that still sends the old one is
 * signed out; there is no lookup by a former address. The one exception, as
 * devise_token_auth's ConfirmationsController#show makes for a signed-in confirmer: when
 * the confirming request itself carries that user's valid session, it gets a new token of
 * the same client with the new uid, so the browser that follows the link stays signed in
 * (the BFF stores the headers of every answer). docs/api-email-change.md.
 */

/** The confirming request's own session, read before the address (and uid) changes. */
export async function sessionBeforeConfirming(
  request: FastifyRequest,
): Promise<TRequestSession | null> {
  return withTenant(request.server.db, request.tenant.id, (tx) => findSession(tx, request));
}

/** New auth headers with the new uid for the session's client, when it is the session of
 *  the user whose address just changed; null otherwise (or when the client is gone). */
export async function headersAfterEmailChange(
  request: FastifyRequest,
  before: TRequestSession | null,
  confirmed: TUser,
): Promise<Record<string, string> | null> {
  if (!before || before.user.id !== confirmed.id) return null;
  // Never a batch answer: its blank token would keep the old uid in the client's store.
  const use = { ...before.use, uid: confirmed.uid, unbatch: true, seenTokens: undefined };
  return rotateAfterRequest(request.server.db, use, request.server.authSettings);
}
