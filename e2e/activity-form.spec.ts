import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The activity form (docs/activity-form.md): a centre's staff member (cordaad's admin) adds
// a one-off activity (after the form refused an end before the start, and the api a place
// it does not know, each on its field) and a weekly series with one date skipped, and
// renames one occurrence alone, in Dutch; in English they give the series' first
// occurrence and the following a capacity and publish them. Everything lies in 2190 under
// a fresh word, so no month another spec reads gains an activity.

const nl = translator("nl");
const en = translator("en");
const slug = "cordaad";
const OVERVIEW = "/activiteitenkalender/overzicht";
const on = (path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toaster = (page: Page) => page.locator("[data-toaster]");
/** A row's places column (date, title, desk, status, places: the title is a th). */
const places = (page: Page, index: number) => rows(page).nth(index).locator("td").nth(3);
const status = (page: Page, index: number) => rows(page).nth(index).locator("td").nth(2);

test("a centre's staff member adds an activity and a series and edits an occurrence (nl, en)", async ({
  page,
  context,
}) => {
  test.slow();
  const word = randomBytes(4).toString("hex");
  const once = `E2E ${word} eenmalig`;
  const series = `E2E ${word} reeks`;
  const renamed = `E2E ${word} uitje`;
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await page.goto(on("/auth/login-1"));
  await signInFromPage(page, seedEmail("admin", slug));

  // A one-off activity, after the form refused an end before the start on its field.
  await page.goto(on(OVERVIEW));
  await page.getByRole("link", { name: nl("activityOverview.new") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: nl("activityForm.add.title") }),
  ).toBeVisible();
  await field(nl("activityForm.fields.title")).fill(once);
  await field(nl("activityForm.fields.startDate")).fill("2190-06-03");
  await field(nl("activityForm.fields.startTime")).fill("10:00");
  await field(nl("activityForm.fields.endTime")).fill("09:00");
  await page.getByRole("button", { name: nl("activityForm.actions.saveDraft") }).click();
  const endTime = field(nl("activityForm.fields.endTime"));
  await expect(endTime).toHaveAttribute("aria-invalid", "true");
  await expect(endTime).toHaveAccessibleDescription(
    new RegExp(nl("activityForm.validation.endsBeforeStart")),
  );
  await expectNoAxeViolations(page);
  await endTime.fill("12:00");
  await field(nl("activityForm.fields.capacity")).fill("8");
  // A place the api does not know: its 422 shows on the town, and nothing typed is lost.
  const city = field(nl("activityForm.fields.city"));
  await city.fill("Atlantis");
  await page.getByRole("button", { name: nl("activityForm.actions.saveDraft") }).click();
  await expect(city).toHaveAttribute("aria-invalid", "true");
  await expect(city).toHaveAccessibleDescription(
    new RegExp(nl("activityForm.validation.unknownPlace")),
  );
  await expect(field(nl("activityForm.fields.title"))).toHaveValue(once);
  await city.fill("Dronten");
  await page.getByRole("button", { name: nl("activityForm.actions.saveDraft") }).click();
  await expect(toaster(page)).toContainText(
    nl("activityForm.toasts.created", { title: once, count: 1 }),
  );
  await expect(page).toHaveURL(on(OVERVIEW));

  // A weekly series of four Tuesdays, the second one skipped.
  await page.getByRole("link", { name: nl("activityOverview.new") }).click();
  await field(nl("activityForm.fields.title")).fill(series);
  await field(nl("activityForm.fields.startDate")).fill("2190-06-05");
  await field(nl("activityForm.fields.startTime")).fill("14:00");
  await field(nl("activityForm.fields.endTime")).fill("16:00");
  await page.getByRole("checkbox", { name: nl("activityForm.fields.repeats") }).check();
  await field(nl("activityForm.fields.until")).fill("2190-06-26");
  const dates = page.getByRole("group", { name: nl("activityForm.fields.exceptionDates") });
  await expect(dates.getByRole("checkbox")).toHaveCount(4);
  await dates.getByRole("checkbox").nth(1).uncheck();
  await expect(dates).toContainText(nl("activityForm.preview.summary", { count: 3 }));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: nl("activityForm.actions.saveDraft") }).click();
  await expect(toaster(page)).toContainText(
    nl("activityForm.toasts.created", { title: series, count: 3 }),
  );

  // The overview lists all four; the series' second occurrence is renamed, alone.
  await page.goto(on(`${OVERVIEW}?q=${word}`));
  await expect(rows(page)).toHaveCount(4);
  await rows(page)
    .nth(2)
    .getByRole("link", { name: `${nl("activityOverview.editButton")} ${series}` })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: nl("activityForm.edit.title", { title: series }) }),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: nl("activityForm.scope.this") })).toBeChecked();
  await expect(field(nl("activityForm.fields.startDate"))).toHaveValue("2190-06-19");
  await expect(field(nl("activityForm.fields.startTime"))).toHaveValue("14:00");
  await expectNoAxeViolations(page);
  await field(nl("activityForm.fields.title")).fill(renamed);
  await page.getByRole("button", { name: nl("activityForm.actions.saveDraft") }).click();
  await expect(toaster(page)).toContainText(
    nl("activityForm.toasts.saved", { title: renamed, count: 1 }),
  );
  await page.goto(on(`${OVERVIEW}?q=${word}`));
  await expect(rows(page).getByRole("rowheader")).toHaveText([once, series, renamed, series]);

  // In English: the series' first occurrence and the following get a cap, and are published.
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: on("/") }]);
  await page.goto(on(`${OVERVIEW}?q=${word}`));
  await rows(page)
    .nth(1)
    .getByRole("link", { name: `${en("activityOverview.editButton")} ${series}` })
    .click();
  await expect(
    page.getByRole("heading", { level: 1, name: en("activityForm.edit.title", { title: series }) }),
  ).toBeVisible();
  await page.getByRole("radio", { name: en("activityForm.scope.following") }).check();
  await page.getByLabel(en("activityForm.fields.capacity"), { exact: true }).fill("10");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: en("activityForm.actions.publish") }).click();
  await expect(toaster(page)).toContainText(
    en("activityForm.toasts.published", { title: series, count: 3 }),
  );
  await page.goto(on(`${OVERVIEW}?q=${word}`));
  // The one-off stays a draft of 8; the three later ones are published with room for 10,
  // the renamed one keeping its own title.
  await expect(rows(page).getByRole("rowheader")).toHaveText([once, series, renamed, series]);
  await expect(status(page, 0)).toHaveText(en("activityOverview.statuses.draft"));
  await expect(places(page, 0)).toHaveText(
    en("activityOverview.places.capped", { registered: 0, capacity: 8 }),
  );
  for (const index of [1, 2, 3]) {
    await expect(status(page, index)).toHaveText(en("activityOverview.statuses.published"));
    await expect(places(page, index)).toHaveText(
      en("activityOverview.places.capped", { registered: 0, capacity: 10 }),
    );
  }
});
