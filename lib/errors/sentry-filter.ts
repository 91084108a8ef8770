/**
 * What may go to error monitoring (ARCHITECTURE.md decision 12, spec §4/§8, docs/errors.md):
 *  - errors with an HTTP status from 300 up to (not including) 500 never: redirects and
 *    client errors (401, 403, 404, validation) are answers, not faults. The status is read
 *    from `statusCode`/`status` on the error (ApiError has `statusCode`) or from the digest
 *    of Next's interrupts (notFound/forbidden/unauthorized/redirect);
 *  - errors of search-engine bots never: they only go to the app error hook.
 * No import of @sentry/*: the same rules run in reportError (lib/errors/report.ts), on the
 * server and in the browser, and as Sentry's `beforeSend` once Sentry is loaded.
 */

import { isBotUserAgent } from "./bot-agents";

export { isBotUserAgent } from "./bot-agents";

/** Next's digest of notFound()/forbidden()/unauthorized(): 'NEXT_HTTP_ERROR_FALLBACK;404'. */
const HTTP_FALLBACK_DIGEST = /^NEXT_HTTP_ERROR_FALLBACK;(\d{3})$/;
/** Next's digest of redirect(): 'NEXT_REDIRECT;replace;/path;307;' (the path may hold ';'). */
const REDIRECT_DIGEST = /^NEXT_REDIRECT;/;
const REDIRECT_STATUS = /;(3\d\d);$/;

/** The HTTP status a Next.js interrupt digest (or an error message equal to it) stands for. */
export function statusOfNextDigest(digest: string): number | undefined {
  const fallback = HTTP_FALLBACK_DIGEST.exec(digest);
  if (fallback) return Number(fallback[1]);
  if (REDIRECT_DIGEST.test(digest) || digest === "NEXT_REDIRECT") {
    const status = REDIRECT_STATUS.exec(digest);
    return status ? Number(status[1]) : 307;
  }
  if (digest === "NEXT_NOT_FOUND") return 404;
  return undefined;
}

function statusValue(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\d{3}$/.test(value)) return Number(value);
  return undefined;
}

/** The HTTP status an error stands for: statusCode, status, or a Next.js interrupt's digest. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const record = error as Record<string, unknown>;
  const status = statusValue(record.statusCode) ?? statusValue(record.status);
  if (status !== undefined) return status;
  if (typeof record.digest === "string") return statusOfNextDigest(record.digest);
  return undefined;
}

/** spec §8: "except client errors with status 300 up to but not including 500". */
export function isExpectedStatus(status: number | undefined): boolean {
  return status !== undefined && status >= 300 && status < 500;
}

/** A redirect or client error: shown or followed, never reported. */
export function isExpectedError(error: unknown): boolean {
  return isExpectedStatus(httpStatusOf(error));
}

export type TMonitoringDecision = "send" | "expected" | "bot";

/** Whether an error goes to error monitoring, and if not, why. */
export function monitoringDecision(error: unknown, userAgent?: string | null): TMonitoringDecision {
  if (isExpectedError(error)) return "expected";
  if (isBotUserAgent(userAgent)) return "bot";
  return "send";
}

// ---- Sentry's beforeSend ----------------------------------------------------------------

/** The parts of a Sentry error event the filter reads and scrubs (structural: no @sentry import). */
type TEventLike = {
  exception?: { values?: Array<{ value?: string }> };
  request?: {
    headers?: Record<string, string>;
    cookies?: unknown;
  };
};
type THintLike = { originalException?: unknown };

/** Request headers that carry credentials or the client's address: never sent. */
const SECRET_HEADERS = new Set([
  "cookie",
  "set-cookie",
  "authorization",
  "access-token",
  "client",
  "uid",
  "x-forwarded-for",
  "x-real-ip",
]);

function headerOf(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Sentry's `beforeSend`: drops what `monitoringDecision` keeps away (looking at the hint's
 * original exception, else at the event's exception text for Next's digests) and strips
 * credentials from the request. `userAgent` is the browser's own (navigator.userAgent);
 * on the server the request's user-agent header in the event is used.
 */
export function createBeforeSend(options: { userAgent?: () => string | undefined } = {}) {
  return <TEvent extends TEventLike>(event: TEvent, hint?: THintLike): TEvent | null => {
    const original = hint?.originalException;
    const text = event.exception?.values?.[0]?.value;
    const status =
      httpStatusOf(original) ?? (text === undefined ? undefined : statusOfNextDigest(text));
    if (isExpectedStatus(status)) return null;
    const userAgent = options.userAgent?.() ?? headerOf(event.request?.headers, "user-agent");
    if (isBotUserAgent(userAgent)) return null;
    if (event.request) {
      delete event.request.cookies;
      const headers = event.request.headers;
      if (headers) {
        for (const name of Object.keys(headers)) {
          if (SECRET_HEADERS.has(name.toLowerCase())) delete headers[name];
        }
      }
    }
    return event;
  };
}
