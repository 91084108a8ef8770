import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { DEV_PAGES, type TDevPageKey } from "../lib/dev-pages/pages";
import { signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, type TLocale, translator } from "./support/i18n";

// The developer and test pages of spec §2 (docs/dev-pages.md), walked by a superadmin in
// both languages: every page answers with its heading, a few are checked with axe, and the
// form, the dialog and the api probe are used once. The e2e server runs with
// ENABLE_DEV_PAGES=true (other specs drive /test/toaster and /test/server-error signed out),
// so here the pages are open to everyone; the closed side (production: a 404 for anyone but
// a superadmin) is tested in tests/unit/guards.test.ts, tests/unit/dev-pages.test.ts and
// tests/api/dev-pages.test.ts.
//
// The demo site's superadmin only signs in and reads (the demo tenant is `localhost`);
// csp.spec signs in with it too, and reads only. Nothing here writes a record: the forms
// send to nowhere.

const SUPERADMIN = seedEmail("superadmin", "demo");

type T = ReturnType<typeof translator>;

/** The heading each page shows: its own, or the one of the older pages with texts of their own. */
function headingOf(t: T, key: TDevPageKey | "dev"): string {
  switch (key) {
    case "devMail":
      return t("devMail.title");
    case "testToaster":
      return t("toasts.playground.title");
    case "testServerError":
      return t("errors.testPage.title");
    default:
      return t(`devPages.pages.${key}.title`);
  }
}

async function open(page: Page, path: string, heading: string, locale: TLocale) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
}

for (const locale of LOCALES) {
  test.describe(`developer and test pages as a superadmin (${locale})`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await chooseLocale(context, baseURL!, locale);
      await signInThroughApi(page, baseURL!, SUPERADMIN);
    });

    // Every page is opened in Dutch; in English the index's links (every page's English
    // title) and every fifth page: the pages share one frame and one message lookup.
    test(`/dev links every page, and each answers with its heading (${locale})`, async ({
      page,
    }) => {
      // Twenty-two server renders in a row: more than the default 30 s on a busy machine.
      test.setTimeout(120_000);
      const t = translator(locale);
      await open(page, "/dev", headingOf(t, "dev"), locale);
      const main = page.getByRole("main");
      for (const { path, key } of DEV_PAGES) {
        await expect(
          main.getByRole("link", { name: t(`devPages.pages.${key}.title`), exact: true }),
        ).toHaveAttribute("href", path);
      }
      await expectNoAxeViolations(page);
      const opened = locale === "nl" ? DEV_PAGES : DEV_PAGES.filter((_, i) => i % 5 === 0);
      for (const { path, key } of opened) await open(page, path, headingOf(t, key), locale);
    });

    test(`the colours and components pages pass axe (${locale})`, async ({ page }) => {
      // Two long pages under axe: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      const t = translator(locale);
      await open(page, "/dev/colors", headingOf(t, "devColors"), locale);
      // This site's palette by default, each pairing with its verdict in words; the others a link away.
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Volunteerly Demo" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(
        main.getByRole("cell", { name: t("devPages.colors.pass"), exact: true }).first(),
      ).toBeVisible();
      await expect(
        main.getByRole("cell", { name: t("devPages.colors.fail"), exact: true }),
      ).toHaveCount(0);
      await expectNoAxeViolations(page);
      await open(page, "/dev/components", headingOf(t, "devComponents"), locale);
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("developer pages at work", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await signInThroughApi(page, baseURL!, SUPERADMIN);
  });

  test("the form validates on blur with spec §5's messages, and a valid send ends in a toast (nl)", async ({
    page,
  }) => {
    // A long form under axe, then filled in: more than the default 30 s on a busy machine.
    test.setTimeout(60_000);
    const t = translator("nl");
    await open(page, "/dev/form", headingOf(t, "devForm"), "nl");
    const name = page.getByRole("textbox", { name: t("devPages.form.fields.name"), exact: true });
    const hours = page.getByLabel(t("devPages.form.fields.hours"), { exact: true });
    // The rich-text editor mounts in the browser only: once it is there, React has hydrated
    // and a blur is handled.
    await expect(page.getByRole("textbox", { name: t("devPages.form.fields.body") })).toBeVisible();

    await name.focus();
    await name.blur();
    const nameError = t("validation.required", { field: t("devPages.form.fields.name") });
    await expect(page.getByText(nameError, { exact: true })).toBeVisible();
    // Tied to its field (WCAG 3.3.1).
    await expect(name).toHaveAccessibleDescription(nameError);

    // No rule message of its own: spec §5's default, '{field} is not valid.'.
    await hours.fill("0");
    await expect(
      page.getByText(t("validation.invalid", { field: t("devPages.form.fields.hours") })),
    ).toHaveCount(0);
    await hours.blur();
    await expect(
      page.getByText(t("validation.invalid", { field: t("devPages.form.fields.hours") }), {
        exact: true,
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Valid: the send goes nowhere and says so in a toast.
    await name.fill("Sam");
    await page
      .getByRole("textbox", { name: t("devPages.form.fields.email"), exact: true })
      .fill("sam@example.org");
    await hours.fill("8");
    await page.getByLabel(t("devPages.form.fields.startsOn"), { exact: true }).fill("2026-12-01");
    await page.getByRole("radio", { name: t("devPages.form.kinds.weekly") }).check();
    await page.getByRole("checkbox", { name: t("devPages.form.days.monday") }).check();
    await page
      .getByRole("combobox", { name: t("devPages.form.fields.region"), exact: true })
      .selectOption({ label: t("devPages.form.regions.north") });
    await page.getByRole("button", { name: t("devPages.form.submit") }).click();
    await expect(page.getByText(t("devPages.form.sent", { name: "Sam" }))).toBeVisible();
  });

  test("a dialog keeps focus inside, closes on Escape and gives focus back (en)", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseLocale(context, baseURL!, "en");
    const t = translator("en");
    await open(page, "/dev/modal", headingOf(t, "devModal"), "en");
    const opener = page.getByRole("button", { name: t("devPages.modal.openDanger") });
    await expect(opener).toBeEnabled();
    await opener.click();
    const dialog = page.getByRole("dialog", { name: t("devPages.modal.dangerTitle") });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // Focus starts inside (on Cancel) and Tab stays inside: the page behind is inert.
    await expect(dialog.getByRole("button", { name: t("common.cancel") })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      dialog.getByRole("button", { name: t("devPages.modal.dangerConfirm") }),
    ).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: t("devPages.modal.cancelled") }),
    ).toBeVisible();
  });

  test("the api probe reaches the api through the BFF as the signed-in superadmin (en)", async ({
    page,
    context,
    baseURL,
  }) => {
    await chooseLocale(context, baseURL!, "en");
    const t = translator("en");
    await open(page, "/test/api", headingOf(t, "testApi"), "en");
    await page.getByRole("button", { name: t("devPages.api.run") }).click();
    const row = page.getByRole("row", { name: /current_user/ });
    await expect(row.getByRole("cell").first()).toHaveText("200");
    // /test/user shows the roles as the api sent them: the superadmin's global role.
    await open(page, "/test/user", headingOf(t, "testUser"), "en");
    await expect(page.getByRole("list", { name: t("devPages.session.roles") })).toContainText(
      "superadmin",
    );
  });
});
