/**
 * The one place app code reports an unexpected error (ARCHITECTURE.md decision 12,
 * STYLE.md "logged with an id", docs/errors.md). Every report goes to the app error hook
 * (one structured console.error with an id, plus listeners); it also goes to the error
 * monitor (Sentry) when one is installed and lib/errors/sentry-filter.ts lets it through.
 *
 * Browser and server share this module. It never imports @sentry/*: instrumentation.ts and
 * instrumentation-client.ts install the monitor only when SENTRY_DSN is set, so a page
 * without a DSN ships no Sentry code. The registry lives on globalThis because Next bundles
 * instrumentation and pages separately: each bundle may hold its own copy of this module.
 */
import { errorRegistry as registry } from "./monitor-registry";
import { httpStatusOf, monitoringDecision, type TMonitoringDecision } from "./sentry-filter";

export { hasErrorMonitor, onAppError, setErrorMonitor } from "./monitor-registry";

/** The request of Next's onRequestError (and Sentry's captureRequestError). */
export type TReportRequest = {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
};
export type TReportRequestContext = { routerKind: string; routePath: string; routeType: string };

export type TReportContext = {
  /** Where it was caught: "error-boundary", "global-error", "request", "proxy", … */
  source?: string;
  /** The browser's or the request's user agent; read from `request` (or navigator) when absent. */
  userAgent?: string;
  /** Next's onRequestError request: Sentry then records it with the route (captureRequestError). */
  request?: TReportRequest;
  requestContext?: TReportRequestContext;
  /** Anything else worth knowing ({ path, tenant, locale }): logged and sent as extras. */
  [detail: string]: unknown;
};

/** What the app error hook gets: one line per report, correlatable through `id`. */
export type TAppErrorRecord = {
  id: string;
  source: string;
  name: string;
  message: string;
  status?: number;
  digest?: string;
  path?: string;
  /** "send": also to the error monitor; otherwise why not (lib/errors/sentry-filter.ts). */
  monitoring: TMonitoringDecision | "server" | "disabled";
  details?: Record<string, unknown>;
  stack?: string;
};

export type TMonitorReport = {
  id: string;
  source: string;
  request?: TReportRequest;
  requestContext?: TReportRequestContext;
  details: Record<string, unknown>;
};
export type TErrorMonitor = (error: unknown, report: TMonitorReport) => void;
export type TAppErrorListener = (record: TAppErrorRecord, error: unknown) => void;

/** A short random id; crypto.randomUUID needs a secure context in browsers. */
export function newErrorId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return uuid;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeError(error: unknown): Pick<TAppErrorRecord, "name" | "message" | "stack"> {
  if (error instanceof Error)
    return { name: error.name, message: error.message, stack: error.stack };
  return { name: typeof error, message: String(error) };
}

function digestOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("digest" in error)) return undefined;
  return typeof error.digest === "string" ? error.digest : undefined;
}

/**
 * Reports an unexpected error; returns its id. Never throws: reporting must not turn one
 * failure into two. The same error object is reported once (React's strict mode runs an
 * effect twice; a boundary may remount), later calls return the first id.
 *
 * In the browser, an error with a digest came out of a server render, where onRequestError
 * (instrumentation.ts) already reported the original: it goes to the hook only.
 */
export function reportError(error: unknown, context: TReportContext = {}): string {
  const { monitor, listeners, reported } = registry();
  const isObject = typeof error === "object" && error !== null;
  const earlier = isObject ? reported.get(error) : undefined;
  if (earlier) return earlier;
  const id = newErrorId();
  if (isObject) reported.set(error, id);
  const {
    source = "app",
    userAgent: givenUserAgent,
    request,
    requestContext,
    ...details
  } = context;
  const userAgent =
    givenUserAgent ??
    firstHeader(request?.headers["user-agent"]) ??
    (typeof window !== "undefined" ? window.navigator.userAgent : undefined);
  const digest = digestOf(error);
  const decision = monitoringDecision(error, userAgent);
  const fromServer = typeof window !== "undefined" && digest !== undefined;
  const monitoring =
    decision !== "send" ? decision : fromServer ? "server" : monitor ? "send" : "disabled";
  const hasDetails = Object.keys(details).length > 0;

  const record: TAppErrorRecord = {
    id,
    source,
    ...describeError(error),
    status: httpStatusOf(error),
    digest,
    path: request?.path ?? (typeof details.path === "string" ? details.path : undefined),
    monitoring,
    ...(hasDetails ? { details } : {}),
  };
  try {
    console.error(`[app-error] ${id}`, record);
    for (const listener of listeners) listener(record, error);
  } catch {
    // A failing listener must not stop the report reaching the monitor.
  }
  if (monitoring === "send" && monitor) {
    try {
      monitor(error, { id, source, request, requestContext, details });
    } catch (failure) {
      console.error(`[app-error] ${id}: the error monitor failed`, failure);
    }
  }
  return id;
}
