import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { TClientToken } from "../db/schema";

/**
 * The devise_token_auth token model (api-contract §1.2) as pure functions over the
 * `users.tokens` map. Tokens are 16 random bytes (SecureRandom.urlsafe_base64) and are
 * stored as SHA-256 digests: they are long and random, so devise's bcrypt buys nothing
 * and would cost ~50 ms per request with rotation on (docs/decisions.md, Auth).
 */
export type TTokens = Record<string, TClientToken>;

/** A fresh random token or client id: 16 bytes, base64url, like SecureRandom.urlsafe_base64. */
export const randomToken = (): string => randomBytes(16).toString("base64url");

/** What is stored for a token (and for reset, confirmation and unlock tokens). */
export const tokenDigest = (raw: string): string =>
  createHash("sha256").update(raw, "utf8").digest("base64url");

/** Constant-time comparison of a raw token with a stored digest. */
export function digestMatches(stored: string | undefined | null, raw: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(tokenDigest(raw), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * devise_token_auth `valid_token?`: the client exists and either the token is current
 * (not expired, equal to `token` or `previous_token`) or it is the `last_token` of a
 * batch still inside the buffer.
 */
export function isTokenValid(
  entry: TClientToken | undefined,
  raw: string,
  now: Date,
  batchBufferMs: number,
): boolean {
  if (!entry || !raw) return false;
  // Evaluate every comparison, so the answer's timing does not say which one matched.
  const current = digestMatches(entry.token, raw);
  const previous = digestMatches(entry.previousToken, raw);
  const last = digestMatches(entry.lastToken, raw);
  if (entry.expiry > seconds(now) && (current || previous)) return true;
  const updatedAt = Date.parse(entry.updatedAt);
  return last && updatedAt > now.getTime() - batchBufferMs;
}

/**
 * devise_token_auth `before_save` (drop expired clients) and `clean_old_tokens` (keep
 * the `maxDevices` clients with the latest expiry). `keep` is the client just written: it
 * always stays, even when other clients share its expiry second.
 */
export function pruneTokens(
  tokens: TTokens,
  now: Date,
  maxDevices: number,
  keep?: string,
): TTokens {
  const live = Object.entries(tokens).filter(([, entry]) => entry.expiry >= seconds(now));
  const rank = ([id, entry]: [string, TClientToken]) =>
    [id === keep ? 1 : 0, entry.expiry, Date.parse(entry.updatedAt) || 0] as const;
  live.sort((a, b) => {
    const [ka, ea, ua] = rank(a);
    const [kb, eb, ub] = rank(b);
    return kb - ka || eb - ea || ub - ua;
  });
  return Object.fromEntries(live.slice(0, maxDevices));
}

export type TIssued = { tokens: TTokens; client: string; token: string; expiry: number };

/**
 * devise_token_auth `create_new_auth_token(client)`: a new token for the client (a new
 * client when none is given); the old token becomes `previous_token`, the old previous
 * becomes `last_token`, and the expiry slides to now + lifespan.
 */
export function rotateToken(
  tokens: TTokens,
  client: string | null,
  now: Date,
  settings: { lifespanSeconds: number; maxDevices: number },
): TIssued {
  const id = client ?? randomToken();
  const token = randomToken();
  const old = tokens[id];
  const expiry = seconds(now) + settings.lifespanSeconds;
  const entry: TClientToken = { token: tokenDigest(token), expiry, updatedAt: now.toISOString() };
  if (old?.token) entry.previousToken = old.token;
  if (old?.previousToken) entry.lastToken = old.previousToken;
  // An impersonation stays one for as long as its client lives (sign_in_as_user).
  if (old?.impersonatorId !== undefined) entry.impersonatorId = old.impersonatorId;
  const next = pruneTokens({ ...tokens, [id]: entry }, now, settings.maxDevices, id);
  return { tokens: next, client: id, token, expiry };
}

/**
 * Sign-in: devise_token_auth creates a token and rotates once more in its after_action,
 * and both tokens stay valid. We rotate on the same client (devise_token_auth makes a
 * second client here, which only uses up a device slot); the first token is kept as
 * `previous_token`.
 */
export function signInToken(
  tokens: TTokens,
  now: Date,
  settings: { lifespanSeconds: number; maxDevices: number },
): TIssued & { firstToken: string } {
  const client = randomToken();
  const firstToken = randomToken();
  const created: TClientToken = {
    token: tokenDigest(firstToken),
    expiry: seconds(now) + settings.lifespanSeconds,
    updatedAt: now.toISOString(),
  };
  const rotated = rotateToken({ ...tokens, [client]: created }, client, now, settings);
  return { ...rotated, firstToken };
}

/** devise_token_auth `build_auth_headers` (api-contract §1.1). */
export function authHeaders(values: {
  token: string;
  client: string;
  expiry: number | string;
  uid: string;
}): Record<string, string> {
  const headers: Record<string, string> = {
    "access-token": values.token,
    "token-type": "Bearer",
    client: values.client,
    expiry: String(values.expiry),
    uid: values.uid,
  };
  const bearer = Buffer.from(JSON.stringify(headers), "utf8").toString("base64");
  return { ...headers, authorization: `Bearer ${bearer}` };
}

/**
 * A batch response (api-contract §1.2): client, uid and token-type are sent, access-token
 * and expiry are a blank " ". devise_token_auth still sends an Authorization header that
 * carries the request's token; we leave it out, since a client that read it would take a
 * token the blank was meant to keep from it.
 */
export function batchHeaders(values: { client: string; uid: string }): Record<string, string> {
  return {
    "access-token": " ",
    "token-type": "Bearer",
    client: values.client,
    expiry: " ",
    uid: values.uid,
  };
}
