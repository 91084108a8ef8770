import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The form builder (docs/form-builder.md) on roermond, as the member of its seeded
// organisation, whom no other spec signs in with. Each run creates its own forms (a title
// with the run's time) and one submission to one of them, and changes nothing else.

const nl = translator("nl");
const en = translator("en");
const USER = seedEmail("member", "roermond");
const onRoermond = (path: string) => `http://roermond.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page) {
  await page.goto(onRoermond("/auth/login-1"));
  await signInFromPage(page, USER);
}

async function english(context: BrowserContext) {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onRoermond("/") }]);
}

const step = (page: Page, position: number) =>
  page.getByRole("group", { name: nl("formBuilder.builder.stepName", { position }), exact: true });

async function addField(page: Page, position: number, kind: string) {
  const group = step(page, position);
  await group.getByLabel(nl("formBuilder.builder.newFieldKind")).selectOption(kind);
  await group
    .getByRole("button", {
      name: `${nl("formBuilder.builder.addField")} ${nl("formBuilder.builder.toStep", { step: position })}`,
    })
    .click();
}

test("a member builds a form with two steps and a condition, previews and publishes it, a visitor fills it in, and the answers read back in the page and the CSV", async ({
  page,
  browser,
}) => {
  // Two browsers, a dozen pages and saves: more than the default 30 s on a busy machine.
  test.slow();
  const title = `Hulp met vervoer ${Date.now()}`;
  const question = `${nl("formBuilder.field.label")} (${nl("formBuilder.field.nl")})`;
  await signIn(page);
  await page.goto(onRoermond("/form_builder"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("formBuilder.list.title") }),
  ).toBeVisible();
  await page.getByRole("link", { name: nl("formBuilder.list.add") }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: nl("formBuilder.new.title") }),
  ).toBeVisible();

  await page.getByLabel(nl("formBuilder.builder.title"), { exact: true }).fill(title);
  // Step 1: a required yes/no question.
  await addField(page, 1, "yes_no");
  await step(page, 1).getByLabel(question).fill("Heb je een auto?");
  await step(page, 1).getByLabel(nl("formBuilder.field.required")).check();
  // Step 2: the number plate, asked only of those with a car, and an e-mail address.
  await page.getByRole("button", { name: nl("formBuilder.builder.addStep") }).click();
  await addField(page, 2, "short_text");
  await step(page, 2).getByLabel(question).fill("Kenteken");
  await step(page, 2)
    .getByLabel(nl("formBuilder.field.conditionField"))
    .selectOption({ label: "Heb je een auto?" });
  await step(page, 2)
    .getByRole("group", { name: nl("formBuilder.field.conditionValues") })
    .getByLabel(nl("formBuilder.field.yes"))
    .check();
  await addField(page, 2, "email");
  await step(page, 2).getByLabel(question).nth(1).fill("E-mailadres");
  await step(page, 2).getByLabel(nl("formBuilder.field.required")).nth(1).check();
  await page.getByRole("button", { name: nl("formBuilder.builder.add") }).click();

  await expect(page).toHaveURL(/\/form_builder\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectNoAxeViolations(page);

  // The preview: the public renderer, nothing sent.
  await page.getByRole("link", { name: nl("formBuilder.detail.preview") }).click();
  const main = page.getByRole("main");
  await expect(main.getByText(nl("formBuilder.preview.notice"))).toBeVisible();
  await expect(main.getByText("Heb je een auto?")).toBeVisible();
  await main.getByLabel(nl("forms.public.yes"), { exact: true }).check();
  await main.getByRole("button", { name: nl("forms.public.next") }).click();
  await expect(main.getByLabel("Kenteken")).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole("link", { name: nl("formBuilder.preview.back") }).click();

  await page.getByRole("button", { name: nl("formBuilder.detail.publish") }).click();
  await expect(page.getByText(nl("formBuilder.detail.publicLinkOpen"))).toBeVisible();
  const link = await page.getByLabel(nl("formBuilder.detail.publicLinkLabel")).inputValue();
  expect(link).toMatch(/\/forms\/[A-Za-z0-9_-]{22}$/);

  // A visitor, signed out, fills it in.
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(link);
  const answers = form.getByRole("main");
  await answers.getByLabel(nl("forms.public.yes"), { exact: true }).check();
  await answers.getByRole("button", { name: nl("forms.public.next") }).click();
  await answers.getByLabel("Kenteken").fill("AB-12-CD");
  await answers.getByLabel("E-mailadres").fill("bezoeker@example.org");
  await answers.getByRole("button", { name: nl("forms.public.send") }).click();
  await expect(answers.getByRole("heading", { name: nl("forms.public.sentTitle") })).toBeVisible();
  await visitor.close();

  // The submission, labelled as its version asked it.
  await page.reload();
  await page.locator('a[href*="/submissions/"]').first().click();
  await expect(page).toHaveURL(/\/submissions\/\d+$/);
  const read = page.getByRole("main");
  await expect(read.getByRole("definition").nth(0)).toHaveText(nl("formBuilder.submission.yes"));
  await expect(read.getByRole("definition").nth(1)).toHaveText("AB-12-CD");
  await expect(read.getByRole("definition").nth(2)).toHaveText("bezoeker@example.org");
  await expectNoAxeViolations(page);

  // The CSV export, read back (semicolons, as Dutch spreadsheets read them): the questions
  // as columns, the answers as given, yes as 1.
  await read.getByRole("link", { name: nl("formBuilder.submission.back") }).click();
  const href = await page
    .getByRole("link", { name: nl("formBuilder.submissions.export") })
    .getAttribute("href");
  const csv = await page.evaluate(async (url) => (await fetch(url as string)).text(), href);
  const rows = parse(csv, { bom: true, columns: true, delimiter: ";" }) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    "Heb je een auto?": "1",
    Kenteken: "AB-12-CD",
    "E-mailadres": "bezoeker@example.org",
  });
});

test("in English the builder speaks English and is clean under axe", async ({ page, context }) => {
  test.slow();
  await english(context);
  await signIn(page);
  await page.goto(onRoermond("/form_builder"));
  await expect(
    page.getByRole("heading", { level: 1, name: en("formBuilder.list.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(onRoermond("/form_builder/new"));
  await expect(
    page.getByRole("heading", { level: 1, name: en("formBuilder.new.title") }),
  ).toBeVisible();
  const first = page.getByRole("group", {
    name: en("formBuilder.builder.stepName", { position: 1 }),
    exact: true,
  });
  await first.getByLabel(en("formBuilder.builder.newFieldKind")).selectOption("single_choice");
  await first
    .getByRole("button", { name: new RegExp(`^${en("formBuilder.builder.addField")}`) })
    .click();
  await first.getByLabel(en("formBuilder.builder.newFieldKind")).selectOption("short_text");
  await first
    .getByRole("button", { name: new RegExp(`^${en("formBuilder.builder.addField")}`) })
    .click();
  await expect(first.getByText(en("formBuilder.field.conditionNone"))).toBeVisible();
  // Saving without the questions says so on the inputs, in English.
  await page.getByRole("button", { name: en("formBuilder.builder.add") }).click();
  await expect(
    first.getByText(en("validation.required", { field: en("formBuilder.parts.labelNl") })).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
