import "server-only";
import { applyUpstreamAuthHeaders, isSignedIn, type TAuthValues } from "@/lib/auth/auth-headers";
import {
  clearSession,
  impersonatorOf,
  readSession,
  type TSession,
  writeSession,
} from "@/lib/auth/session";
import { browserBody, browserHeaders, sanitizeLocation } from "@/lib/bff/browser-response";
import type { TBffConfig } from "@/lib/bff/config";
import { bffErrorResponse } from "@/lib/bff/errors";
import { endImpersonationUpstream } from "@/lib/bff/impersonation";
import { isHttpsRequest } from "@/lib/bff/request-info";
import { requestTenant } from "@/lib/bff/request-tenant";
import { isSameOriginAllowed } from "@/lib/bff/same-origin";
import { callUpstream, isUpstreamFailure, type TUpstreamResponse } from "@/lib/bff/upstream-call";
import { buildUpstreamHeaders, requestIdOf } from "@/lib/bff/upstream-headers";
import { ROUTE_PATTERN_HEADER, UNMATCHED_ROUTE } from "@/lib/contract/metrics";
import { observeBffRequest } from "@/lib/metrics/web-metrics";

/**
 * What happens to the session cookie after the api answered:
 * - rotate: store rotated auth headers by the rules of api-contract.md §4 (every call);
 * - replace: a 2xx with auth headers starts a fresh session (sign-in);
 * - impersonate: sent with the current session; a 2xx with auth headers becomes the session,
 *   and the current one is kept beside it as `impersonator` (sign_in_as_user);
 * - sign-out: the cookie is cleared and the browser gets 200 whatever the api said (spec §8).
 */
export type TSessionMode = "rotate" | "replace" | "impersonate" | "sign-out";

export type TForwardPlan = {
  /** The api path, e.g. "/auth/sign_in"; the browser's query string is appended. */
  upstreamPath: string;
  sessionMode: TSessionMode;
  /**
   * A request a mail client sends on its own (RFC 8058 one-click unsubscribe): from no
   * origin of ours, so the same-origin wall does not apply, and it goes upstream without
   * the browser's session, so nothing of a session can be used or changed by it.
   */
  sessionless?: boolean;
  /** Last look at what goes upstream: may rewrite the body and the auth values sent. */
  prepare?: (input: {
    body: Buffer | undefined;
    auth: TAuthValues;
    contentType: string | null;
  }) => {
    body: Buffer | undefined;
    auth: TAuthValues;
    sessionMode?: TSessionMode;
  };
};

const BODYLESS_METHODS = new Set(["GET", "HEAD"]);

function upstreamUrl(apiBaseUrl: string, path: string, search: string): URL | null {
  const url = new URL(`${apiBaseUrl}${path}${search}`);
  // Dot segments ("/api/v1/%2e%2e/…") are resolved by URL parsing; refuse anything that
  // thereby left the prefix it was forwarded under.
  const prefix = path.startsWith("/api/v1/") ? "/api/v1/" : "/auth";
  return url.pathname.startsWith(prefix) ? url : null;
}

/** spec §8: a sign-out error is ignored; the browser is signed out regardless. */
function signOutResponse(requestId: string, config: TBffConfig, secure: boolean): Response {
  const headers = new Headers({
    "content-type": "application/json",
    "cache-control": "no-store",
    "x-request-id": requestId,
  });
  clearSession(headers, config.session, secure);
  return new Response(JSON.stringify({ success: true }), { status: 200, headers });
}

/** The session to store after `upstream` answered, or undefined when the cookie stays as it is. */
function nextSession(
  mode: TSessionMode,
  current: TSession,
  upstream: TUpstreamResponse,
): TSession | undefined {
  if (mode === "replace" || mode === "impersonate") {
    if (upstream.status < 200 || upstream.status >= 300) return undefined;
    const fresh = applyUpstreamAuthHeaders({}, upstream.headers).session;
    if (mode === "replace") return fresh;
    if (!isSignedIn(current)) return undefined;
    // The admin's token was not rotated by this call (the api skips it), so it still works.
    const { accessToken, client, uid, expiry } = current;
    return { ...fresh, impersonator: { accessToken, client, uid, expiry } };
  }
  const location = upstream.headers.location;
  const redirectAuth = typeof location === "string" ? sanitizeLocation(location).auth : undefined;
  // A devise redirect that carried credentials in its URL signs the browser in with them.
  if (redirectAuth && upstream.status >= 300 && upstream.status < 400) return redirectAuth;
  const { session, changed } = applyUpstreamAuthHeaders(current, upstream.headers);
  if (!changed) return undefined;
  // A rotated token of the impersonated user leaves the admin's session where it was.
  return current.impersonator ? { ...session, impersonator: current.impersonator } : session;
}

/**
 * The BFF path pattern of a request, from the route pattern the api matched
 * (`/api/v1/users/:id`; `/auth/sign_in` is the BFF's `/api/auth/sign_in`): never the URL, so
 * ids do not make a series each. Unmatched when the api did not say (no answer, a refusal
 * before the call, an unknown route).
 */
