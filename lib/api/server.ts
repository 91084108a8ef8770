import "server-only";
/**
 * The api client for server code, pointed straight at the api. Only for PUBLIC
 * (unauthenticated) calls: see docs/decisions.md (Auth): with token rotation an RSC
 * would rotate the token but cannot write the cookie. Signed-in data goes through the BFF.
 * The api scopes by tenant, so callers pass `X-Tenant` (and Volunteer-Center-Id) per call.
 */
import { env } from "@/lib/env";
import { createApiClient } from "./client";
import { watchUpstream } from "./upstream-health";

export const serverApi = createApiClient({
  baseUrl: () => env.API_BASE_URL,
  timeoutMs: env.API_TIMEOUT_MS,
  // A page that fails while the api is away is answered 503 (lib/api/upstream-health.ts).
  fetch: watchUpstream((input, init) => globalThis.fetch(input, init)),
});
