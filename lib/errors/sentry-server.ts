import "server-only";
import * as Sentry from "@sentry/nextjs";
import { setErrorMonitor } from "./report";
import { sentryOptions } from "./sentry-options";

export type TServerMonitoringOptions = { dsn: string; environment?: string };

/**
 * Sentry for the Node.js server (instrumentation.ts register(), only when SENTRY_DSN is set),
 * and the monitor behind reportError. No performance tracing: spans cost on every request and
 * nobody reads them yet (a sample rate would be a new setting in lib/env.ts). What is
 * collected: lib/errors/sentry-options.ts.
 */
export function initServerErrorMonitoring({ dsn, environment }: TServerMonitoringOptions) {
  // No tracesSampleRate: left unset, the SDK creates no spans at all (errors only).
  const client = Sentry.init(sentryOptions({ dsn, environment }));
  setErrorMonitor((error, { id, source, request, requestContext, details }) => {
    Sentry.withScope((scope) => {
      scope.setTag("error_id", id);
      scope.setTag("error_source", source);
      scope.setExtras(details);
      if (request && requestContext) {
        // Records the request (path, method, headers incl. user-agent) and the route.
        Sentry.captureRequestError(error, request, requestContext);
      } else {
        Sentry.captureException(error);
      }
    });
  });
  return client;
}
