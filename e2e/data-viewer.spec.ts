import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { seedEmail } from "../backend/db/seed/users";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, translator } from "./support/i18n";

// /admin/data-viewer (docs/data-viewer.md) on the demo tenant, read-only. In Dutch, the
// demo's superadmin (no other spec signs in with it) opens the users table, searches,
// sorts by a column and exports the CSV, which is parsed back: no secret column, the rows
// the search found. A centre's admin gets the 403 screen. In English, the page's texts and
// axe.

test.describe.configure({ timeout: 120_000 });

const SUPERADMIN = seedEmail("superadmin", "demo");

async function openTable(page: Page, t: ReturnType<typeof translator>, table: string) {
  await page.getByRole("combobox", { name: t("dataViewer.table") }).selectOption(table);
  await page.getByRole("button", { name: t("lists.apply") }).click();
  await expect(page).toHaveURL(new RegExp(`table=${table}`));
}

test("nl: a superadmin opens a table, searches, sorts and exports it as CSV without secrets", async ({
  page,
  baseURL,
}) => {
  const t = translator("nl");
  await signInThroughApi(page, baseURL!, SUPERADMIN);
  await page.goto("/admin/data-viewer");
  await expect(page.getByRole("heading", { level: 1, name: t("dataViewer.title") })).toBeVisible();
  await expect(page.getByText(t("dataViewer.noTable"))).toBeVisible();
  await expectNoAxeViolations(page);

  await openTable(page, t, "users");
  const table = page
    .getByRole("region", { name: t("dataViewer.tableLabel", { table: "users" }) })
    .getByRole("table");
  await expect(table.getByRole("columnheader", { name: /^email/ })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: /encrypted_password|token/ })).toHaveCount(
    0,
  );
  await expectNoAxeViolations(page);

  // Search: the seeded accounts of the demo site.
  await page
    .getByRole("searchbox", { name: t("dataViewer.search") })
    .fill("@demo.volunteerly.test");
  await page.getByRole("button", { name: t("lists.apply") }).click();
  await expect(page).toHaveURL(/q=%40demo/);
  await expect(table.getByRole("row").filter({ hasText: SUPERADMIN })).toHaveCount(1);

  // Sort by e-mail address, ascending: the rows follow.
  await table.getByRole("link", { name: /^email/ }).click();
  await expect(page).toHaveURL(/sort=email/);
  const header = table.getByRole("columnheader", { name: /^email/ });
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const emailIndex = await table
    .getByRole("columnheader")
    .evaluateAll((cells) => cells.findIndex((c) => c.textContent?.startsWith("email")));
  const shown = await table
    .locator("tbody tr")
    .evaluateAll(
      (rows, index) => rows.map((r) => r.children[index]?.textContent ?? ""),
      emailIndex,
    );
  expect(shown.length).toBeGreaterThan(3);
  expect(shown).toEqual([...shown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await expectNoAxeViolations(page);

  // The export: the same search and order, every page, as CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: t("dataViewer.export", { table: "users" }) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [head, ...rows] = parse(bytes.toString("utf8"), { bom: true }) as string[][];
  expect(head).toContain("email");
  expect(head.filter((c) => /token|digest|password|encrypted/.test(c))).toEqual([]);
  const emails = rows.map((r) => r[head.indexOf("email")]);
  expect(emails).toContain(SUPERADMIN);
  expect(emails.every((e) => e.endsWith("@demo.volunteerly.test"))).toBe(true);
  expect(emails).toEqual([...emails].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test("nl: a centre's admin gets the 403 screen", async ({ page, baseURL }) => {
  const t = translator("nl");
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);
  await page.goto("/admin/data-viewer");
  await expect(page.getByRole("heading", { name: t("errors.forbidden.title") })).toBeVisible();
});

test("en: the data viewer speaks English and is clean under axe", async ({
  page,
  context,
  baseURL,
}) => {
  const t = translator("en");
  await chooseLocale(context, baseURL!, "en");
  await signInThroughApi(page, baseURL!, SUPERADMIN);
  await page.goto("/admin/data-viewer");
  await expect(page.getByRole("heading", { level: 1, name: t("dataViewer.title") })).toBeVisible();
  await openTable(page, t, "organizations");
  await expect(
    page
      .getByRole("region", { name: t("dataViewer.tableLabel", { table: "organizations" }) })
      .getByRole("table"),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: t("dataViewer.export", { table: "organizations" }) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
