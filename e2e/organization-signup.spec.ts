import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, type TLocale, translator } from "./support/i18n";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";
import { submitSignIn } from "./support/sign-in-form";

// /organizations/signup and its success page (spec §2, public) on the public tenant. The
// centre admin who approves is public's `admin`, whom no other spec signs in as; each
// sign-up is a new organisation with a new admin address, so the order of specs and
// re-runs do not matter. Nothing seeded changes except that admin's mailbox.

const nl = translator("nl");
const CENTRE_ADMIN = seedEmail("admin", "public");
const PASSWORD = "Beheerder-e2e-1";

type T = ReturnType<typeof translator>;

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function chooseLanguage(context: BrowserContext, locale: TLocale) {
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: onPublic("/") }]);
  }
}

/** The form's two fieldsets, found by their legends, and the fields inside them. */
function signupForm(page: Page, t: T) {
  const organization = page.getByRole("group", {
    name: t("organizationSignup.organization.legend"),
  });
  const account = page.getByRole("group", { name: t("organizationSignup.user.legend") });
  const inOrg = (key: Parameters<T>[0]) => organization.getByLabel(t(key), { exact: true });
  const inAccount = (key: Parameters<T>[0]) => account.getByLabel(t(key), { exact: true });
  return {
    organization,
    account,
    name: inOrg("organizationSignup.organization.name"),
    type: inOrg("organizationSignup.organization.type"),
    website: inOrg("organizationSignup.organization.website"),
    description: inOrg("organizationSignup.organization.description"),
    street: inOrg("organizationSignup.address.street"),
    houseNumber: inOrg("organizationSignup.address.houseNumber"),
    postalCode: inOrg("organizationSignup.address.postalCode"),
    city: inOrg("organizationSignup.address.city"),
    firstName: inAccount("signup.fields.firstName"),
    lastName: inAccount("signup.fields.lastName"),
    email: inAccount("organizationSignup.user.email"),
    password: inAccount("signup.fields.password"),
    confirmation: inAccount("signup.fields.passwordConfirmation"),
    submit: page.getByRole("button", { name: t("organizationSignup.submit"), exact: true }),
    alert: page.getByRole("main").getByRole("alert"),
  };
}

async function submitAndWait(page: Page, t: T) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.url().endsWith("/api/v1/organization_registrations") && r.request().method() === "POST",
    ),
    signupForm(page, t).submit.click(),
  ]);
  return response.status();
}

