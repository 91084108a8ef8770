import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import { seedAnchorName } from "./support/seed-data";
import { submitSignIn } from "./support/sign-in-form";

// The notification templates pages (docs/notification-templates.md) on the demo tenant, by
// its centre's admin, in both languages: the list shows the "new application" template as
// the default; the admin overrides it in the page's language for their centre, the live
// preview renders the sample data, a variable is inserted, a test mail reaches their own
// inbox with the override's words, and "reset to default" (confirmed) removes the override,
// so nothing is left behind. axe on every page state. In Dutch, with the override saved, a
// fresh volunteer (signed up in the spec) applies through the vacancy page to a vacancy the
// spec makes for the centre, with the seeded form's questions, and the centre's staff get
// the "new application" mail in the override's words. Writes: admin@demo's own override
// (removed again), a test mail to admin@demo, that vacancy (archived again) and the fresh
// volunteer with her application and answers.

test.describe.configure({ timeout: 120_000 });

const KIND = "application.received";
const FORM_TITLE = "Aanmelden vrijwilligersdag";
// The vacancy's organisation: a school of the admin's centre. Its only staff, org-admin@demo,
// gets the "new application" mail; no other spec counts that address's mail.
const SCHOOL = seedAnchorName("demo", "school");
const SCHOOL_ADMIN = seedEmail("org-admin", "demo");
const PASSWORD = "Sjabloon-e2e-1";

type TJson = { data: { id: string; attributes: Record<string, unknown> }[] };

/**
 * A published vacancy of the centre's school that asks the seeded form (the centre's)
 * questions, made through the api by the signed-in centre admin's page; its id.
 */
async function vacancyWithQuestions(page: Page, title: string): Promise<string> {
  return page.evaluate(
    async ({ title, formTitle, school }) => {
      const forms = (await (await fetch("/api/v1/forms?page[size]=100")).json()) as TJson;
      const form = forms.data.find((f) => f.attributes.title === formTitle);
      if (!form) throw new Error(`no form ${formTitle}`);
      const organizations = (await (
        await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(school)}`)
      ).json()) as TJson;
      const organization = organizations.data[0];
      if (!organization) throw new Error(`no organisation ${school}`);
      const res = await fetch("/api/v1/vacancies", {
        method: "POST",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "vacancies",
            attributes: {
              title,
              status: "published",
              remote: true,
              application_form_id: Number(form.id),
            },
            relationships: {
              organization: {
                data: { type: "organizations", id: organization.id },
              },
            },
          },
        }),
      });
      if (res.status !== 201) throw new Error(`vacancy: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: { id: string } }).data.id;
    },
    { title, formTitle: FORM_TITLE, school: SCHOOL },
  );
}

