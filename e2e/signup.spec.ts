import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, type TLocale, translator } from "./support/i18n";
import { clearMail, firstLink, listMail, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";
import { submitSignIn } from "./support/sign-in-form";

// /signup and /signup/success (spec §2, public) on the public tenant, which no other spec
// signs up on: every account here is new, with an address of its own, so nothing depends on
// the order of specs. POST /auth, the confirmation mail in the SMTP sink, /confirm, sign-in.

const nl = translator("nl");
const PASSWORD = "Vrijwilliger-e2e-1";

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;
/** A fresh address per call (factories with unique emails, STYLE.md). */
const freshAddress = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@signup.example.test`;

type T = ReturnType<typeof translator>;

/** nl is the default (Accept-Language nl-NL); en through the language cookie, on this host. */
async function chooseLanguage(context: BrowserContext, locale: TLocale) {
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: onPublic("/") }]);
  }
}

function signupForm(page: Page, t: T) {
  const field = (key: Parameters<T>[0]) => page.getByLabel(t(key), { exact: true });
  return {
    firstName: field("signup.fields.firstName"),
    lastName: field("signup.fields.lastName"),
    email: field("signup.fields.email"),
    password: field("signup.fields.password"),
    confirmation: field("signup.fields.passwordConfirmation"),
    submit: page.getByRole("button", { name: t("signup.submit"), exact: true }),
    alert: page.getByRole("main").getByRole("alert"),
  };
}

async function fillSignup(page: Page, t: T, values: { email: string; confirmation?: string }) {
  const form = signupForm(page, t);
  await form.firstName.fill("Vera");
  await form.lastName.fill("Smit");
  await form.email.fill(values.email);
  await form.password.fill(PASSWORD);
  await form.confirmation.fill(values.confirmation ?? PASSWORD);
}

const CONFIRMATION_SUBJECT: Record<TLocale, RegExp> = {
  nl: /^Bevestig je e-mailadres/,
  en: /^Confirm your email address/,
};

for (const [locale, t] of LOCALES.map((l) => [l, translator(l)] as const)) {
  test(`a volunteer signs up in ${locale}, gets the confirmation mail in ${locale} (and again on request), confirms through its link and signs in through the form`, async ({
    page,
    context,
  }) => {
    // A whole journey across several pages, with axe on each: more than the default 30 s.
    test.slow();
    await chooseLanguage(context, locale);
    const email = freshAddress(`vera-${locale}`);
    await page.goto(onPublic("/signup"));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1, name: t("signup.title") })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t("routes.signup")}`));
    await expectNoAxeViolations(page);

    await fillSignup(page, t, { email });
    await signupForm(page, t).submit.click();

    await expect(page).toHaveURL(onPublic("/signup/success"));
    await expect(
      page.getByRole("heading", { level: 1, name: t("signup.success.title") }),
    ).toBeVisible();
    // The address came along in sessionStorage, not in the URL.
    await expect(page.getByText(t("signup.success.sentTo", { email }))).toBeVisible();
    expect(page.url()).not.toContain("@");
    await expect(page.getByLabel(t("signup.fields.email"), { exact: true })).toHaveValue(email);
    await expectNoAxeViolations(page);

    // The account reads the language it signed up in.
    const first = await waitForMail(email, { subject: CONFIRMATION_SUBJECT[locale] });
    expect(firstLink(first).startsWith(onPublic("/confirm?confirmation_token="))).toBe(true);

    // "No mail received?": the same address, a second mail.
    await clearMail(email);
    await page.getByRole("button", { name: t("signup.resend.submit"), exact: true }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(t("signup.resend.done"));
    await expectNoAxeViolations(page);
    const link = firstLink(await waitForMail(email, { subject: CONFIRMATION_SUBJECT[locale] }));
    expect(link.startsWith(onPublic("/confirm?confirmation_token="))).toBe(true);

    // Not confirmed yet: the sign-in form says so.
    await page.goto(onPublic("/auth/login-1"));
    expect(await submitSignIn(page, t, email, PASSWORD)).toBe(401);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      t("auth.errors.unconfirmed"),
    );
    await expectNoAxeViolations(page);

    await page.goto(link);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(t("auth.confirm.success"));
    await expectNoAxeViolations(page);
    await page
      .getByRole("main")
      .getByRole("link", { name: t("auth.confirm.signIn"), exact: true })
      .click();
    await expect(page).toHaveURL(onPublic("/auth/login-1"));
    expect(await submitSignIn(page, t, email, PASSWORD)).toBe(200);
    await expect(page).toHaveURL(onPublic("/dashboard"));
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: t("dashboard.greeting", { name: "Vera Smit" }),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test("a password mismatch shows one message on blur; a taken address shows the field error, offers sign-in, and keeps what was typed", async ({
  page,
}) => {
  // The address is taken by a sign-up made here first, so this spec owns it.
  const email = freshAddress("taken");
  await page.goto(onPublic("/signup"));
  await fillSignup(page, nl, { email });
  await signupForm(page, nl).submit.click();
  await expect(page).toHaveURL(onPublic("/signup/success"));

  await page.goto(onPublic("/signup"));
  const form = signupForm(page, nl);
  await fillSignup(page, nl, { email, confirmation: `${PASSWORD}x` });
  // Typing judges nothing; leaving the field does, with one message tied to it.
  await expect(page.getByText(nl("validation.passwordMismatch"))).toHaveCount(0);
  await form.confirmation.blur();
  await expect(page.getByText(nl("validation.passwordMismatch"))).toHaveCount(1);
  await expect(form.confirmation).toHaveAttribute("aria-invalid", "true");
  await expect(form.confirmation).toHaveAccessibleDescription(nl("validation.passwordMismatch"));

  await form.confirmation.fill(PASSWORD);
  await form.confirmation.blur();
  await expect(page.getByText(nl("validation.passwordMismatch"))).toHaveCount(0);

  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth") && r.request().method() === "POST"),
    form.submit.click(),
  ]);
  expect(response.status()).toBe(422);
  await expect(form.email).toHaveAccessibleDescription(nl("signup.problems.taken"));
  await expect(form.email).toBeFocused();
  await expect(form.alert).toContainText(nl("signup.taken.title"));
  await expect(
    form.alert.getByRole("link", { name: nl("signup.taken.signIn"), exact: true }),
  ).toHaveAttribute("href", "/auth/login-1");
  await expect(
    form.alert.getByRole("link", { name: nl("signup.taken.recover"), exact: true }),
  ).toHaveAttribute("href", "/auth/recover");
  // Nothing typed is lost.
  await expect(form.firstName).toHaveValue("Vera");
  await expect(form.lastName).toHaveValue("Smit");
  await expect(form.email).toHaveValue(email);
  await expect(form.password).toHaveValue(PASSWORD);
  await expect(form.confirmation).toHaveValue(PASSWORD);
  await expect(page).toHaveURL(onPublic("/signup"));
  await expectNoAxeViolations(page);
  // One mail only: the refused attempt sent nothing. The first sign-up's mail leaves through
  // the job queue after its commit, so it is waited for before counting.
  await waitForMail(email);
  expect(await listMail(email)).toHaveLength(1);
});

for (const [locale, t] of LOCALES.map((l) => [l, translator(l)] as const)) {
  test(`/signup's field errors and /signup/success without a sign-up in the tab, in ${locale}, clean under axe`, async ({
    page,
    context,
  }) => {
    await chooseLanguage(context, locale);
    await page.goto(onPublic("/signup"));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    // Submitting empty: every required field says so, the first gets the focus.
    await signupForm(page, t).submit.click();
    await expect(signupForm(page, t).firstName).toBeFocused();
    await expect(signupForm(page, t).email).toHaveAccessibleDescription(
      t("validation.required", { field: t("signup.fields.email") }),
    );
    // Field messages only: the form-level alert stays empty (no empty red box).
    await expect(signupForm(page, t).alert).toBeEmpty();
    await expectNoAxeViolations(page);

    // Opened without a sign-up in this tab: no address to show, one can be typed in.
    await page.goto(onPublic("/signup/success"));
    await expect(page.getByText(t("signup.success.sent"))).toBeVisible();
    await expect(page.getByLabel(t("signup.fields.email"), { exact: true })).toHaveValue("");
    await expectNoAxeViolations(page);
  });
}
