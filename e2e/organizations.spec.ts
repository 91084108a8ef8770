import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { clearMail, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// /organizations and /organizations/approve, on oldebroek, whose centre admin no
// other spec signs in as. The seed gives oldebroek one organization in every status
// (backend/db/seed/organizations.ts); each test leaves what it changed as it found it,
// except the deletion, which takes the denied sports club no other test uses.

const nl = translator("nl");
const en = translator("en");
const ADMIN = seedEmail("admin", "oldebroek");
const MEMBER = seedEmail("member", "oldebroek");
const VOLUNTEER = seedEmail("volunteer", "oldebroek");

const onOldebroek = (path: string) => `http://oldebroek.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onOldebroek("/auth/login-1"));
  await signInFromPage(page, email);
}

/** A toast with this text (the toaster's live regions, components/toasts). */
const toast = (page: Page, text: string) => page.locator("[data-toaster]").getByText(text);
const table = (page: Page) => page.getByRole("table");
const rowOf = (page: Page, name: string) => table(page).getByRole("row").filter({ hasText: name });
const rowNames = (page: Page) => table(page).locator("tbody th").allTextContents();

test("/organizations lists the centre's organisations; search, filter, sort and page size live in the URL; axe is clean", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.goto(onOldebroek("/organizations"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("organizationAdmin.list.title") }),
  ).toBeVisible();
  await expect(rowOf(page, "CBS De Wegwijzer")).toBeVisible();
  await expect(rowOf(page, "Vrijwilligerscentrale Oldebroek")).toBeVisible();
  // Default order: by name, A to Z.
  const names = await rowNames(page);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "nl")));
  await expectNoAxeViolations(page);

  await page.getByLabel(nl("organizationAdmin.list.search")).fill("wegwijzer");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]q=wegwijzer/);
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, "CBS De Wegwijzer")).toBeVisible();

  await page.getByRole("link", { name: nl("lists.reset") }).click();
  // The reset is a navigation: choose the next filter once it has landed, or the form it
  // renders takes the choice back.
  await expect(page).toHaveURL(onOldebroek("/organizations"));
  await expect(page.getByLabel(nl("organizationAdmin.list.search"))).toHaveValue("");
  await expect(table(page).locator("tbody tr")).not.toHaveCount(1);
  await page
    .getByLabel(nl("organizationAdmin.columns.status"), { exact: true })
    .selectOption("archived");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]status=archived/);
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  await expect(rowOf(page, "Buurtvereniging 't Loo")).toContainText(
    nl("labels.organizationStatus.archived"),
  );

  // Sorting by name twice: descending, and the header says so.
  await page.getByRole("link", { name: nl("lists.reset") }).click();
  await expect(page).toHaveURL(onOldebroek("/organizations"));
  const nameHeader = page.getByRole("columnheader", {
    name: new RegExp(nl("organizationAdmin.columns.name")),
  });
  await nameHeader.getByRole("link").click();
  await expect(page).toHaveURL(/[?&]sort=-name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  // The previous order stays on screen (aria-busy) until the new one has arrived.
  await expect(table(page)).not.toHaveAttribute("aria-busy");
  // The social map's seed (backend/db/seed/social-map.ts) adds organisations, so the last
  // name is not pinned here: the first row now comes after the first one A to Z.
  await expect(table(page).locator("tbody th").first()).not.toHaveText(names[0]);
  const descending = await rowNames(page);
  expect(descending[0].localeCompare(names[0], "nl")).toBeGreaterThan(0);
  expect(descending).toEqual([...descending].sort((a, b) => b.localeCompare(a, "nl")));

  // A reload shows the same list: the state is in the URL, not in memory.
  await page.reload();
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  expect(await rowNames(page)).toEqual(descending);
});

test("archiving asks first and cancelling changes nothing; confirming archives with a toast; reactivating brings it back", async ({
  page,
}) => {
  const name = "Stichting Welzijn Oldebroek";
  await signIn(page, ADMIN);
  await page.goto(onOldebroek("/organizations"));
  const row = rowOf(page, name);
  await expect(row).toContainText(nl("labels.organizationStatus.approved"));

  await row
    .getByRole("button", { name: `${nl("organizationAdmin.actions.archive")} ${name}` })
    .click();
  const dialog = page.getByRole("dialog", {
    name: nl("organizationAdmin.confirm.archiveTitle", { name }),
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(nl("labels.organizationStatus.approved"));

  await row
    .getByRole("button", { name: `${nl("organizationAdmin.actions.archive")} ${name}` })
    .click();
  await dialog
    .getByRole("button", { name: nl("organizationAdmin.confirm.archiveConfirm") })
    .click();
  await expect(toast(page, nl("organizationAdmin.statusChange.archived", { name }))).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(nl("labels.organizationStatus.archived"));

  await row
    .getByRole("button", { name: `${nl("organizationAdmin.actions.reactivate")} ${name}` })
    .click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: nl("organizationAdmin.confirm.reactivateConfirm") })
    .click();
  await expect(row).toContainText(nl("labels.organizationStatus.approved"));
});

test("deleting asks first and removes the organisation from the list", async ({ page }) => {
  const name = "Sportvereniging Wezep";
  await signIn(page, ADMIN);
  await page.goto(onOldebroek("/organizations?status=denied"));
  await rowOf(page, name)
    .getByRole("button", { name: `${nl("organizationAdmin.actions.delete")} ${name}` })
    .click();
  const dialog = page.getByRole("dialog", {
    name: nl("organizationAdmin.confirm.deleteTitle", { name }),
  });
  await dialog.getByRole("button", { name: nl("organizationAdmin.confirm.deleteConfirm") }).click();
  await expect(toast(page, nl("organizationAdmin.delete.done", { name }))).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(nl("organizationAdmin.list.noMatches"))).toBeVisible();
});

test("/organizations/approve: deny asks first and mails the admins; reconsider; approve mails them and takes it off the list", async ({
  page,
}) => {
  const name = "OBS De Horst";
  await signIn(page, ADMIN);
  // Give the pending school an admin, so there is someone to mail (spec §6: its admins).
  const granted = await page.evaluate(
    async ({ member, school }) => {
      const users = await (
        await fetch(`/api/v1/users?filter[email_eq]=${encodeURIComponent(member)}`)
      ).json();
      const orgs = await (
        await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(school)}`)
      ).json();
      const id = users.data[0].id;
      const res = await fetch(`/api/v1/users/${id}/add_role`, {
        method: "PUT",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "users",
            attributes: {
              role: "admin",
              resource_type: "Organization",
              resource_id: orgs.data[0].id,
            },
          },
        }),
      });
      return res.status;
    },
    { member: MEMBER, school: name },
  );
  expect(granted).toBe(200);
  await clearMail(MEMBER);

  await page.goto(onOldebroek("/organizations/approve"));
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("Hattemerbroek");
  await expect(card).toContainText(MEMBER);
  await expectNoAxeViolations(page);

  await card.getByRole("button", { name: `${nl("organizationApprove.deny")} ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: nl("organizationApprove.denyTitle", { name }) });
  await dialog.getByRole("button", { name: nl("organizationApprove.denyConfirm") }).click();
  await expect(toast(page, nl("organizationAdmin.statusChange.denied", { name }))).toBeVisible();
  await expect(card).toHaveCount(0);
  const deniedMail = await waitForMail(MEMBER);
  expect(deniedMail.subject).toBe(`${name} is niet goedgekeurd op Vrijwilligerswerk Oldebroek`);

  await page.getByRole("link", { name: nl("organizationApprove.tabDenied") }).click();
  await expect(page).toHaveURL(/status=denied/);
  await page
    .getByRole("article", { name })
    .getByRole("button", { name: `${nl("organizationApprove.reconsider")} ${name}` })
    .click();
  await expect(page.getByRole("article", { name })).toHaveCount(0);

  await clearMail(MEMBER);
  await page.getByRole("link", { name: nl("organizationApprove.tabPending") }).click();
  await page
    .getByRole("article", { name })
    .getByRole("button", { name: `${nl("organizationApprove.approve")} ${name}` })
    .click();
  await expect(toast(page, nl("organizationAdmin.statusChange.approved", { name }))).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  const approvedMail = await waitForMail(MEMBER);
  expect(approvedMail.subject).toBe(`${name} is goedgekeurd op Vrijwilligerswerk Oldebroek`);

  await page.goto(onOldebroek("/organizations"));
  await expect(rowOf(page, name)).toContainText(nl("labels.organizationStatus.approved"));
});

test("in English both pages speak English and are clean under axe", async ({ page, context }) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onOldebroek("/") }]);
  await signIn(page, ADMIN);
  await page.goto(onOldebroek("/organizations"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 1, name: en("organizationAdmin.list.title") }),
  ).toBeVisible();
  await expect(rowOf(page, "CBS De Wegwijzer")).toContainText(en("labels.organizationType.School"));
  await expectNoAxeViolations(page);
  await page.goto(onOldebroek("/organizations/approve?status=denied"));
  await expect(
    page.getByRole("heading", { level: 1, name: en("organizationApprove.title") }),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: en("organizationApprove.tabDenied") }),
  ).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);
});

test("a volunteer gets the 403 screen on both pages", async ({ page }) => {
  await signIn(page, VOLUNTEER);
  for (const path of ["/organizations", "/organizations/approve"]) {
    await page.goto(onOldebroek(path));
    await expect(
      page.getByRole("heading", { level: 1, name: nl("errors.forbidden.title") }),
    ).toBeVisible();
  }
  await expectNoAxeViolations(page);
});
