import { env } from "@/lib/env";
import { SENTRY_DSN_META, SENTRY_ENVIRONMENT_META } from "@/lib/errors/reporting-config";

/**
 * In the root layout's <head>: tells instrumentation-client.ts where browser errors go
 * (docs/errors.md). Nothing without SENTRY_DSN, so the browser then never loads Sentry.
 * The DSN is public by design (Sentry's DSN only allows sending events).
 */
export function ErrorReportingConfig() {
  if (!env.SENTRY_DSN) return null;
  return (
    <>
      <meta name={SENTRY_DSN_META} content={env.SENTRY_DSN} />
      {env.SENTRY_ENVIRONMENT ? (
        <meta name={SENTRY_ENVIRONMENT_META} content={env.SENTRY_ENVIRONMENT} />
      ) : null}
    </>
  );
}
