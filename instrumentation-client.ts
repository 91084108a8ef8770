// First: it switches zod's code generation off before any form parses (a CSP without eval).
import "@/lib/security/no-eval";
import { isBotUserAgent } from "@/lib/errors/bot-agents";
import { setErrorMonitor } from "@/lib/errors/monitor-registry";
import { readReportingConfig } from "@/lib/errors/reporting-config";

// Error reporting in the browser (ARCHITECTURE.md decision 12, docs/errors.md). Next runs this
// before hydration. The DSN is runtime configuration: the root layout writes it into <head>
// (components/errors/error-reporting-config.tsx) only when SENTRY_DSN is set, and only then
// is Sentry fetched, as a chunk of its own (lib/errors/sentry-browser.ts): without a DSN no
// Sentry code is loaded. Reports made before it has loaded wait for it.

function startErrorMonitoring() {
  const config = readReportingConfig(document);
  // spec §4: errors of search-engine bots only go to the app error hook, so bots never load Sentry.
  if (!config || isBotUserAgent(navigator.userAgent)) return;
  // A chunk that fails to load (offline, a new deployment) leaves the app error hook only.
  const monitor = import("@/lib/errors/sentry-browser")
    .then(({ startBrowserSentry }) => startBrowserSentry(config))
    .catch(() => undefined);
  setErrorMonitor((error, report) => {
    void monitor.then((send) => send?.(error, report));
  });
}

// The <head> arrives in the first chunk of the document, before any script runs; should this
// script ever run earlier, it waits for the parsed document.
if (document.readyState === "loading" && !readReportingConfig(document)) {
  document.addEventListener("DOMContentLoaded", startErrorMonitoring, { once: true });
} else {
  startErrorMonitoring();
}
