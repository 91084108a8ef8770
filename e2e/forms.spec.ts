import { expect, type Page, test } from "@playwright/test";
import { SEED_FORM_TOKEN } from "../backend/db/seed/forms";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, translator } from "./support/i18n";

// The public form /forms/:token (docs/forms.md) on the demo tenant's seeded form
// (backend/db/seed/forms.ts): two steps and a dropdown shown only when lunch is "yes".
// Signed out, as a visitor: each run writes one submission to that form and nothing else.

const path = `/forms/${SEED_FORM_TOKEN}`;

async function fillIn(page: Page, locale: "nl" | "en") {
  const t = translator(locale);
  const en = locale === "en";
  const main = page.getByRole("main");
  // The empty layout: no header.
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(main.getByText(t("forms.public.progress", { step: 1, steps: 2 }))).toBeVisible();

  // Step 1 checks its fields before moving on, on blur and on "Next".
  await main.getByRole("button", { name: t("forms.public.next") }).click();
  const name = en ? "Name" : "Naam";
  await expect(main.getByText(t("forms.validation.required", { field: name }))).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByLabel(name).fill("Anna de Vries");
  const email = en ? "E-mail address" : "E-mailadres";
  await main.getByLabel(email).fill("anna");
  await main.getByLabel(email).blur();
  await expect(main.getByText(t("forms.validation.email", { field: email }))).toBeVisible();
  await main.getByLabel(email).fill(`anna-${locale}@example.org`);
  await main.getByRole("button", { name: t("forms.public.next") }).click();

  // Step 2: the diet is asked only of those who join for lunch.
  await expect(main.getByText(t("forms.public.progress", { step: 2, steps: 2 }))).toBeVisible();
  const diet = en ? "Dietary wish" : "Dieetwens";
  await expect(main.getByLabel(diet)).toHaveCount(0);
  await main.getByLabel(t("forms.public.yes")).check();
  await expect(main.getByLabel(diet)).toBeVisible();
  await main.getByLabel(diet).selectOption(en ? "Vegetarian" : "Vegetarisch");
  await main.getByRole("button", { name: t("forms.public.send") }).click();
  // The consent is required: the form says so and sends nothing.
  await expect(main.getByText(t("forms.public.sentTitle"))).toHaveCount(0);
  await main.getByRole("checkbox").check();
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: t("forms.public.send") }).click();
  await expect(main.getByRole("heading", { name: t("forms.public.sentTitle") })).toBeVisible();
  await expectNoAxeViolations(page);
}

test("a visitor fills in the seeded form through both steps, with its condition, and sees the confirmation", async ({
  page,
}) => {
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Aanmelden vrijwilligersdag" }),
  ).toBeVisible();
  await fillIn(page, "nl");
});

test("in English the form speaks English and is clean under axe", async ({
  page,
  context,
  baseURL,
}) => {
  await chooseLocale(context, baseURL as string, "en");
  await page.goto(path);
  await fillIn(page, "en");
});

test("an unknown token is the 404 screen", async ({ page }) => {
  const response = await page.goto("/forms/AAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(404);
  await expect(page.getByText(translator("nl")("errors.notFound.title"))).toBeVisible();
});
