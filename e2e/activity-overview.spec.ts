import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /activiteitenkalender/overzicht (docs/activity-overview.md): a centre's admin (cordaad)
// sees the seeded activities, copies one, publishes the copy and cancels it, in Dutch; the
// page passes axe in English too. The copy is moved to 2190 under a fresh word first, so no
// month another spec reads gains an activity (a cancelled one cannot be deleted).

const nl = translator("nl");
const en = translator("en");
const slug = "cordaad";
const PATH = "/activiteitenkalender/overzicht";
const on = (path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toaster = (page: Page) => page.locator("[data-toaster]");
/** The status column of the first row (date, title, desk, status: the title is a th). */
const firstStatus = (page: Page) => rows(page).first().locator("td").nth(2);

/** A JSON:API call through the BFF from the page (Node does not resolve *.localhost). */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { "Content-Type": "application/vnd.api+json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
  expect(result.status, JSON.stringify(result.body)).toBeLessThan(300);
  return result.body as T;
}

test("a centre's admin sees the seeded activities, copies one and cancels the copy (nl, en)", async ({
  page,
  context,
}) => {
  test.slow();
  const word = randomBytes(4).toString("hex");
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, seedEmail("admin", slug));

  await page.goto(on(`${PATH}?status=published&period=upcoming`));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("activityOverview.title") }),
  ).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: nl("layout.backOfficeNav.label"), exact: true })
      .getByRole("link", { name: nl("routes.activityCalendarOverview"), exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(rows(page).first()).toBeVisible();
  await expect(firstStatus(page)).toHaveText(nl("activityOverview.statuses.published"));
  await expectNoAxeViolations(page);

  // Copy the first seeded activity: a new draft.
  const title = ((await rows(page).first().getByRole("rowheader").textContent()) ?? "").trim();
  await rows(page)
    .first()
    .getByRole("button", { name: `${nl("activityOverview.copy.button")} ${title}` })
    .click();
  await expect(toaster(page)).toContainText(nl("activityOverview.copy.done", { title }));
  const drafts = await call<{ data: { id: string; attributes: { title: string } }[] }>(
    page,
    "GET",
    `/api/v1/managed_activities?filter[status_eq]=draft&filter[title_i_cont]=${encodeURIComponent(title)}&sort=-updated_at&page[size]=1`,
  );
  const copy = drafts.data[0];
  expect(copy.attributes.title).toContain(title);
  await call(page, "PATCH", `/api/v1/activities/${copy.id}`, {
    data: {
      type: "activities",
      id: copy.id,
      attributes: {
        title: `E2E ${word}`,
        starts_at: "2190-06-01T10:00:00Z",
        ends_at: "2190-06-01T12:00:00Z",
      },
    },
  });

  // Publish the copy, then cancel it after the confirmation.
  const mine = `E2E ${word}`;
  await page.goto(on(`${PATH}?q=${word}`));
  await expect(rows(page)).toHaveCount(1);
  await expect(firstStatus(page)).toHaveText(nl("activityOverview.statuses.draft"));
  await rows(page)
    .first()
    .getByRole("button", { name: `${nl("activityOverview.publish.button")} ${mine}` })
    .click();
  await expect(toaster(page)).toContainText(nl("activityOverview.publish.done", { title: mine }));
  await expect(firstStatus(page)).toHaveText(nl("activityOverview.statuses.published"));
  await rows(page)
    .first()
    .getByRole("button", { name: `${nl("activityOverview.cancel.button")} ${mine}` })
    .click();
  const dialog = page.getByRole("dialog", {
    name: nl("activityOverview.cancel.title", { title: mine }),
  });
  await expect(dialog).toContainText(nl("activityOverview.cancel.body", { count: 0 }));
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: nl("activityOverview.cancel.confirm") }).click();
  await expect(toaster(page)).toContainText(nl("activityOverview.cancel.done", { title: mine }));
  await expect(firstStatus(page)).toHaveText(nl("activityOverview.statuses.cancelled"));
  // Cancelled is final: only copying is left.
  await expect(rows(page).first().getByRole("button")).toHaveCount(1);

  // The same page in English.
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("/") }]);
  await page.goto(on(`${PATH}?q=${word}`));
  await expect(
    page.getByRole("heading", { level: 1, name: en("activityOverview.title") }),
  ).toBeVisible();
  await expect(firstStatus(page)).toHaveText(en("activityOverview.statuses.cancelled"));
  await expectNoAxeViolations(page);
});
