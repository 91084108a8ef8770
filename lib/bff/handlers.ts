import "server-only";
import { isSignedIn } from "@/lib/auth/auth-headers";
import { impersonatorOf, readSession } from "@/lib/auth/session";
import type { TBffConfig } from "@/lib/bff/config";
import { bffErrorResponse } from "@/lib/bff/errors";
import { forwardRequest, type TSessionMode } from "@/lib/bff/forward";
import { END_IMPERSONATION_PATH, stopImpersonating } from "@/lib/bff/impersonation";
import { preparePasswordUpdate } from "@/lib/bff/password-reset";

// The BFF entry points the route handlers call. Paths come from the raw request URL,
// not from decoded route params, so the api sees exactly the path the browser sent.

const API_PREFIX = "/api/v1/";
const AUTH_PREFIX = "/api/auth";
/** RFC 8058: the periodic mail's List-Unsubscribe-Post target, posted by mail clients. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/api/v1/periodic_mail/unsubscribe";

/** spec §7: sign-in-as-user answers with the impersonated user's auth headers, which are
 *  stored, with the admin's own session kept beside them (lib/bff/impersonation.ts). */
function apiSessionMode(method: string, path: string): TSessionMode {
  return method === "POST" && path === END_IMPERSONATION_PATH ? "impersonate" : "rotate";
}

/** /api/v1/* → API_BASE_URL/api/v1/*. */
export async function handleApiRequest(request: Request, config: TBffConfig): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(API_PREFIX)) return bffErrorResponse("not_found");
  // Ending an impersonation must also give the cookie back its admin session.
  if (request.method.toUpperCase() === "DELETE" && path === END_IMPERSONATION_PATH) {
    return stopImpersonating(request, config);
  }
  return forwardRequest(request, config, {
    upstreamPath: path,
    sessionMode: apiSessionMode(request.method.toUpperCase(), path),
    sessionless: request.method.toUpperCase() === "POST" && path === ONE_CLICK_UNSUBSCRIBE_PATH,
  });
}

/** /api/auth/* → API_BASE_URL/auth/* (devise_token_auth, api-contract.md §1). */
export async function handleAuthRequest(request: Request, config: TBffConfig): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path !== AUTH_PREFIX && !path.startsWith(`${AUTH_PREFIX}/`)) {
    return bffErrorResponse("not_found");
  }
  const upstreamPath = `/auth${path.slice(AUTH_PREFIX.length)}`.replace(/\/$/, "");
  const method = request.method.toUpperCase();
  // Sign-in, and accepting an invitation, which signs the invitee in: a fresh session.
  if (
    (method === "POST" && upstreamPath === "/auth/sign_in") ||
    (method === "PUT" && upstreamPath === "/auth/invitation")
  ) {
    return forwardRequest(request, config, { upstreamPath, sessionMode: "replace" });
  }
  if (method === "DELETE" && upstreamPath === "/auth/sign_out") {
    return forwardRequest(request, config, { upstreamPath, sessionMode: "sign-out" });
  }
  if (method === "PUT" && upstreamPath === "/auth/password") {
    return forwardRequest(request, config, {
      upstreamPath,
      sessionMode: "rotate",
      prepare: preparePasswordUpdate,
    });
  }
  return forwardRequest(request, config, { upstreamPath, sessionMode: "rotate" });
}

/** GET /api/session: whether this browser is signed in, and as someone else, without asking
 *  the api. */
export async function handleSessionStatus(request: Request, config: TBffConfig): Promise<Response> {
  const session = await readSession(request, config.session);
  return Response.json(
    { signedIn: isSignedIn(session), impersonating: impersonatorOf(session) !== undefined },
    { headers: { "cache-control": "no-store" } },
  );
}

export { handleStopImpersonating } from "@/lib/bff/impersonation";
