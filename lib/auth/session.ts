import "server-only";
import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { isSignedIn, type TAuthValues, type TSignedInAuth } from "@/lib/auth/auth-headers";
import { isHttpsRequest, readCookie } from "@/lib/bff/request-info";

// ARCHITECTURE.md decision 4: the devise tokens live only in one sealed, HttpOnly,
// SameSite=Lax cookie; the browser never sees access-token, client or uid.

export { applyUpstreamAuthHeaders, isSignedIn } from "@/lib/auth/auth-headers";

/**
 * The browser's devise session; while an admin is signed in as someone else (POST
 * /api/v1/sign_in_as_user), `impersonator` keeps the admin's own session to return to
 * (docs/impersonation-and-account-deletion.md). One level only: an impersonator never
 * carries an impersonator of its own.
 */
export type TSession = TAuthValues & { impersonator?: TSignedInAuth };

const expiry = z.number().int().nonnegative().optional();
// z.object drops unknown keys, so a nested impersonator never survives an unseal.
const ZImpersonator = z.object({
  accessToken: z.string().min(1),
  client: z.string().min(1),
  uid: z.string().min(1),
  expiry,
});
const ZSession = z.object({
  accessToken: z.string().min(1).optional(),
  client: z.string().min(1).optional(),
  uid: z.string().min(1).optional(),
  expiry,
  impersonator: ZImpersonator.optional(),
});

/** The admin's own session behind an impersonation, or undefined when there is none. */
export function impersonatorOf(session: TSession): TSignedInAuth | undefined {
  const { impersonator } = session;
  return isSignedIn(session) && isSignedIn(impersonator) ? impersonator : undefined;
}

/** Only the four auth values of a session: what goes upstream and what an impersonator holds. */
export function authValuesOf(session: TAuthValues): TAuthValues {
  const { accessToken, client, uid, expiry } = session;
  return { accessToken, client, uid, expiry };
}

/** devise_token_auth token_lifespan (api-contract.md §1.2): 2 weeks. */
export const SESSION_MAX_AGE_S = 14 * 24 * 60 * 60;
// The seal outlives the cookie by a minute, so a cookie the browser still sends always unseals
// (iron-session's own rule: cookie max-age = ttl - 60 s).
const SEAL_TTL_S = SESSION_MAX_AGE_S + 60;

export type TSessionCookieConfig = {
  /** Base cookie name; `__Host-` is put in front when served over https. */
  cookieName: string;
  /** iron-session password, at least 32 characters. */
  secret: string;
};

export function sessionCookieName(baseName: string, secure: boolean): string {
  return secure ? `__Host-${baseName}` : baseName;
}

export async function sealSession(session: TSession, secret: string): Promise<string> {
  const { impersonator } = session;
  const data = {
    ...authValuesOf(session),
    ...(impersonator ? { impersonator: authValuesOf(impersonator) } : {}),
  };
  return sealData(data, { password: secret, ttl: SEAL_TTL_S });
}

// Unsealing derives two keys (PBKDF2, HMAC, AES through WebCrypto) on every call: in a
// profile of the BFF under load it was about a sixth of the web's CPU. A browser sends the
// same seal until its token rotates, so recent results are remembered: only successful
// unseals, keyed by secret and seal, for a minute (the cookie dies a minute before its seal).
const UNSEAL_MEMO_MAX = 1000;
const UNSEAL_MEMO_MS = 60_000;
const unsealMemo = new Map<string, { session: TSession; until: number }>();

function remember(key: string, session: TSession): void {
  if (unsealMemo.size >= UNSEAL_MEMO_MAX) {
    // A Map iterates in insertion order: drop the oldest entry.
    const oldest = unsealMemo.keys().next().value;
    if (oldest !== undefined) unsealMemo.delete(oldest);
  }
  unsealMemo.set(key, { session, until: Date.now() + UNSEAL_MEMO_MS });
}

/** A tampered, expired or foreign cookie reads as "no session", never as an error. */
export async function unsealSession(seal: string | undefined, secret: string): Promise<TSession> {
  if (!seal) return {};
  const key = `${secret}\n${seal}`;
  const hit = unsealMemo.get(key);
  if (hit && hit.until > Date.now()) return { ...hit.session };
  try {
    const data = await unsealData<unknown>(seal, { password: secret, ttl: SEAL_TTL_S });
    const parsed = ZSession.safeParse(data);
    if (!parsed.success) return {};
    remember(key, parsed.data);
    return { ...parsed.data };
  } catch {
    return {};
  }
}

/** The session a browser request carries. */
export async function readSession(
  request: Request,
  config: TSessionCookieConfig,
): Promise<TSession> {
  const name = sessionCookieName(config.cookieName, isHttpsRequest(request));
  return unsealSession(readCookie(request.headers.get("cookie"), name), config.secret);
}

function cookieAttributes(secure: boolean, maxAge: number): string {
  // __Host- demands Secure, Path=/ and no Domain.
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Appends the Set-Cookie that stores `session`, or clears the cookie when it is not signed in. */
export async function writeSession(
  headers: Headers,
  session: TSession,
  config: TSessionCookieConfig,
  secure: boolean,
): Promise<void> {
  if (!isSignedIn(session)) {
    clearSession(headers, config, secure);
    return;
  }
  const seal = await sealSession(session, config.secret);
  const name = sessionCookieName(config.cookieName, secure);
  headers.append("set-cookie", `${name}=${seal}; ${cookieAttributes(secure, SESSION_MAX_AGE_S)}`);
}

/** Appends the Set-Cookie that removes the session cookie. */
export function clearSession(
  headers: Headers,
  config: Pick<TSessionCookieConfig, "cookieName">,
  secure: boolean,
): void {
  const name = sessionCookieName(config.cookieName, secure);
  headers.append("set-cookie", `${name}=; ${cookieAttributes(secure, 0)}`);
}