test("an organisation signs up; the centre admin approves it; the new admin gets the mail, confirms the address and signs in", async ({
  page,
  context,
}) => {
  // A whole journey across several pages, with axe on each: more than the default 30 s.
  test.slow();
  const name = `Stichting Buurtkracht ${unique()}`;
  const adminEmail = `sanne-${unique()}@organisatie.example.test`;
  const form = signupForm(page, nl);

  await page.goto(onPublic("/organizations/signup"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("organizationSignup.title") }),
  ).toBeVisible();
  await expect(
    page.getByRole("group", { name: nl("organizationSignup.address.legend") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await form.name.fill(name);
  await form.type.selectOption("Organization");
  await form.website.fill("https://buurtkracht.example.test");
  await form.description.fill("Wij helpen buren.");
  await form.street.fill("Oudestraat");
  await form.houseNumber.fill("12a");
  await form.postalCode.fill("8261 ce");
  await form.city.fill("Kampen");
  await form.firstName.fill("Sanne");
  await form.lastName.fill("de Vries");
  // First with the centre admin's own address: the api says it is taken, on that field.
  await form.email.fill(CENTRE_ADMIN);
  await form.password.fill(PASSWORD);
  await form.confirmation.fill(PASSWORD);
  expect(await submitAndWait(page, nl)).toBe(422);
  await expect(form.email).toHaveAccessibleDescription(nl("signup.problems.taken"));
  await expect(form.email).toBeFocused();
  await expect(form.alert).toContainText(nl("signup.taken.title"));
  await expect(form.city).toHaveValue("Kampen");
  await expect(form.password).toHaveValue(PASSWORD);
  await expectNoAxeViolations(page);

  await clearMail(CENTRE_ADMIN);
  await form.email.fill(adminEmail);
  expect(await submitAndWait(page, nl)).toBe(201);

  await expect(page).toHaveURL(onPublic("/organizations/signup/success"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("organizationSignup.success.title") }),
  ).toBeVisible();
  await expect(page.getByText(nl("organizationSignup.success.review"))).toBeVisible();
  await expect(
    page.getByText(nl("organizationSignup.success.confirmTo", { email: adminEmail })),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const confirmation = await waitForMail(adminEmail, { subject: /^Bevestig je e-mailadres/ });
  const confirmLink = firstLink(confirmation);
  expect(confirmLink.startsWith(onPublic("/confirm?confirmation_token="))).toBe(true);
  // The centre hears of it.
  await waitForMail(CENTRE_ADMIN, { subject: new RegExp(`wacht op goedkeuring: ${name}$`) });

  // The centre admin approves it on /organizations/approve.
  await page.goto(onPublic("/auth/login-1"));
  await signInFromPage(page, CENTRE_ADMIN);
  await page.goto(onPublic("/organizations/approve"));
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("Kampen");
  await expect(card).toContainText(adminEmail);
  await card.getByRole("button", { name: `${nl("organizationApprove.approve")} ${name}` }).click();
  await expect(
    page
      .locator("[data-toaster]")
      .getByText(nl("organizationAdmin.statusChange.approved", { name })),
  ).toBeVisible();
  const approved = await waitForMail(adminEmail, { subject: /goedgekeurd/ });
  expect(approved.subject).toBe(`${name} is goedgekeurd op Volunteerly`);

  // The new admin, in a browser of their own: confirms, then signs in through the form.
  await context.clearCookies();
  await page.goto(confirmLink);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(nl("auth.confirm.success"));
  await page
    .getByRole("main")
    .getByRole("link", { name: nl("auth.confirm.signIn"), exact: true })
    .click();
  expect(await submitSignIn(page, nl, adminEmail, PASSWORD)).toBe(200);
  await expect(page).toHaveURL(onPublic("/dashboard"));
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: nl("dashboard.greeting", { name: "Sanne de Vries" }),
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const locale of LOCALES) {
  const t = translator(locale);
  test(`in ${locale}: the form's checks on blur and on submit, and the success page, clean under axe`, async ({
    page,
    context,
  }) => {
    await chooseLanguage(context, locale);
    const form = signupForm(page, t);
    await page.goto(onPublic("/organizations/signup"));
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page).toHaveTitle(new RegExp(`^${t("routes.organizationSignup")}`));

    // spec §5: on blur, the first failing rule, one message per field.
    await form.postalCode.fill("82 CE");
    await form.postalCode.blur();
    await expect(form.postalCode).toHaveAccessibleDescription(
      `${t("organizationSignup.address.postalCodeHint")} ${t("signup.problems.postalCode")}`,
    );
    await form.website.fill("www.example.nl");
    await form.website.blur();
    await expect(page.getByText(t("signup.problems.website"))).toHaveCount(1);

    // Submitting runs every rule; the first failing field gets the focus.
    await form.submit.click();
    await expect(form.name).toBeFocused();
    await expect(form.type).toHaveAccessibleDescription(
      t("validation.required", { field: t("organizationSignup.organization.type") }),
    );
    await expect(form.alert).toBeEmpty();
    await expectNoAxeViolations(page);

    await page.goto(onPublic("/organizations/signup/success"));
    await expect(
      page.getByRole("heading", { level: 1, name: t("organizationSignup.success.title") }),
    ).toBeVisible();
    await expect(page.getByText(t("organizationSignup.success.confirm"))).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