/** A new volunteer: signed up and confirmed through the pages, then signed in. */
async function freshVolunteer(browser: Browser, baseURL: string, email: string) {
  const t = translator("nl");
  const context = await browser.newContext({ baseURL, locale: "nl-NL" });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel(t("signup.fields.firstName"), { exact: true }).fill("Fenna");
  await page.getByLabel(t("signup.fields.lastName"), { exact: true }).fill("Sjabloon");
  await page.getByLabel(t("signup.fields.email"), { exact: true }).fill(email);
  await page.getByLabel(t("signup.fields.password"), { exact: true }).fill(PASSWORD);
  await page.getByLabel(t("signup.fields.passwordConfirmation"), { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t("signup.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/signup\/success$/);
  await page.goto(firstLink(await waitForMail(email, { subject: /^Bevestig je e-mailadres/ })));
  await expect(page.getByRole("main").getByRole("status")).toHaveText(t("auth.confirm.success"));
  await page.goto("/auth/login-1");
  expect(await submitSignIn(page, t, email, PASSWORD)).toBe(200);
  return { context, page };
}

/** A run that stopped half-way left its override: removed first, through the api. */
async function removeLeftovers(page: Page) {
  await page.evaluate(async (kind) => {
    const list = await (
      await fetch(`/api/v1/notification_templates?filter[kind_eq]=${kind}`)
    ).json();
    for (const row of list.data as { id: string; attributes: { volunteer_center_id: unknown } }[]) {
      if (row.attributes.volunteer_center_id !== null) {
        await fetch(`/api/v1/notification_templates/${row.id}`, { method: "DELETE" });
      }
    }
  }, KIND);
}

for (const locale of LOCALES) {
  const t = translator(locale);
  test(`${locale}: a centre admin overrides the new-application text, previews it, mails a test and resets it`, async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    if (locale === "en") await chooseLocale(context, baseURL!, "en");
    await signInThroughApi(page, baseURL!, DEMO.centreAdmin);
    await page.goto("/notification_templates");
    await removeLeftovers(page);
    await page.reload();

    await expect(
      page.getByRole("heading", { level: 1, name: t("notificationTemplates.title") }),
    ).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(KIND.replace(".", "\\.")) });
    await expect(row.getByText(t("notificationTemplates.standard"))).toHaveCount(2);
    await expectNoAxeViolations(page);

    // Overriding it in the page's language starts from the default's words.
    await row
      .getByRole("link", {
        name: `${t("notificationTemplates.override")} ${t("notificationTemplates.overrideFor", { kind: KIND, locale })}`,
      })
      .click();
    await expect(page).toHaveURL(/\/notification_templates\/add\?/);
    const subject = page.getByRole("textbox", {
      name: t("notificationTemplates.form.subject"),
      exact: true,
    });
    await expect(subject).toHaveValue(
      locale === "nl"
        ? "Nieuwe reactie op {{ vacancy.title }}"
        : "New application for {{ vacancy.title }}",
    );
    const previewSubject = page.getByTestId("preview-subject");
    await expect(previewSubject).toHaveText(
      locale === "nl"
        ? "Nieuwe reactie op Voorlezen in de bibliotheek"
        : "New application for Voorlezen in de bibliotheek",
    );
    const marker = `E2E ${locale} ${Math.random().toString(36).slice(2, 7)}`;
    await subject.fill(`${marker}: {{ vacancy.title }}`);
    await expect(previewSubject).toHaveText(`${marker}: Voorlezen in de bibliotheek`);
    // A variable the kind does not have is refused by the preview, before any save.
    const body = page.getByRole("textbox", {
      name: t("notificationTemplates.form.body"),
      exact: true,
    });
    await body.fill("{{ volunteer.password }}");
    await expect(page.getByText(/volunteer\.password/).last()).toBeVisible();
    await body.fill("Beste collega,\n\n");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: t("notificationTemplates.form.create") }).click();

    await expect(page).toHaveURL(/\/notification_templates\/\d+\/edit$/);
    await expect(
      page.getByText(t("notificationTemplates.form.toasts.created", { kind: KIND })),
    ).toBeVisible();
    // The caret is after the greeting: a click on the variable inserts it there.
    const editBody = page.getByRole("textbox", {
      name: t("notificationTemplates.form.body"),
      exact: true,
    });
    await editBody.click();
    await editBody.press("Control+End");
    await page.getByRole("button", { name: /\{\{ applicant\.name \}\}/ }).click();
    await expect(editBody).toHaveValue("Beste collega,\n\n{{ applicant.name }}");
    await expect(page.getByTestId("preview-body")).toHaveText(/Beste collega,\s+Sam de Vries/);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: t("notificationTemplates.form.save") }).click();
    await expect(
      page.getByText(t("notificationTemplates.form.toasts.saved", { kind: KIND })),
    ).toBeVisible();

    await clearMail(DEMO.centreAdmin);
    await page.getByRole("button", { name: t("notificationTemplates.form.testMail") }).click();
    const mail = await waitForMail(DEMO.centreAdmin, { subject: new RegExp(marker) });
    expect(mail.subject).toBe(`${marker}: Voorlezen in de bibliotheek`);
    expect(mail.text).toContain("Sam de Vries");

    if (locale === "nl") {
      // A real application: the staff's mail is the override, filled in with it.
      const title = `Sjablonen proeven ${marker}`;
      const vacancyId = await vacancyWithQuestions(page, title);
      const email = `sjabloon-${Date.now()}-${Math.floor(Math.random() * 1e6)}@volunteer.example.test`;
      const volunteer = await freshVolunteer(browser, baseURL!, email);
      const applicant = volunteer.page;
      await applicant.goto(`/vacancies/${vacancyId}`);
      await applicant.getByRole("button", { name: t("applications.apply.button") }).click();
      const form = applicant.getByRole("form", { name: t("applications.apply.formLabel") });
      await expect(
        form.getByRole("heading", { name: t("applications.apply.questions") }),
      ).toBeVisible();
      await form
        .getByRole("textbox", { name: t("applications.apply.motivation") })
        .fill("Ik help graag mee.");
      // The questions check on blur with the form's own rules.
      const name = form.getByLabel("Naam", { exact: false }).first();
      await name.fill("F");
      await name.blur();
      await expect(
        form.getByText(t("forms.validation.minLength", { field: "Naam", min: 2 })),
      ).toBeVisible();
      await name.fill("Fenna Sjabloon");
      await form.getByLabel("E-mailadres").fill(email);
      await form.getByLabel(t("forms.public.yes"), { exact: true }).check();
      await form.getByLabel("Dieetwens").selectOption("Vegetarisch");
      // The consent is required: refused before sending.
      await form.getByRole("button", { name: t("applications.apply.submit") }).click();
      await expect(form.getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
      await form.getByRole("checkbox").check();
      await expectNoAxeViolations(applicant);
      await form.getByRole("button", { name: t("applications.apply.submit") }).click();
      await expect(applicant.getByText(t("applications.apply.sent"))).toBeVisible();

      const received = await waitForMail(SCHOOL_ADMIN, {
        subject: new RegExp(`^${marker}: Sjablonen`),
      });
      expect(received.subject).toBe(`${marker}: ${title}`);
      expect(received.text).toContain("Beste collega,");
      expect(received.text).toContain("Fenna Sjabloon");
      await volunteer.context.close();

      // The vacancy goes away again: archived, so no public list shows it.
      const archived = await page.evaluate(
        async (id) =>
          (
            await fetch(`/api/v1/vacancies/${id}/transition`, {
              method: "PUT",
              headers: { "Content-Type": "application/vnd.api+json" },
              body: JSON.stringify({
                data: { type: "vacancies", id, attributes: { status: "archived" } },
              }),
            })
          ).status,
        vacancyId,
      );
      expect(archived).toBe(200);
    }

    // The list says it is overridden, for the centre.
    await page.goto("/notification_templates");
    await expect(
      page.getByRole("row", { name: new RegExp(KIND.replace(".", "\\.")) }).getByRole("link", {
        name: new RegExp(t("notificationTemplates.editFor", { kind: KIND, locale })),
      }),
    ).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(KIND.replace(".", "\\.")) })
      .getByRole("link", {
        name: new RegExp(t("notificationTemplates.editFor", { kind: KIND, locale })),
      })
      .click();

    // Reset to the default, after a confirmation.
    await page.getByRole("button", { name: t("notificationTemplates.form.reset") }).click();
    const dialog = page.getByRole("dialog", {
      name: t("notificationTemplates.form.resetConfirmTitle"),
    });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog
      .getByRole("button", { name: t("notificationTemplates.form.resetConfirm") })
      .click();
    await expect(page).toHaveURL(/\/notification_templates$/);
    await expect(
      page
        .getByRole("row", { name: new RegExp(KIND.replace(".", "\\.")) })
        .getByText(t("notificationTemplates.standard")),
    ).toHaveCount(2);
  });
}
