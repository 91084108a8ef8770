import { expect, type Page, test } from "@playwright/test";
import { describeClient } from "../backend/auth/user-agent-client";
import { seedActivityEventsOf } from "../backend/db/seed/activity-events";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// spec §2's toolbar "activity": the signed-in user's own recent account events
// (docs/shell.md, Activity). Oldebroek's organization admin, whom no other spec signs in
// with or changes; the seed gives the account some older events
// (backend/db/seed/activity-events.ts).

const nl = translator("nl");
const USER = seedEmail("org-admin", "oldebroek");

/** `<slug>.localhost` resolves to this machine in Chromium and names the tenant. */
const onOldebroek = (path: string) => `http://oldebroek.localhost:${E2E.webPort}${path}`;

/**
 * Signs in through the BFF, not the form (STYLE.md), from the page itself: Node does not
 * resolve *.localhost, so page.request (signInThroughApi) cannot reach oldebroek's host.
 * The request carries the browser's own User-Agent, which the api turns into the client.
 */
async function signIn(page: Page) {
  await page.goto(onOldebroek("/auth/login-1"));
  await signInFromPage(page, USER);
}

test("after signing in, the activity panel lists that sign-in 'zojuist' with the browser, then older events; axe is clean with it open; Escape closes it", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(onOldebroek("/dashboard"));

  const button = page.getByRole("banner").getByRole("button", { name: nl("activity.button") });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");

  const list = page.getByRole("banner").getByRole("list", { name: nl("activity.heading") });
  const items = list.getByRole("listitem");
  const first = items.first();
  await expect(first).toContainText(nl("activity.actions.signedIn"));
  await expect(first.locator("time")).toHaveText(nl("layout.justNow"));
  // "Chrome op Linux", or "Linux" alone where the api does not count HeadlessChrome as Chrome.
  await expect(first).toContainText(/Chrom|Linux/);
  await expect(first).not.toContainText(nl("activity.notBySelf"));

  // The seeded events follow, newest first: the newest of them is there, after the sign-in.
  const seeded = seedActivityEventsOf("org-admin").at(-1)!;
  const seededItem = list
    .locator(`li[data-action="${seeded.action}"]`)
    .filter({ hasText: seeded.client ? describeClient(...seeded.client, "nl")! : "" })
    .filter({ hasNotText: nl("layout.justNow") });
  await expect(seededItem).toHaveCount(1);
  await expect(items.nth(1)).toBeVisible();
  const times = await list
    .locator("time")
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute("datetime") ?? "")));
  expect(times.length).toBeGreaterThan(1);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(times[1]).toBeLessThan(times[0]);

  // The help line's way out: a new password by mail.
  await expect(page.getByRole("banner").locator('a[href="/auth/recover"]')).toBeVisible();

  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await expect(list).toBeHidden();
});

test("in English the activity panel says 'Signed in' 'just now' and is clean under axe", async ({
  page,
  context,
}) => {
  const en = translator("en");
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onOldebroek("/") }]);
  await signIn(page);
  await page.goto(onOldebroek("/dashboard"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page
    .getByRole("banner")
    .getByRole("button", { name: en("activity.button") })
    .click();
  const list = page.getByRole("banner").getByRole("list", { name: en("activity.heading") });
  const first = list.getByRole("listitem").first();
  await expect(first).toContainText(en("layout.justNow"));
  await expect(first).toContainText(en("activity.actions.signedIn"));
  await expectNoAxeViolations(page);
});
