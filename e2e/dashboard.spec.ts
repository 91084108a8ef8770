import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { seedUserName } from "./support/seed-data";

// /dashboard on a phone: the organisations table scrolls in a region of its own that the
// keyboard reaches (axe: scrollable-region-focusable), and the page itself reflows at
// 320 px (WCAG 1.4.10: no sideways scrolling). A centre admin, only read here.

const nl = translator("nl");
const en = translator("en");
type T = typeof nl;

test.describe.configure({ timeout: 60_000 });

async function openDashboard(page: Page, t: T) {
  await page.goto("/dashboard");
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: t("dashboard.greeting", { name: seedUserName("admin") }),
    }),
  ).toBeVisible();
  const table = page.getByRole("region", { name: t("dashboard.organizations.tableLabel") });
  await expect(table.getByRole("table")).toBeVisible();
  return table;
}

/** How far the page scrolls sideways (0: it fits the window). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("at 375 px the organisations table scrolls in a named region the keyboard reaches; axe is clean", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);
  const region = await openDashboard(page, nl);

  // Tab reaches the region (it is in the focus order), and the arrow keys scroll it.
  await page.getByRole("heading", { name: nl("dashboard.organizations.heading") }).click();
  let reached = false;
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await region.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  const { wider } = await region.evaluate((el) => ({ wider: el.scrollWidth > el.clientWidth }));
  if (wider) {
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  }
  await expectNoAxeViolations(page);
});

for (const [language, t] of [
  ["nl", nl],
  ["en", en],
] as const) {
  test(`at 320 px (${language}) the dashboard reflows: nothing scrolls sideways but the table`, async ({
    page,
    context,
    baseURL,
  }) => {
    if (language === "en") {
      await context.addCookies([{ name: "i18n_redirected", value: "en", url: baseURL! }]);
    }
    await page.setViewportSize({ width: 320, height: 640 });
    await signInThroughApi(page, baseURL!, DEMO.centreAdmin);
    await openDashboard(page, t);
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
}
