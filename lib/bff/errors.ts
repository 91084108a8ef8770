// The BFF's own refusals, as JSON:API error objects with all five keys (api-contract.md §2.2).
// Closed set: each code maps to one status, title and user-facing detail here and nowhere else.

const BFF_ERRORS = {
  cross_origin: {
    status: 403,
    title: "Forbidden",
    detail: "This request must come from the site itself.",
  },
  upstream_unavailable: {
    status: 502,
    title: "Bad Gateway",
    detail: "The service is unavailable, please try again later.",
  },
  // The api took longer than API_TIMEOUT_MS to answer (lib/bff/upstream-call.ts). A 503,
  // not a 504: the browser meets api trouble only as 502 (cannot reach it) or 503 (try again
  // later), the two statuses its error handling and the load bench's targets know.
  upstream_timeout: {
    status: 503,
    title: "Service Unavailable",
    detail: "The service took too long to answer, please try again later.",
  },
  not_found: {
    status: 404,
    title: "Not Found",
    detail: null,
  },
  // docs/impersonation-and-account-deletion.md: one level of sign-in-as at a time.
  already_impersonating: {
    status: 409,
    title: "Conflict",
    detail: "You are already signed in as another user. Return to your own account first.",
  },
  not_impersonating: {
    status: 409,
    title: "Conflict",
    detail: "You are not signed in as another user.",
  },
  // POST /api/locale with a language the site does not have (only a crafted form sends one).
  unknown_locale: {
    status: 400,
    title: "Bad Request",
    detail: "The language must be nl or en.",
  },
  // A NUL or a lone surrogate in the path or query (lib/security/request-target.ts).
  invalid_characters: {
    status: 400,
    title: "Bad Request",
    detail: "The address contains characters that are not allowed.",
  },
  method_not_allowed: {
    status: 405,
    title: "Method Not Allowed",
    detail: null,
  },
  // spec §8's generic description.
  internal: {
    status: 500,
    title: "Internal Server Error",
    detail:
      "An error has occurred. If the problem persists, please contact a system administrator or try again later.",
  },
} as const;

export type TBffErrorCode = keyof typeof BFF_ERRORS;

export const JSON_API_CONTENT_TYPE = "application/vnd.api+json";

export function bffErrorBody(code: TBffErrorCode) {
  const { status, title, detail } = BFF_ERRORS[code];
  return { errors: [{ status: String(status), source: null, title, detail, code }] };
}

export function bffErrorResponse(code: TBffErrorCode, requestId?: string): Response {
  const headers = new Headers({
    "content-type": JSON_API_CONTENT_TYPE,
    "cache-control": "no-store",
  });
  if (requestId) headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(bffErrorBody(code)), {
    status: BFF_ERRORS[code].status,
    headers,
  });
}
