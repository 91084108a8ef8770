/**
 * The browser's error-reporting configuration travels in the page, not in the bundle: the
 * DSN is runtime configuration (SENTRY_DSN of the web process), so one build serves every
 * deployment. components/errors/error-reporting-config.tsx writes these meta tags into
 * <head> only when SENTRY_DSN is set; instrumentation-client.ts reads them.
 */
export const SENTRY_DSN_META = "volunteerly-sentry-dsn";
export const SENTRY_ENVIRONMENT_META = "volunteerly-sentry-environment";

export type TBrowserReportingConfig = { dsn: string; environment?: string };

function metaContent(doc: Document, name: string): string | undefined {
  const content = doc.querySelector(`meta[name="${name}"]`)?.getAttribute("content")?.trim();
  return content || undefined;
}

export function readReportingConfig(doc: Document): TBrowserReportingConfig | undefined {
  const dsn = metaContent(doc, SENTRY_DSN_META);
  if (!dsn) return undefined;
  return { dsn, environment: metaContent(doc, SENTRY_ENVIRONMENT_META) };
}
