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

export type TPageRevalidator = (tenantSlug: string) => Promise<void>;

/** How long a write waits for the web at most; then it answers anyway. */
export const REVALIDATE_TIMEOUT_MS = 1_000;

/**
 * The call. The write's answer waits for it (loopback: a millisecond or two), so whoever
 * saved and then opens the public page sees the change, but never longer than `timeoutMs`,
 * and it never fails the write: a failure is logged, and the web's pages then age out within
 * PAGE_CACHE_TTL_SECONDS. A no-op without WEB_INTERNAL_URL and REVALIDATE_SECRET. Calls for a
 * tenant while one is under way share one more call after it (a bulk edit makes two, not
 * hundreds), which still starts after their commits.
 */
export function createPageRevalidator(input: {
  webUrl: string | undefined;
  secret: string | undefined;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): TPageRevalidator {
  const { webUrl, secret, log } = input;
  if (!webUrl || !secret) return async () => {};
  const send = input.fetch ?? fetch;
  const timeoutMs = input.timeoutMs ?? REVALIDATE_TIMEOUT_MS;
  const running = new Map<string, Promise<void>>();
  const queued = new Map<string, Promise<void>>();

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

  const start = (tenant: string): Promise<void> => {
    const promise: Promise<void> = call(tenant).finally(() => {
      if (running.get(tenant) === promise) running.delete(tenant);
    });
    running.set(tenant, promise);
    return promise;
  };

  return (tenant) => {
    const waiting = queued.get(tenant);
    if (waiting) return waiting;
    const current = running.get(tenant);
    if (!current) return start(tenant);
    const next = current.then(() => {
      queued.delete(tenant);
      return start(tenant);
    });
    queued.set(tenant, next);
    return next;
  };
}
