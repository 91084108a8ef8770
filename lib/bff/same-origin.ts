import { requestOrigin } from "@/lib/bff/request-info";

// ARCHITECTURE.md decision 4: unsafe methods through the BFF must come from the same origin.
// The session cookie is SameSite=Lax, which already keeps it off cross-site POSTs; this is
// the second wall (and covers same-site but cross-origin hosts such as other tenants).

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/** True when `request` may go on: a safe method, or an unsafe one from our own origin. */
export function isSameOriginAllowed(request: Request): boolean {
  if (!isUnsafeMethod(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin !== null) {
    const own = requestOrigin(request);
    if (!own || origin === "null") return false;
    try {
      return new URL(origin).origin === own;
    } catch {
      return false;
    }
  }
  // Browsers send Origin on every unsafe fetch; without it, only Fetch Metadata can vouch.
  return request.headers.get("sec-fetch-site") === "same-origin";
}
