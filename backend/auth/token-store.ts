import { type AppDb, withTenant } from "../db/client";
import {
  lockUserTokens,
  replaceTokensIfUnchanged,
  saveUserTokens,
  userTokens,
} from "../queries/request-session";
import type { TAuthSettings } from "./settings";
import {
  authHeaders,
  batchHeaders,
  pruneTokens,
  randomToken,
  rotateToken,
  type TTokens,
  tokenDigest,
} from "./tokens";

/**
 * Writes to `users.tokens` inside the tenant's transaction either under a row lock
 * (`select … for update`) or on the condition that the tokens are still the ones the
 * request read: two requests of one user that rotate at the same time must not
 * overwrite each other's clients (devise_token_auth `with_lock`).
 */
async function lockTokens(tx: AppDb, userId: number): Promise<TTokens | null> {
  return (await lockUserTokens(tx, userId))?.tokens ?? null;
}

/** What the request authenticated with; set by authenticate, read by the rotation hook. */
export type TTokenUse = {
  tenantId: number;
  userId: number;
  uid: string;
  client: string;
  /** The raw token the request presented. */
  token: string;
  /** devise_token_auth `@request_started_at`: the batch rule counts from here. */
  startedAt: Date;
  /** `?unbatch`: force a new token even inside the batch buffer (api-contract §4). */
  unbatch: boolean;
  /** The user's tokens as the request read them with the user: the rotation writes over
   *  them in one statement if no other request changed them meanwhile. */
  seenTokens?: TTokens;
};

type TRotationSettings = Pick<
  TAuthSettings,
  "now" | "rotation" | "lifespanSeconds" | "batchBufferMs" | "maxDevices"
>;

/**
 * devise_token_auth `update_auth_header` after a token-authenticated request: the headers
 * to send, or null when a concurrent sign-out removed the client (PR #531: a request
 * still running after sign-out must not re-emit headers).
 */
export async function rotateAfterRequest(
  db: AppDb,
  use: TTokenUse,
  settings: TRotationSettings,
): Promise<Record<string, string> | null> {
  return withTenant(db, use.tenantId, (tx) => rotateWithin(tx, use, settings));
}

/**
 * The rotation step itself, on the caller's transaction: the route layer runs it as the
 * last statement of the request's own transaction, so a handler that fails rolls it back
 * with everything else (devise_token_auth skips its after_action on an exception).
 */
export async function rotateWithin(
  tx: AppDb,
  use: TTokenUse,
  settings: TRotationSettings,
): Promise<Record<string, string> | null> {
  if (!settings.rotation) {
    // change_headers_on_each_request=false: echo the same token, no write.
    const entry = (await userTokens(tx, use.userId))?.[use.client];
    if (!entry) return null;
    return authHeaders({
      token: use.token,
      client: use.client,
      expiry: entry.expiry,
      uid: use.uid,
    });
  }
  const now = settings.now();
  // The common case: nobody touched the tokens since the request read them, and one
  // conditional write replaces them. Otherwise (a parallel request of the same user
  // rotated, a sign-out removed the client) lock the row and decide on what is there now.
  if (use.seenTokens?.[use.client]) {
    const step = rotationStep(use.seenTokens, use, now, settings);
    if (await replaceTokensIfUnchanged(tx, use.userId, use.seenTokens, step.tokens)) {
      return step.headers;
    }
  }
  const tokens = await lockTokens(tx, use.userId);
  if (!tokens?.[use.client]) return null;
  const step = rotationStep(tokens, use, now, settings);
  await saveUserTokens(tx, use.userId, step.tokens);
  return step.headers;
}

