import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, translator } from "./support/i18n";

// The back office's news (docs/news-admin.md) on the demo tenant. In Dutch, the centre's
// admin writes a draft with bold text and an uploaded image, publishes it, reads it on
// /nieuws, renames it and deletes it again, so nothing is left behind. In English, the list
// and the form speak English. axe on every page in both languages.

test.describe.configure({ timeout: 120_000 });

/** A 1×1 PNG, built from its bytes: the api decodes and re-encodes whatever it gets. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const tag = () => Math.random().toString(36).slice(2, 8);

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

test("nl: a centre's admin writes, publishes, renames and deletes a news article", async ({
  page,
  baseURL,
}) => {
  const t = translator("nl");
  const id = tag();
  const title = `E2E nieuws ${id}`;
  const renamed = `E2E nieuws ${id} bijgewerkt`;
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);

  await page.goto("/nieuwsbeheer");
  await expect(page.getByRole("heading", { level: 1, name: t("newsAdmin.title") })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("link", { name: t("newsAdmin.add"), exact: true }).click();
  await expect(page).toHaveURL(/\/nieuwsbeheer\/toevoegen$/);
  await expect(
    page.getByRole("heading", { level: 1, name: t("newsAdmin.addTitle") }),
  ).toBeVisible();
  await textbox(page, t("newsAdmin.form.title")).fill(title);
  await textbox(page, t("newsAdmin.form.summary")).fill("Een bericht uit de e2e-test.");
  const body = page.getByRole("textbox", { name: t("newsAdmin.form.body"), exact: true });
  await body.click();
  await page.getByRole("button", { name: t("richText.bold"), exact: true }).click();
  await page.keyboard.type("Vetgedrukt");
  await page.getByLabel(t("newsAdmin.form.image.label"), { exact: true }).setInputFiles({
    name: "stip.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  const preview = page.getByRole("img", { name: t("newsAdmin.form.image.preview") });
  await expect(preview).toHaveAttribute("src", /^\/api\/v1\/images\/\d+$/);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("newsAdmin.form.actions.saveDraft") }).click();

  await expect(page).toHaveURL(/\/nieuwsbeheer$/);
  await expect(page.getByText(t("newsAdmin.form.toasts.saved", { title }))).toBeVisible();
  await page.goto(`/nieuwsbeheer?q=${id}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t("newsAdmin.states.draft"));
  // A draft is not on the site: nothing to view there.
  await expect(row.getByRole("link", { name: new RegExp(t("newsAdmin.view")) })).toHaveCount(0);

  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(preview).toBeVisible();
  await page.getByRole("button", { name: t("newsAdmin.form.actions.publish") }).click();
  await expect(page).toHaveURL(/\/nieuwsbeheer$/);
  await expect(page.getByText(t("newsAdmin.form.toasts.published", { title }))).toBeVisible();

  await page.goto(`/nieuwsbeheer?q=${id}`);
  await expect(row).toContainText(t("newsAdmin.states.published"));
  await row.getByRole("link", { name: new RegExp(t("newsAdmin.view")) }).click();
  await expect(page).toHaveURL(new RegExp(`/nieuws/e2e-nieuws-${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("main strong", { hasText: "Vetgedrukt" })).toBeVisible();

  await page.goto(`/nieuwsbeheer?q=${id}`);
  await row.getByRole("link", { name: title, exact: true }).click();
  await textbox(page, t("newsAdmin.form.title")).fill(renamed);
  await page.getByRole("button", { name: t("newsAdmin.form.actions.save"), exact: true }).click();
  await expect(page).toHaveURL(/\/nieuwsbeheer$/);
  await page.goto(`/nieuwsbeheer?q=${id}`);
  const renamedRow = page.getByRole("row").filter({ hasText: renamed });
  await expect(renamedRow).toHaveCount(1);

  await renamedRow.getByRole("button", { name: new RegExp(t("newsAdmin.delete.button")) }).click();
  const dialog = page.getByRole("dialog", {
    name: t("newsAdmin.delete.confirmTitle", { title: renamed }),
  });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: t("newsAdmin.delete.confirm"), exact: true }).click();
  await expect(page.getByText(t("newsAdmin.delete.done", { title: renamed }))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: renamed })).toHaveCount(0);
});

test("en: the list and the form speak English, and an empty title is refused in English", async ({
  page,
  context,
  baseURL,
}) => {
  const t = translator("en");
  await chooseLocale(context, baseURL!, "en");
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);

  await page.goto("/nieuwsbeheer");
  await expect(page.getByRole("heading", { level: 1, name: t("newsAdmin.title") })).toBeVisible();
  await expect(page.getByRole("combobox", { name: t("newsAdmin.status") })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/nieuwsbeheer/toevoegen");
  await expect(
    page.getByRole("heading", { level: 1, name: t("newsAdmin.addTitle") }),
  ).toBeVisible();
  await expect(textbox(page, t("newsAdmin.form.slug"))).toBeVisible();
  await page.getByRole("button", { name: t("newsAdmin.form.actions.saveDraft") }).click();
  const titleField = textbox(page, t("newsAdmin.form.title"));
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAccessibleDescription(
    t("validation.required", { field: t("newsAdmin.form.title") }),
  );
  await expectNoAxeViolations(page);
});

test("nl: a content page is published from /paginabeheer, read on its own address and deleted", async ({
  page,
  baseURL,
}) => {
  const t = translator("nl");
  const id = tag();
  const title = `E2E pagina ${id}`;
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);

  await page.goto("/paginabeheer");
  await expect(page.getByRole("heading", { level: 1, name: t("pageAdmin.title") })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: t("pageAdmin.add"), exact: true }).click();
  await expect(page).toHaveURL(/\/paginabeheer\/toevoegen$/);
  await textbox(page, t("newsAdmin.form.title")).fill(title);
  await page.getByRole("textbox", { name: t("pageAdmin.form.body"), exact: true }).click();
  await page.keyboard.type("Wie we zijn.");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: t("newsAdmin.form.actions.publish") }).click();
  await expect(page).toHaveURL(/\/paginabeheer$/);

  await page.goto(`/paginabeheer?q=${id}`);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText(t("newsAdmin.states.published"));
  await row.getByRole("link", { name: new RegExp(t("newsAdmin.view")) }).click();
  await expect(page).toHaveURL(new RegExp(`/e2e-pagina-${id}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto(`/paginabeheer?q=${id}`);
  await row.getByRole("button", { name: new RegExp(t("newsAdmin.delete.button")) }).click();
  const dialog = page.getByRole("dialog", {
    name: t("newsAdmin.delete.confirmTitle", { title }),
  });
  await dialog.getByRole("button", { name: t("newsAdmin.delete.confirm"), exact: true }).click();
  await expect(page.getByText(t("newsAdmin.delete.done", { title }))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
});
