import { expect, type Page, test } from "@playwright/test";
import { seedNotifications } from "../backend/db/seed/notifications";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// spec §2's toolbar "notifications" and the page /notificaties, for a seeded user no other
// spec signs in with: cordaad's volunteer. The seed gives every user four notifications,
// the two newest unread (backend/db/seed/notifications.ts).

const nl = translator("nl");
const USER = seedEmail("volunteer", "cordaad");
// Titles and urls that do not depend on tenant or centre names.
const [newest] = seedNotifications({ tenant: "", center: "" });

/** `<slug>.localhost` resolves to this machine in Chromium and names the tenant. */
const onCordaad = (path: string) => `http://cordaad.localhost:${E2E.webPort}${path}`;

/**
 * Signs in through the BFF, not the form (STYLE.md), from the page itself: Node does not
 * resolve *.localhost, so page.request cannot reach cordaad's host. Then puts the user's
 * notifications back as the seed left them (two newest unread), so a run against a
 * reused server starts from the same state as one on a fresh database.
 */
async function signIn(page: Page) {
  await page.goto(onCordaad("/auth/login-1"));
  await signInFromPage(page, USER);
  const problems = await page.evaluate(async () => {
    const list = await fetch("/api/v1/notifications?sort=-created_at&page[size]=10");
    const { data } = (await list.json()) as { data: { id: string }[] };
    const failed: string[] = [];
    for (const [index, { id }] of data.entries()) {
      const read = index >= 2;
      const patched = await fetch(`/api/v1/notifications/${id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({ data: { type: "notification", id, attributes: { read } } }),
      });
      if (patched.status !== 200) failed.push(`PATCH ${id}: ${patched.status}`);
    }
    return data.length === 4 ? failed : [...failed, `${data.length} notifications`];
  });
  expect(problems).toEqual([]);
}

const bell = (page: Page, count: number) =>
  page
    .getByRole("banner")
    .getByRole("button", { name: nl("notifications.bell.label", { count }), exact: true });
const badge = (page: Page) => page.getByTestId("notification-badge");
const panelList = (page: Page) =>
  page.getByRole("banner").getByRole("list", { name: nl("notifications.bell.heading") });

test("the bell shows 2 unread; following the newest marks it read; 'mark all read' clears the badge; axe is clean with the panel open", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(onCordaad("/dashboard"));

  await expect(bell(page, 2)).toBeVisible();
  await expect(badge(page)).toHaveText("2");

  await bell(page, 2).click();
  await expect(bell(page, 2)).toHaveAttribute("aria-expanded", "true");
  const items = panelList(page).getByRole("listitem");
  await expect(items).toHaveCount(4);
  const first = items.first();
  await expect(first).toContainText(newest.title);
  await expect(first).toContainText(nl("notifications.unread"));
  await expect(first.getByRole("link")).toHaveAttribute("href", newest.url!);
  await expectNoAxeViolations(page);

  await first.getByRole("link").click();
  await expect(page).toHaveURL(onCordaad(newest.url!));
  await expect(bell(page, 1)).toBeVisible();
  await expect(badge(page)).toHaveText("1");
  await expect(bell(page, 1)).toHaveAttribute("aria-expanded", "false");

  await bell(page, 1).click();
  const markAll = page
    .getByRole("banner")
    .getByRole("button", { name: nl("notifications.markAllRead"), exact: true });
  await markAll.click();
  await expect(bell(page, 0)).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expect(markAll).toHaveAttribute("aria-disabled", "true");
  await expect(panelList(page)).not.toContainText(nl("notifications.unread"));

  // Escape closes the panel and puts focus back on the bell.
  await page.keyboard.press("Escape");
  await expect(bell(page, 0)).toHaveAttribute("aria-expanded", "false");
  await expect(bell(page, 0)).toBeFocused();
});

test("/notificaties lists all four, filters to the unread ones through the URL, and is clean under axe", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(onCordaad("/notificaties"));
  await expect(page).toHaveTitle(new RegExp(`^${nl("routes.notifications")} - `));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("notifications.list.title") }),
  ).toBeVisible();

  const list = page.getByRole("main").getByRole("list", { name: nl("notifications.list.label") });
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await expect(list.getByRole("heading", { level: 2 }).first()).toHaveText(newest.title);
  await expect(page.getByText(nl("notifications.list.unreadSummary", { count: 2 }))).toBeVisible();
  await expectNoAxeViolations(page);

  const filters = page.getByRole("navigation", { name: nl("notifications.list.filterLabel") });
  await filters.getByRole("link", { name: nl("notifications.list.filterUnread") }).click();
  await expect(page).toHaveURL(onCordaad("/notificaties?filter=unread"));
  await expect(
    filters.getByRole("link", { name: nl("notifications.list.filterUnread") }),
  ).toHaveAttribute("aria-current", "page");
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // Marking one read from the list: it leaves the unread filter, the bell follows.
  await list
    .getByRole("button", { name: nl("notifications.list.markReadNamed", { title: newest.title }) })
    .click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(bell(page, 1)).toBeVisible();

  // The filter survives a reload: it is in the URL.
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(1);

  await page.getByRole("button", { name: nl("notifications.markAllRead"), exact: true }).click();
  await expect(page.getByText(nl("notifications.list.emptyUnread"))).toBeVisible();
  await expect(bell(page, 0)).toBeVisible();
  await expectNoAxeViolations(page);

  await filters.getByRole("link", { name: nl("notifications.list.filterAll") }).click();
  await expect(page).toHaveURL(onCordaad("/notificaties"));
  await expect(list.getByRole("listitem")).toHaveCount(4);
});

test("at 320 px the open panel stays on the screen", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signIn(page);
  await page.goto(onCordaad("/dashboard"));
  await bell(page, 2).click();
  await expect(panelList(page).getByRole("listitem")).toHaveCount(4);
  const panelId = await bell(page, 2).getAttribute("aria-controls");
  const box = await page.locator(`[id="${panelId}"]`).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
});

test("signed out, /notificaties goes to the sign-in page and back", async ({ page }) => {
  await page.goto(onCordaad("/notificaties"));
  await expect(page).toHaveURL(onCordaad("/auth/login-1?redirect=%2Fnotificaties"));
  await expect(page.getByRole("banner").getByRole("button", { name: /^Meldingen/ })).toHaveCount(0);
});

test("in English the bell, its panel and /notificaties speak English and are clean under axe", async ({
  page,
  context,
}) => {
  const en = translator("en");
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onCordaad("/") }]);
  await signIn(page);
  await page.goto(onCordaad("/notificaties"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 1, name: en("notifications.list.title") }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("main")
      .getByRole("list", { name: en("notifications.list.label") })
      .getByRole("listitem"),
  ).toHaveCount(4);
  await expectNoAxeViolations(page);

  const button = page
    .getByRole("banner")
    .getByRole("button", { name: en("notifications.bell.label", { count: 2 }), exact: true });
  await button.click();
  await expect(
    page.getByRole("banner").getByRole("list", { name: en("notifications.bell.heading") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
