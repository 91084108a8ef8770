import type { Instrumentation } from "next";
import { env } from "@/lib/env";
import { reportError } from "@/lib/errors/report";

// Error reporting on the server (ARCHITECTURE.md decision 12, docs/errors.md). Next calls
// register() once per server process and runtime, and onRequestError for every error of a
// render, route handler, server action or proxy.ts. Sentry is loaded only when SENTRY_DSN
// is set; without it errors still reach the app error hook (reportError).

export async function register() {
  // NEXT_RUNTIME is Next's own build-time constant, not configuration: Sentry's server SDK
  // is for Node.js only, and this app has no edge code.
  if (process.env.NEXT_RUNTIME !== "nodejs" || !env.SENTRY_DSN) return;
  const { initServerErrorMonitoring } = await import("@/lib/errors/sentry-server");
  initServerErrorMonitoring({ dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT });
}

/**
 * Next's request errors → reportError, which sends them to Sentry (captureRequestError,
 * with the request and route) unless lib/errors/sentry-filter.ts holds them back: 3xx/4xx
 * interrupts and errors of search-engine bots (the request's user-agent).
 */
export const onRequestError: Instrumentation.onRequestError = (error, request, context) => {
  reportError(error, {
    source: "request",
    request: { path: request.path, method: request.method, headers: { ...request.headers } },
    requestContext: {
      routerKind: context.routerKind,
      routePath: context.routePath,
      routeType: context.routeType,
    },
  });
};
