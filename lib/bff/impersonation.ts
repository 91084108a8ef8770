import "server-only";
import type { TAuthValues } from "@/lib/auth/auth-headers";
import { impersonatorOf, readSession, writeSession } from "@/lib/auth/session";
import type { TBffConfig } from "@/lib/bff/config";
import { bffErrorResponse } from "@/lib/bff/errors";
import { isHttpsRequest } from "@/lib/bff/request-info";
import { requestTenant } from "@/lib/bff/request-tenant";
import { isSameOriginAllowed } from "@/lib/bff/same-origin";
import { callUpstream } from "@/lib/bff/upstream-call";
import { buildUpstreamHeaders, requestIdOf } from "@/lib/bff/upstream-headers";

// Signing in as another user and back (docs/impersonation-and-account-deletion.md).
// POST /api/v1/sign_in_as_user goes through forwardRequest in "impersonate" mode, which keeps
// the admin's own session in the cookie as `impersonator`; this file ends it again.

export const END_IMPERSONATION_PATH = "/api/v1/sign_in_as_user";

/**
 * DELETE /api/v1/sign_in_as_user with the impersonated client's headers: the api removes that
 * client and audits the end in the admin's name. Best effort: whatever the api answers (or if
 * it does not), the caller goes on, as sign-out does (spec §8).
 */
export async function endImpersonationUpstream(
  request: Request,
  config: TBffConfig,
  impersonated: TAuthValues,
  requestId: string,
): Promise<void> {
  const tenant = requestTenant(request, config);
  await callUpstream({
    url: new URL(`${config.apiBaseUrl}${END_IMPERSONATION_PATH}`),
    method: "DELETE",
    headers: buildUpstreamHeaders({
      request,
      tenant,
      auth: impersonated,
      requestId,
      hasBody: false,
      passSelection: true,
      siteCenterId: config.centerIds[tenant.slug],
    }),
    body: undefined,
    dispatcher: config.dispatcher,
    timeoutMs: config.timeoutMs,
    requestId,
  });
}

/**
 * Back to the admin's own account: the impersonated client is signed out upstream, then the
 * cookie holds the admin's session again, whatever the api said. 409 when the browser is not
 * signed in as someone else. Also answers DELETE /api/v1/sign_in_as_user through the BFF, so
 * that call can never leave the cookie holding a client the api has just removed.
 */
export async function stopImpersonating(request: Request, config: TBffConfig): Promise<Response> {
  const requestId = requestIdOf(request);
  if (!isSameOriginAllowed(request)) return bffErrorResponse("cross_origin", requestId);
  const session = await readSession(request, config.session);
  const original = impersonatorOf(session);
  if (!original) return bffErrorResponse("not_impersonating", requestId);
  await endImpersonationUpstream(request, config, session, requestId);
  const headers = new Headers({
    "content-type": "application/json",
    "cache-control": "no-store",
    "x-request-id": requestId,
  });
  await writeSession(headers, original, config.session, isHttpsRequest(request));
  return new Response(JSON.stringify({ signedIn: true }), { status: 200, headers });
}

/** POST /api/session/stop_impersonating. */
export async function handleStopImpersonating(
  request: Request,
  config: TBffConfig,
): Promise<Response> {
  if (request.method.toUpperCase() !== "POST") {
    const response = bffErrorResponse("method_not_allowed", requestIdOf(request));
    response.headers.set("allow", "POST");
    return response;
  }
  return stopImpersonating(request, config);
}
