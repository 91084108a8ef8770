import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./e2e/support/browser";
import { E2E, SINK_URL } from "./e2e/support/ports";

// e2e against the built app (`npm run test:e2e` runs `next build` first; the web server
// here only starts it) with Debian's chromium (e2e/support/browser.ts), one worker: the specs
// share one database.
const CI = Boolean(process.env.CI);
const baseURL = `http://localhost:${E2E.webPort}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  workers: 1,
  fullyParallel: false,
  // No retries: a flaky test must show as failing, not pass on a second try.
  retries: 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    // Dutch users on Dutch time: the app's fallback language and the spec's audience.
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: [
    {
      name: "smtp",
      command: "node --import tsx e2e/support/smtp-sink.ts",
      url: `${SINK_URL}/messages`,
      reuseExistingServer: !CI,
      timeout: 30_000,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      name: "app",
      // A fresh database every run (the start script seeds it). DATABASE_URL is dropped so a
      // developer's PostgreSQL is never the one the specs write to.
      command: `rm -rf ${E2E.pgliteDir} && env -u DATABASE_URL node --import tsx scripts/start.ts`,
      url: `${baseURL}/api/session`,
      env: {
        PORT: String(E2E.webPort),
        API_PORT: String(E2E.apiPort),
        API_BASE_URL: `http://127.0.0.1:${E2E.apiPort}`,
        PGLITE_DIR: E2E.pgliteDir,
        SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
        LOG_LEVEL: "warn",
        // Every spec signs in from 127.0.0.1: one shared per-IP budget would make the suite's
        // size decide its outcome. Per-account limits stay as in production.
        AUTH_SIGN_IN_LIMIT_PER_IP: "1000",
        AUTH_MAIL_LIMIT_PER_IP: "1000",
        NEXT_TELEMETRY_DISABLED: "1",
        // spec §2 test pages (/test/toaster, /test/server-error) are what some specs drive.
        ENABLE_DEV_PAGES: "true",
        // spec §2: on this host every other path redirects to /gelderse-handen (tenants.spec).
        GELDERSE_HANDEN_HOST: "gelderse-handen.localhost",
        // docs/page-cache.md: the public pages come from the web's page cache, which the api
        // empties per tenant after an edit (page-cache.spec.ts). Stated here rather than left
        // to the start script's defaults, so the spec knows both sides share it.
        WEB_INTERNAL_URL: `http://127.0.0.1:${E2E.webPort}`,
        REVALIDATE_SECRET: "e2e-revalidate-secret-not-for-production-use",
        PAGE_CACHE_TTL_SECONDS: "60",
      },
      stdout: "pipe",
      reuseExistingServer: !CI,
      // Fresh PGlite init + migrate + seed + start (~20 s on 2 cores); a missing build adds 2-3 min.
      timeout: 300_000,
      // SIGTERM lets the api close its database; the start script stops both children.
      gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    },
  ],
});
