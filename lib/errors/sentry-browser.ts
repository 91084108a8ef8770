import { captureException, init, withScope } from "@sentry/nextjs";
import type { TErrorMonitor } from "./report";
import { sentryOptions } from "./sentry-options";

/**
 * Sentry in the browser. Only instrumentation-client.ts imports this, dynamically and only
 * when the page names a DSN; named imports keep the chunk to what is used here (a namespace
 * import of @sentry/nextjs would pull in replay, feedback and the rest, about four times
 * the size).
 */
export function startBrowserSentry(config: { dsn: string; environment?: string }): TErrorMonitor {
  init({
    ...sentryOptions({ ...config, userAgent: () => navigator.userAgent }),
    // Errors only: no performance tracing, so no trace headers on the BFF's requests either.
    integrations: (defaults) => defaults.filter((i) => i.name !== "BrowserTracing"),
  });
  return (error, { id, source, details }) => {
    withScope((scope) => {
      scope.setTag("error_id", id);
      scope.setTag("error_source", source);
      scope.setExtras(details);
      captureException(error);
    });
  };
}
