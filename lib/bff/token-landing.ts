import "server-only";
import { applyUpstreamAuthHeaders, isSignedIn, type TAuthValues } from "@/lib/auth/auth-headers";
import { readSession, writeSession } from "@/lib/auth/session";
import { sanitizeLocation } from "@/lib/bff/browser-response";
import type { TBffConfig } from "@/lib/bff/config";
import { isHttpsRequest } from "@/lib/bff/request-info";
import { requestTenant } from "@/lib/bff/request-tenant";
import { callUpstream, isUpstreamFailure } from "@/lib/bff/upstream-call";
import { buildUpstreamHeaders, requestIdOf } from "@/lib/bff/upstream-headers";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { signInPagePath } from "@/lib/navigation/sign-in-path";

/**
 * GET /auth/token (docs/auth-token.md): the landing of a sign-in link that carries
 * devise_token_auth credentials in its query, as devise's own redirects do (`access-token`
 * or `token`, `client` or `client_id`, `uid`, `expiry`), with an optional `redirect` path.
 * The api checks them (GET /auth/validate_token, which also rotates the token, so the link's
 * token is spent); the session cookie then holds them and the browser is sent on with a 303.
 * A redirect never becomes a history entry, so the address with the tokens is neither left
 * in the address bar nor in the history, and `Referrer-Policy: no-referrer` keeps it out of
 * any request the next page makes.
 */

/** Why the sign-in page is shown instead, as its `link` query value. */
const LINK_PARAM = "link";

function seeOther(location: string, requestId: string): Response {
  return new Response(null, {
    status: 303,
    headers: {
      location,
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-request-id": requestId,
    },
  });
}

/** The sign-in page, coming back to `target` afterwards, with why the link did not do it. */
function signInInstead(target: string, reason?: "invalid" | "failed"): string {
  const params = new URLSearchParams();
  if (target !== "/dashboard") params.set("redirect", target);
  if (reason) params.set(LINK_PARAM, reason);
  const query = params.toString();
  return query ? `${signInPagePath}?${query}` : signInPagePath;
}

export async function handleTokenLanding(request: Request, config: TBffConfig): Promise<Response> {
  const requestId = requestIdOf(request);
  const url = new URL(request.url);
  const target = safeReturnPath(url.searchParams.get("redirect"));
  const { auth } = sanitizeLocation(`${url.pathname}${url.search}`);
  if (!auth) {
    const session = await readSession(request, config.session);
    return seeOther(isSignedIn(session) ? target : signInInstead(target), requestId);
  }

  const link: TAuthValues = { accessToken: auth.accessToken, client: auth.client, uid: auth.uid };
  const tenant = requestTenant(request, config);
  const upstream = await callUpstream({
    url: new URL(`${config.apiBaseUrl}/auth/validate_token`),
    method: "GET",
    headers: buildUpstreamHeaders({
      request,
      tenant,
      auth: link,
      requestId,
      hasBody: false,
      passSelection: false,
      siteCenterId: config.centerIds[tenant.slug],
    }),
    body: undefined,
    dispatcher: config.dispatcher,
    timeoutMs: config.timeoutMs,
    requestId,
  });
  if (isUpstreamFailure(upstream) || upstream.status >= 500) {
    return seeOther(signInInstead(target, "failed"), requestId);
  }
  if (upstream.status !== 200) return seeOther(signInInstead(target, "invalid"), requestId);

  // The api rotated the token: the link's is spent, the answer's is the session's.
  const session = applyUpstreamAuthHeaders(link, upstream.headers).session;
  const response = seeOther(target, requestId);
  // A link signs in whoever opens it, replacing any session this browser had.
  await writeSession(response.headers, session, config.session, isHttpsRequest(request));
  return response;
}
