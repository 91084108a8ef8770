import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { clearMail, waitForMail } from "./support/mail";

// The notification templates pages (docs/notification-templates.md) on the demo tenant, by
// its centre's admin, in both languages: the list shows the "new application" template as
// the default; the admin overrides it in the page's language for their centre, the live
// preview renders the sample data, a variable is inserted, a test mail reaches their own
// inbox with the override's words, and "reset to default" (confirmed) removes the override,
// so nothing is left behind. axe on every page state. Writes: only admin@demo's own
// override (removed again) and a test mail to admin@demo.

test.describe.configure({ timeout: 120_000 });

const KIND = "application.received";

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