/** What a request's rotation writes and answers, given the tokens as they stand. */
function rotationStep(
  tokens: TTokens,
  use: TTokenUse,
  now: Date,
  settings: TRotationSettings,
): { tokens: TTokens; headers: Record<string, string> } {
  const entry = tokens[use.client];
  // Decided after the handler ran, on tokens no other request changed since they were read.
  const batch =
    !use.unbatch && Date.parse(entry.updatedAt) > use.startedAt.getTime() - settings.batchBufferMs;
  if (batch) {
    // Extend the buffer to cover this request; answer with blank token and expiry.
    const extended = { ...tokens, [use.client]: { ...entry, updatedAt: now.toISOString() } };
    return {
      tokens: pruneTokens(extended, now, settings.maxDevices, use.client),
      headers: batchHeaders({ client: use.client, uid: use.uid }),
    };
  }
  const issued = rotateToken(tokens, use.client, now, settings);
  return { tokens: issued.tokens, headers: authHeaders({ ...issued, uid: use.uid }) };
}

/**
 * Sign-out: removes the client. False when it was not there (devise_token_auth 404).
 * `onRemoved` runs in the same transaction once the client is gone (the activity event).
 */
export async function removeClient(
  db: AppDb,
  tenantId: number,
  userId: number,
  client: string,
  onRemoved?: (tx: AppDb) => Promise<unknown>,
): Promise<boolean> {
  return withTenant(db, tenantId, async (tx) => {
    const tokens = await lockTokens(tx, userId);
    if (!tokens?.[client]) return false;
    const { [client]: _removed, ...rest } = tokens;
    await saveUserTokens(tx, userId, rest);
    await onRemoved?.(tx);
    return true;
  });
}

/**
 * A fresh client with one new token (devise_token_auth `create_new_auth_token(nil)`).
 * `impersonatorId` marks a client that an admin opened through sign_in_as_user; rotation
 * carries the mark along (tokens.ts rotateToken).
 */
export async function issueClientToken(
  tx: AppDb,
  user: { id: number; uid: string },
  settings: Pick<TAuthSettings, "now" | "lifespanSeconds" | "maxDevices">,
  mark: { impersonatorId?: number } = {},
): Promise<Record<string, string>> {
  const tokens = (await lockTokens(tx, user.id)) ?? {};
  const issued = rotateToken(tokens, null, settings.now(), settings);
  if (mark.impersonatorId !== undefined) {
    issued.tokens[issued.client] = {
      ...issued.tokens[issued.client],
      impersonatorId: mark.impersonatorId,
    };
  }
  await saveUserTokens(tx, user.id, issued.tokens);
  return authHeaders({ ...issued, uid: user.uid });
}

/**
 * Test and bench helper: signs a user in without the sign-in endpoint and returns the
 * request headers to send (access-token, client, uid, …). Like devise_token_auth's
 * `create_token`, the client carries no recent `updated_at`, so the first request with
 * it rotates instead of counting as a batch. With rotation on, the token stays valid as
 * long as devise_token_auth allows (current or previous token; last token only within
 * 5 s of the last rotation): take the rotated headers, or issue a token per request, or
 * run with TOKEN_ROTATION=false.
 */
export async function issueToken(
  db: AppDb,
  tenantId: number,
  userId: number,
  settings: Partial<Pick<TAuthSettings, "now" | "lifespanSeconds" | "maxDevices">> = {},
): Promise<Record<string, string>> {
  const now = settings.now?.() ?? new Date();
  const lifespanSeconds = settings.lifespanSeconds ?? 14 * 24 * 3600;
  return withTenant(db, tenantId, async (tx) => {
    const row = await lockUserTokens(tx, userId);
    if (!row) throw new Error(`issueToken: no user ${userId} in tenant ${tenantId}`);
    const client = randomToken();
    const token = randomToken();
    const expiry = Math.floor(now.getTime() / 1000) + lifespanSeconds;
    const entry = { token: tokenDigest(token), expiry, updatedAt: new Date(0).toISOString() };
    const tokens = pruneTokens(
      { ...row.tokens, [client]: entry },
      now,
      settings.maxDevices ?? 10,
      client,
    );
    await saveUserTokens(tx, userId, tokens);
    return authHeaders({ token, client, expiry, uid: row.uid });
  });
}
