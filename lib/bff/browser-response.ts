import "server-only";
import type { IncomingHttpHeaders } from "node:http";
import type { TAuthValues } from "@/lib/auth/auth-headers";

// What of an api answer may reach the browser. An allow-list, so access-token, client, uid,
// expiry, token-type, Authorization and any Set-Cookie of the api never do
// (ARCHITECTURE.md: the browser never sees an access-token, client or uid).

const PASSED_HEADERS = [
  "content-type",
  "content-disposition",
  "content-language",
  "cache-control",
  "retry-after",
  "x-request-id",
] as const;

/** Query keys of devise_token_auth's redirects that carry credentials (api-contract.md §1.4). */
const CREDENTIAL_PARAMS = ["access-token", "client", "client_id", "uid", "expiry", "token"];

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Drops credential params from a query string (the part after ? or #). */
function stripParams(query: string, found: URLSearchParams): string {
  const params = new URLSearchParams(query);
  for (const key of CREDENTIAL_PARAMS) {
    const value = params.get(key);
    if (value !== null && !found.has(key)) found.set(key, value);
    params.delete(key);
  }
  return params.toString();
}

/**
 * A redirect target without credentials. devise_token_auth's default password-reset redirect
 * puts access-token, client and uid in the query (and repeats them after #); when it does,
 * they come back as `auth` so the BFF can keep them in the session instead.
 */
export function sanitizeLocation(location: string): { location: string; auth?: TAuthValues } {
  const found = new URLSearchParams();
  const hashAt = location.indexOf("#");
  const beforeHash = hashAt === -1 ? location : location.slice(0, hashAt);
  let fragment = hashAt === -1 ? undefined : location.slice(hashAt + 1);
  const queryAt = beforeHash.indexOf("?");
  let result = beforeHash;
  if (queryAt !== -1) {
    const query = stripParams(beforeHash.slice(queryAt + 1), found);
    result = beforeHash.slice(0, queryAt) + (query ? `?${query}` : "");
  }
  if (fragment?.includes("=")) fragment = stripParams(fragment.replace(/^[^?]*\?/, ""), found);
  if (fragment) result += `#${fragment}`;

  const accessToken = found.get("access-token") ?? found.get("token") ?? undefined;
  const client = found.get("client") ?? found.get("client_id") ?? undefined;
  const uid = found.get("uid") ?? undefined;
  if (!accessToken || !client || !uid) return { location: result };
  const expiry = Number(found.get("expiry"));
  return {
    location: result,
    auth: { accessToken, client, uid, expiry: Number.isInteger(expiry) ? expiry : undefined },
  };
}

/** Response headers for the browser, from the api's answer. */
export function browserHeaders(
  upstream: IncomingHttpHeaders,
  status: number,
  requestId: string,
): Headers {
  const headers = new Headers();
  for (const name of PASSED_HEADERS) {
    const value = first(upstream[name]);
    if (value !== undefined) headers.set(name, value);
  }
  const location = first(upstream.location);
  if (location !== undefined && status >= 300 && status < 400) {
    headers.set("location", sanitizeLocation(location).location);
  }
  // Answers through the BFF are per user; no shared cache may keep them unless the api says so.
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  if (!headers.has("x-request-id")) headers.set("x-request-id", requestId);
  return headers;
}

export function browserBody(
  status: number,
  body: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> | null {
  return NULL_BODY_STATUSES.has(status) || body.length === 0 ? null : body;
}
