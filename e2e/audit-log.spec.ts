import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /logboek, the audit log of administrative actions. On the public tenant,
// with its centre admin and its seeded archived organisation 'Boekenruil Lombok', which no
// other spec touches: the spec reactivates and archives it again, so it ends as it began.

const nl = translator("nl");
const en = translator("en");
const ADMIN = seedEmail("admin", "public");
const VOLUNTEER = seedEmail("volunteer", "public");
const ORGANIZATION = "Boekenruil Lombok";

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onPublic("/auth/login-1"));
  await signInFromPage(page, email);
}

/** Reactivates and archives the organisation again through the api, as the signed-in admin. */
async function reactivateAndArchive(page: Page) {
  const statuses = await page.evaluate(async (name) => {
    const list = await (
      await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(name)}`)
    ).json();
    const id = list.data[0].id;
    const put = (status: string) =>
      fetch(`/api/v1/organizations/${id}/approve`, {
        method: "PUT",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({ data: { type: "organizations", id, attributes: { status } } }),
      }).then((r) => r.status);
    return [await put("approved"), await put("archived")];
  }, ORGANIZATION);
  expect(statuses).toEqual([200, 200]);
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("a centre admin sees who changed what, newest first, can search and filter through the URL, and axe is clean", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await reactivateAndArchive(page);
  await page.goto(onPublic("/logboek"));
  await expect(page.getByRole("heading", { level: 1, name: nl("auditLog.title") })).toBeVisible();

  await page.getByLabel(nl("auditLog.search")).fill("boekenruil");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]q=boekenruil/);
  const first = rows(page).first();
  // Newest first: the archiving came after the reactivation.
  await expect(first).toContainText(nl("auditLog.actions.organization_status_changed"));
  await expect(first).toContainText(ORGANIZATION);
  await expect(first).toContainText(
    nl("auditLog.details.status", {
      from: nl("labels.organizationStatus.approved"),
      to: nl("labels.organizationStatus.archived"),
    }),
  );
  await expect(first).toContainText(ADMIN);
  await expect(first.getByRole("link", { name: ORGANIZATION })).toHaveAttribute(
    "href",
    /\/organizations\/\d+\/edit$/,
  );
  await expect(rows(page).nth(1)).toContainText(
    nl("auditLog.details.status", {
      from: nl("labels.organizationStatus.archived"),
      to: nl("labels.organizationStatus.approved"),
    }),
  );
  await expectNoAxeViolations(page);

  // Oldest first through the column header; the URL keeps search and order across a reload.
  await page
    .getByRole("columnheader", { name: new RegExp(nl("auditLog.columns.when")) })
    .getByRole("link")
    .click();
  await expect(page).toHaveURL(/sort=created_at/);
  await page.reload();
  await expect(page.getByLabel(nl("auditLog.search"))).toHaveValue("boekenruil");
  await expect(rows(page).first()).toContainText(
    nl("auditLog.details.status", {
      from: nl("labels.organizationStatus.archived"),
      to: nl("labels.organizationStatus.approved"),
    }),
  );

  // A filter with nothing to show says so.
  await page.getByLabel(nl("auditLog.action"), { exact: true }).selectOption("account_deleted");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page.getByText(nl("auditLog.noMatches"))).toBeVisible();
});

test("in English the log speaks English and is clean under axe", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onPublic("/") }]);
  await signIn(page, ADMIN);
  await reactivateAndArchive(page);
  await page.goto(onPublic(`/logboek?q=${encodeURIComponent("boekenruil")}`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: en("auditLog.title") })).toBeVisible();
  await expect(rows(page).first()).toContainText(
    en("auditLog.actions.organization_status_changed"),
  );
  await expectNoAxeViolations(page);
});

test("a volunteer gets the 403 screen", async ({ page }) => {
  await signIn(page, VOLUNTEER);
  await page.goto(onPublic("/logboek"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("errors.forbidden.title") }),
  ).toBeVisible();
});
