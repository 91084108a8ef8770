import { existsSync } from "node:fs";

/**
 * The browser the e2e drive: Debian's chromium-headless-shell where it is installed (.ci/run
 * installs it), the old headless shell that Playwright itself would use. Debian's full
 * chromium runs headless as the whole browser, with a GPU process and a heavier context per
 * test: 20 % more time over the accessibility spec on a 2-core machine. CHROMIUM_PATH picks
 * another one.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
