import type { FastifyBaseLogger } from "fastify";
import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER } from "../../lib/contract/revalidate";
import { signRevalidation } from "../../lib/contract/revalidate-signature";

/**
 * Telling the web that a tenant's public content changed, so its page cache drops the
 * tenant's pages (docs/page-cache.md). defineRoute calls it after the commit of every write
 * route that may change what a signed-out visitor sees; which ones is decided here, once per
 * route, from its path.
 */

/**
 * Writes that never change a public page: sign-in and the account's own data, messages,
 * notifications, applications, mail templates, exports, jobs, the contact form, calendar
 * tokens. Everything else that writes (vacancies, activities, news, content pages, partners,
 * organisations, site settings, desks, tags, images, forms, peer help, translations,
 * redirect rules, ...) drops the tenant's pages: a write this list forgets costs a cache
 * refill, a write wrongly on it a page up to PAGE_CACHE_TTL_SECONDS old.
 */
const PRIVATE_WRITE_PREFIXES = [
  "/auth",
  "/api/v1/account_deletions",
  "/api/v1/applications",
  "/api/v1/calendar_tokens",
  "/api/v1/confirm",
  "/api/v1/contact_messages",
  "/api/v1/conversations",
  "/api/v1/current_user",
  "/api/v1/data_exports",
  "/api/v1/jobs",
  "/api/v1/notification_templates",
  "/api/v1/notifications",
  "/api/v1/periodic_mail",
  "/api/v1/pool_invitations",
  "/api/v1/sign_in_as_user",
];

/** Whether a route (method and full path pattern) may change a tenant's public pages. */
export function changesPublicPages(method: string, path: string): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const lower = path.toLowerCase();
  return !PRIVATE_WRITE_PREFIXES.some(
    (prefix) =>
      lower === prefix || lower.startsWith(`${prefix}/`) || lower.startsWith(`${prefix}_`),
  );
}

export type TPageRevalidator = (tenantSlug: string) => void;

/** How long the api waits for the web: the write has long been answered by then. */
export const REVALIDATE_TIMEOUT_MS = 2_000;

/**
 * The call, fire and forget: it never delays or fails the write; a failure is logged and the
 * web's pages then age out within PAGE_CACHE_TTL_SECONDS. A no-op without WEB_INTERNAL_URL
 * and REVALIDATE_SECRET. Calls for one tenant that come while one is under way are folded
 * into one more call after it (a bulk edit is one revalidation, not hundreds).
 */
export function createPageRevalidator(input: {
  webUrl: string | undefined;
  secret: string | undefined;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): TPageRevalidator {
  const { webUrl, secret, log } = input;
  if (!webUrl || !secret) return () => {};
  const send = input.fetch ?? fetch;
  const timeoutMs = input.timeoutMs ?? REVALIDATE_TIMEOUT_MS;
  const state = new Map<string, "running" | "again">();

  const call = async (tenant: string): Promise<void> => {
    const { body, signature } = signRevalidation(tenant, secret);
    try {
      const response = await send(`${webUrl}${REVALIDATE_PATH}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", [REVALIDATE_SIGNATURE_HEADER]: signature },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) {
        log.warn({ tenant, status: response.status }, "page revalidation refused by the web");
      }
    } catch (error) {
      log.warn({ tenant, err: error }, "page revalidation failed");
    }
  };

  const run = (tenant: string) => {
    state.set(tenant, "running");
    void call(tenant).then(() => {
      if (state.get(tenant) === "again") run(tenant);
      else state.delete(tenant);
    });
  };

  return (tenant) => {
    if (state.has(tenant)) state.set(tenant, "again");
    else run(tenant);
  };
}
