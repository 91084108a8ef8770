import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, translator } from "./support/i18n";
import { waitForMail } from "./support/mail";

// /contactformulier and the centre admins' /contactformulier/berichten
// (docs/contact-form.md) on the demo tenant. In Dutch, the organisation admin (an account
// other specs only read with) sends a message with an address of its own, sees the
// confirmation and gets it by mail; the centre's admin finds it in the back office, reads it
// and marks it handled. In English, the form's refusals, the confirmation and the list speak
// English. axe on every state.

test.describe.configure({ timeout: 120_000 });

const SENDER = DEMO.accessibility;
const CENTRE_ADMIN = DEMO.centreAdmin;

const tag = () => Math.random().toString(36).slice(2, 8);
const textbox = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

async function fillMessage(
  page: Page,
  t: ReturnType<typeof translator>,
  values: { email: string; subject: string; body: string },
) {
  await textbox(page, t("contact.form.email")).fill(values.email);
  await textbox(page, t("contact.form.subject")).fill(values.subject);
  await textbox(page, t("contact.form.body")).fill(values.body);
}

test("nl: a message reaches the centre, is confirmed on the page and by mail, and the centre admin reads and handles it", async ({
  page,
  baseURL,
}) => {
  const t = translator("nl");
  const id = tag();
  const subject = `E2E vraag ${id}`;
  const address = `contact-${id}@example.test`;
  await signInThroughApi(page, baseURL!, SENDER);

  await page.goto("/contactformulier");
  await expect(
    page.getByRole("heading", { level: 1, name: t("contact.form.title") }),
  ).toBeVisible();
  // Prefilled from the account.
  await expect(textbox(page, t("contact.form.email"))).toHaveValue(SENDER);
  await expect(page.getByRole("link", { name: "privacyverklaring" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expectNoAxeViolations(page);

  await fillMessage(page, t, { email: address, subject, body: "Hoe kan ik helpen?" });
  await page.getByRole("button", { name: t("contact.form.send") }).click();
  // Without consent nothing is sent: the checkbox says why.
  const consent = page.getByRole("checkbox", { name: t("contact.form.consentLabel") });
  await expect(page.getByText(t("contact.form.consentRequired"))).toBeVisible();
  await expect(consent).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await consent.check();
  await page.getByRole("button", { name: t("contact.form.send") }).click();

  const confirmation = page.getByRole("heading", { level: 2, name: t("contact.sent.title") });
  await expect(confirmation).toBeFocused();
  await expect(page.getByText(t("contact.sent.body", { email: address }))).toBeVisible();
  await expectNoAxeViolations(page);
  const mail = await waitForMail(address, { subject: /ontvangen/ });
  expect(mail.subject).toBe(`We hebben je bericht ontvangen: ${subject}`);
  expect(mail.text).toContain("Hoe kan ik helpen?");

  // The centre's admin, in a browser of their own.
  await page.context().clearCookies();
  await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
  await page.goto(`/contactformulier/berichten?q=${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: t("contact.messages.title") }),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(t("contact.messages.states.unread"));
  await expect(row).toContainText(address);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `${t("contact.messages.open")} ${subject}` }).click();
  const detail = page.getByRole("region", { name: subject });
  await expect(detail.getByRole("heading", { level: 2, name: subject })).toBeFocused();
  await expect(detail).toContainText("Hoe kan ik helpen?");
  await expect(row).toContainText(t("contact.messages.states.open"));
  await expect(detail.getByRole("link", { name: t("contact.messages.reply") })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${address}`),
  );
  await detail.getByRole("button", { name: t("contact.messages.markHandled") }).click();
  await expect(page.getByText(t("contact.messages.handledDone"))).toBeVisible();
  await expect(row).toContainText(t("contact.messages.states.handled"));
  await expectNoAxeViolations(page);

  // Handled, it is no longer among the open ones.
  await page.goto(`/contactformulier/berichten?q=${id}&state=open`);
  await expect(page.getByText(t("contact.messages.noMatches"))).toBeVisible();
});

test("en: the form, its refusals, the confirmation and the list speak English and are clean under axe", async ({
  page,
  context,
  baseURL,
}) => {
  const t = translator("en");
  const id = tag();
  const subject = `E2E question ${id}`;
  const address = `contact-en-${id}@example.test`;
  await chooseLocale(context, baseURL!, "en");
  await signInThroughApi(page, baseURL!, SENDER);

  await page.goto("/contactformulier");
  await expect(
    page.getByRole("heading", { level: 1, name: t("contact.form.title") }),
  ).toBeVisible();
  await textbox(page, t("contact.form.subject")).fill("");
  await page.getByRole("button", { name: t("contact.form.send") }).click();
  await expect(
    page.getByText(t("validation.required", { field: t("contact.form.subject") })),
  ).toBeVisible();
  await expect(page.getByText(t("contact.form.consentRequired"))).toBeVisible();
  await expectNoAxeViolations(page);

  await fillMessage(page, t, { email: address, subject, body: "How can I help?" });
  await page.getByRole("checkbox", { name: t("contact.form.consentLabel") }).check();
  await page.getByRole("button", { name: t("contact.form.send") }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: t("contact.sent.title") }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  // The confirmation comes in the language the message was written in.
  const mail = await waitForMail(address, { subject: /received/ });
  expect(mail.subject).toBe(`We received your message: ${subject}`);

  await page.context().clearCookies();
  await chooseLocale(context, baseURL!, "en");
  await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
  await page.goto(`/contactformulier/berichten?q=${id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: t("contact.messages.title") }),
  ).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText(t("contact.messages.states.unread"));
  await row.getByRole("button", { name: `${t("contact.messages.open")} ${subject}` }).click();
  await expect(page.getByRole("button", { name: t("contact.messages.markHandled") })).toBeVisible();
  await expectNoAxeViolations(page);
});