function bffRoute(upstreamPattern: string | string[] | undefined): string {
  const pattern = Array.isArray(upstreamPattern) ? upstreamPattern[0] : upstreamPattern;
  if (!pattern || !/^\/[A-Za-z0-9_:.*/-]{0,200}$/.test(pattern)) return UNMATCHED_ROUTE;
  if (pattern.startsWith("/api/v1/")) return pattern;
  if (pattern === "/auth" || pattern.startsWith("/auth/")) return `/api${pattern}`;
  return UNMATCHED_ROUTE;
}

/** Forwards one browser request to the api and answers it; never throws for api trouble.
 *  Every BFF request to the api passes here, so here it is counted and timed. */
export async function forwardRequest(
  request: Request,
  config: TBffConfig,
  plan: TForwardPlan,
): Promise<Response> {
  const started = performance.now();
  const seen: { pattern?: string | string[] } = {};
  let status = 500;
  try {
    const response = await forward(request, config, plan, seen);
    status = response.status;
    return response;
  } finally {
    observeBffRequest({
      method: request.method,
      route: bffRoute(seen.pattern),
      status,
      seconds: (performance.now() - started) / 1000,
    });
  }
}

async function forward(
  request: Request,
  config: TBffConfig,
  plan: TForwardPlan,
  seen: { pattern?: string | string[] },
): Promise<Response> {
  const requestId = requestIdOf(request);
  if (!plan.sessionless && !isSameOriginAllowed(request)) {
    return bffErrorResponse("cross_origin", requestId);
  }

  const incomingUrl = new URL(request.url);
  const url = upstreamUrl(config.apiBaseUrl, plan.upstreamPath, incomingUrl.search);
  if (!url) return bffErrorResponse("not_found", requestId);

  const secure = isHttpsRequest(request);
  const session = await readSession(request, config.session);
  const method = request.method.toUpperCase();
  let body: Buffer | undefined = BODYLESS_METHODS.has(method)
    ? undefined
    : Buffer.from(await request.arrayBuffer());
  if (body?.length === 0) body = undefined;

  let auth: TAuthValues = plan.sessionMode === "replace" || plan.sessionless ? {} : session;
  let mode = plan.sessionMode;
  // One level only: the api would refuse as well, but the cookie has room for one admin.
  if (mode === "impersonate" && impersonatorOf(session)) {
    return bffErrorResponse("already_impersonating", requestId);
  }
  if (plan.prepare) {
    const prepared = plan.prepare({ body, auth, contentType: request.headers.get("content-type") });
    body = prepared.body;
    auth = prepared.auth;
    mode = prepared.sessionMode ?? mode;
  }

  const tenant = requestTenant(request, config);
  const original = mode === "sign-out" ? impersonatorOf(session) : undefined;
  if (original) {
    // Signing out while signed in as someone: that client ends as an impersonation (so the
    // api audits its end), then the admin's own client signs out. Both best effort.
    await endImpersonationUpstream(request, config, session, requestId);
    auth = original;
  }
  // Signing out a browser that holds no session needs no api call.
  const skipUpstream = mode === "sign-out" && !isSignedIn(auth);
  const upstream = skipUpstream
    ? null
    : await callUpstream({
        url,
        method,
        headers: buildUpstreamHeaders({
          request,
          tenant,
          auth,
          requestId,
          hasBody: body !== undefined,
          passSelection: plan.upstreamPath.startsWith("/api/v1/"),
          siteCenterId: config.centerIds[tenant.slug],
        }),
        body,
        dispatcher: config.dispatcher,
        timeoutMs: config.timeoutMs,
        requestId,
      });

  if (upstream && !isUpstreamFailure(upstream))
    seen.pattern = upstream.headers[ROUTE_PATTERN_HEADER];
  // No call is made only for a sign-out, which answers the same whatever the api did.
  if (mode === "sign-out" || !upstream) return signOutResponse(requestId, config, secure);
  if (isUpstreamFailure(upstream)) return bffErrorResponse(upstream.failed, requestId);
  // Response cannot carry 1xx or invented statuses; an api that sends one is broken.
  if (upstream.status < 200 || upstream.status > 599) {
    return bffErrorResponse("upstream_unavailable", requestId);
  }

  const headers = browserHeaders(upstream.headers, upstream.status, requestId);
  const stored = plan.sessionless
    ? undefined
    : nextSession(mode, mode === "replace" ? {} : session, upstream);
  // Only a complete sign-in is ever stored; anything less leaves the cookie as it was.
  if (stored !== undefined && isSignedIn(stored)) {
    await writeSession(headers, stored, config.session, secure);
  }
  const answer = browserBody(upstream.status, upstream.body);
  // The body is buffered already: a known length spares the browser a chunked stream.
  if (answer) headers.set("content-length", String(answer.byteLength));
  return new Response(answer, { status: upstream.status, headers });
}
