import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// /tags, the tenant's tag vocabulary for centre admins (docs/tags.md). On oldebroek, with
// tags of the spec's own (a fresh word in every name), so no seeded tag another spec reads
// is renamed, archived or merged.

const nl = translator("nl");
const en = translator("en");
const ADMIN = seedEmail("admin", "oldebroek");

const onOldebroek = (path: string) => `http://oldebroek.localhost:${E2E.webPort}${path}`;
const word = () => randomBytes(4).toString("hex");

async function signIn(page: Page) {
  await page.goto(onOldebroek("/auth/login-1"));
  await signInFromPage(page, ADMIN);
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const toaster = (page: Page) => page.locator("[data-toaster]");

async function addTag(
  page: Page,
  t: typeof nl,
  values: { name: string; nameEn?: string },
): Promise<void> {
  const form = page.getByRole("form", { name: t("tags.add.heading") });
  await form.getByLabel(t("tags.fields.name"), { exact: true }).fill(values.name);
  if (values.nameEn)
    await form.getByLabel(t("tags.fields.nameEn"), { exact: true }).fill(values.nameEn);
  await form.getByRole("button", { name: t("tags.add.submit") }).click();
  await expect(toaster(page)).toContainText(t("tags.add.done", { name: values.name }));
}

test("a centre admin adds, archives, edits and merges tags; the merge says what moves; axe is clean", async ({
  page,
}) => {
  // One long journey with two axe runs: more than the default 30 s on a busy machine.
  test.slow();
  const id = word();
  const oldName = `E2E Tuin ${id}`;
  const newName = `E2E Groen ${id}`;
  await signIn(page);
  await page.goto(onOldebroek("/tags"));
  await expect(page.getByRole("heading", { level: 1, name: nl("tags.title") })).toBeVisible();
  // The back office's navigation offers the page to a centre admin.
  await expect(page.getByRole("link", { name: nl("routes.tags"), exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await addTag(page, nl, { name: oldName });
  await addTag(page, nl, { name: newName, nameEn: `E2E Garden ${id}` });

  // The search is in the URL, and finds both by the fresh word.
  await page.getByLabel(nl("tags.search")).fill(id);
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}`));
  await expect(rows(page)).toHaveCount(2);
  const oldRow = rows(page).filter({ hasText: oldName });
  const newRow = rows(page).filter({ hasText: newName });
  await expect(newRow).toContainText(`E2E Garden ${id}`);
  await expect(newRow).toContainText(`e2e-groen-${id}`);

  // Archiving asks first; the archived tag is listed under its status.
  await oldRow.getByRole("button", { name: `${nl("tags.archive.button")} ${oldName}` }).click();
  const archiveDialog = page.getByRole("dialog", {
    name: nl("tags.archive.title", { name: oldName }),
  });
  await expect(archiveDialog).toContainText(nl("tags.archive.body"));
  await archiveDialog.getByRole("button", { name: nl("tags.archive.confirm") }).click();
  await expect(toaster(page)).toContainText(nl("tags.archive.done", { name: oldName }));
  await expect(oldRow).toContainText(nl("tags.statuses.archived"));
  await page.getByLabel(nl("tags.status")).selectOption("archived");
  await page.getByRole("button", { name: nl("lists.apply") }).click();
  await expect(page).toHaveURL(/[?&]status=archived/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(oldName);
  await page.goto(onOldebroek(`/tags?q=${id}`));
  await expect(rows(page)).toHaveCount(2);

  // Editing in a dialog: the English name changes.
  await newRow.getByRole("button", { name: `${nl("tags.edit.button")} ${newName}` }).click();
  const editDialog = page.getByRole("dialog", { name: nl("tags.edit.title", { name: newName }) });
  await editDialog.getByLabel(nl("tags.fields.nameEn"), { exact: true }).fill(`E2E Green ${id}`);
  await editDialog.getByRole("button", { name: nl("tags.edit.submit") }).click();
  await expect(toaster(page)).toContainText(nl("tags.edit.done", { name: newName }));
  await expect(editDialog).toBeHidden();
  await expect(newRow).toContainText(`E2E Green ${id}`);

  // Merging names the target and what moves before anything happens.
  await oldRow.getByRole("button", { name: `${nl("tags.merge.button")} ${oldName}` }).click();
  const mergeDialog = page.getByRole("dialog", { name: nl("tags.merge.title", { name: oldName }) });
  await expect(mergeDialog.getByRole("button", { name: nl("common.cancel") })).toBeFocused();
  await mergeDialog.getByRole("button", { name: nl("tags.merge.confirm") }).click();
  await expect(mergeDialog).toContainText(nl("tags.merge.chooseFirst"));
  await mergeDialog.getByLabel(nl("tags.merge.into")).selectOption({ label: newName });
  await expect(mergeDialog).toContainText(
    nl("tags.merge.moves", {
      name: oldName,
      into: newName,
      vacancies: 0,
      organizations: 0,
      interests: 0,
    }),
  );
  await expectNoAxeViolations(page);
  await mergeDialog.getByRole("button", { name: nl("tags.merge.confirm") }).click();
  await expect(toaster(page)).toContainText(
    nl("tags.merge.done", { name: oldName, into: newName }),
  );
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(newName);
});

test("in English the page speaks English, and English pages show a tag's English name", async ({
  page,
  context,
}) => {
  test.slow();
  const id = word();
  const name = `E2E Dieren ${id}`;
  const nameEn = `E2E Animals ${id}`;
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onOldebroek("/") }]);
  await signIn(page);
  await page.goto(onOldebroek("/tags"));
  await expect(page.getByRole("heading", { level: 1, name: en("tags.title") })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: en("tags.columns.nameEn") })).toBeVisible();
  await addTag(page, en, { name, nameEn });
  await expectNoAxeViolations(page);

  // The public search's theme filter, in English, names it in English (the fresh tag in
  // the URL keeps the search's caches out of it).
  await page.goto(onOldebroek(`/vacancies/search?tags=e2e-dieren-${id}`));
  await expect(page.getByRole("checkbox", { name: new RegExp(nameEn) })).toBeChecked();
  await expect(page.getByText(name)).toHaveCount(0);
});
