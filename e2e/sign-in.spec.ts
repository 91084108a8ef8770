import { expect, test } from "@playwright/test";
import { DEMO, SEED_PASSWORD, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { waitForMail } from "./support/mail";
import { E2E } from "./support/ports";
import { seedAnchorName, seedUserName } from "./support/seed-data";
import { expectRefused, signInForm, submitSignIn } from "./support/sign-in-form";

// The sign-in form (spec §2 /auth/login-1), the dashboard it leads to and /uitloggen.
// These are the specs that test the form; every other spec signs in through the api.

const nl = translator("nl");
const WRONG_PASSWORD = "Niet-het-goede-wachtwoord-1";

test("a centre admin signs in with the form and the dashboard shows their name, e-mail, roles and organizations", async ({
  page,
}) => {
  const centre = seedAnchorName("demo", "defaultCenter");
  await page.goto("/auth/login-1");
  await expect(
    page.getByRole("heading", { level: 1, name: nl("auth.signIn.title") }),
  ).toBeVisible();

  expect(await submitSignIn(page, nl, DEMO.centreAdmin, SEED_PASSWORD)).toBe(200);

  await expect(page).toHaveURL(/\/dashboard$/);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", {
      level: 1,
      name: nl("dashboard.greeting", { name: seedUserName("admin") }),
    }),
  ).toBeVisible();
  const account = main.getByRole("region", { name: nl("dashboard.account.heading") });
  await expect(account).toContainText(seedUserName("admin"));
  await expect(account).toContainText(DEMO.centreAdmin);
  const roles = main.getByRole("region", { name: nl("dashboard.roles.heading") });
  await expect(roles.getByRole("listitem")).toHaveText([
    nl("dashboard.roles.onResource", { role: nl("labels.role.admin"), resource: centre }),
  ]);
  const organizations = main.getByRole("region", { name: nl("dashboard.organizations.heading") });
  await expect(organizations.getByRole("rowheader")).toHaveText([centre]);
  await expect(organizations.getByRole("row", { name: centre })).toContainText(
    nl("labels.organizationType.VolunteerCenter"),
  );
  // The header now offers the account menu, with the account links, instead of "sign in".
  const accountNav = page.getByRole("navigation", { name: nl("layout.accountNav") });
  await accountNav.getByRole("button", { name: seedUserName("admin") }).click();
  // A centre's admin also gets the back office (lib/auth/back-office-links.ts).
  await expect(accountNav.getByRole("link")).toHaveText([
    nl("layout.dashboard"),
    nl("routes.applications"),
    nl("routes.profile"),
    nl("routes.activityCalendarOverview"),
    nl("routes.organizations"),
    nl("routes.organizationApprove"),
    nl("routes.vacancies"),
    nl("routes.formBuilder"),
    nl("routes.users"),
    nl("routes.volunteerPool"),
    nl("routes.auditLog"),
    nl("routes.settings"),
    nl("routes.tags"),
    nl("routes.deskManagement"),
    nl("routes.newsAdmin"),
    nl("routes.pageAdmin"),
    nl("routes.analytics"),
    nl("routes.notificationTemplates"),
    nl("routes.contactMessages"),
    nl("routes.accountRoles"),
    nl("layout.signOut"),
  ]);
});

test("signing out through /uitloggen lands on the sign-in page, /dashboard then asks to sign in, and signing in from there returns to /dashboard", async ({
  page,
  baseURL,
}) => {
  await signInThroughApi(page, baseURL!, DEMO.centreAdmin);
  await page.goto("/dashboard");
  const main = page.getByRole("main");
  await main.getByRole("link", { name: nl("dashboard.signOut"), exact: true }).click();

  // /uitloggen gives no return path (docs/decisions.md: else signing in would sign out again).
  await expect(page).toHaveURL(`${baseURL}/auth/login-1`);
  await expect(
    page.getByRole("heading", { level: 1, name: nl("auth.signIn.title") }),
  ).toBeVisible();
  const session = await page.request.get("/api/session");
  expect(await session.json()).toEqual({ signedIn: false, impersonating: false });

  await page.goto("/dashboard");
  await expect(page).toHaveURL(`${baseURL}/auth/login-1?redirect=%2Fdashboard`);

  expect(await submitSignIn(page, nl, DEMO.centreAdmin, SEED_PASSWORD)).toBe(200);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(
    main.getByRole("heading", {
      level: 1,
      name: nl("dashboard.greeting", { name: seedUserName("admin") }),
    }),
  ).toBeVisible();
});

for (const locale of LOCALES) {
  test(`a wrong password is refused with the invalid-credentials message (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = translator(locale);
    await chooseLocale(context, baseURL!, locale);
    await page.goto("/auth/login-1");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);

    await expectRefused(
      page,
      t,
      DEMO.wrongPassword,
      WRONG_PASSWORD,
      t("auth.errors.invalidCredentials"),
    );
    // Still signed out.
    expect(await (await page.request.get("/api/session")).json()).toEqual({
      signedIn: false,
      impersonating: false,
    });
  });
}

test("a user registered with the other centre of the collaboration is told they are on the wrong website", async ({
  page,
}) => {
  await page.goto("/auth/login-1");
  await expectRefused(page, nl, DEMO.otherCentre, SEED_PASSWORD, nl("errors.wrongCenter.title"));
  // spec §8: the title and the explanation.
  await expect(signInForm(page, nl).alert).toContainText(nl("errors.wrongCenter.description"));
});

test("five wrong passwords lock the account: the right password is then refused with the locked message and an unlock mail is sent", async ({
  page,
}) => {
  await page.goto("/auth/login-1");
  // docs/decisions.md, Auth: 5 failed sign-ins lock the account.
  for (let attempt = 1; attempt <= 5; attempt++) {
    await expectRefused(
      page,
      nl,
      DEMO.locked,
      WRONG_PASSWORD,
      nl("auth.errors.invalidCredentials"),
    );
  }
  await expectRefused(page, nl, DEMO.locked, SEED_PASSWORD, nl("auth.errors.locked"));
  const mail = await waitForMail(DEMO.locked, { subject: /geblokkeerd/ });
  expect(mail.text).toContain("/api/auth/unlock?unlock_token=");
});

test("an inactive user is refused with the inactive-account message", async ({ page }) => {
  await page.goto("/auth/login-1");
  // spec §1: inactive users are not allowed; the api says so only after the right password.
  await expectRefused(page, nl, DEMO.inactive, SEED_PASSWORD, nl("auth.errors.inactive"));
});

test("leaving the e-mail field empty shows one message when the field is left, before any submit", async ({
  page,
}) => {
  await page.goto("/auth/login-1");
  const form = signInForm(page, nl);
  const message = nl("validation.required", { field: nl("auth.fields.email") });

  // spec §5 / docs/decisions.md (Forms): not while typing…
  await form.email.fill("x");
  await form.email.press("Backspace");
  await expect(form.email).toHaveValue("");
  await expect(page.getByText(message)).toHaveCount(0);
  // …but on blur: one message, tied to the field.
  await form.email.blur();
  await expect(page.getByText(message)).toHaveCount(1);
  await expect(form.email).toHaveAttribute("aria-invalid", "true");
  await expect(form.email).toHaveAccessibleDescription(message);
  // Only the field that was left is judged.
  await expect(form.password).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.alert).toBeEmpty();
});

test("a sign-in link with tokens signs the browser in, and no token stays in the address bar or the history", async ({
  page,
  request,
}) => {
  // A client that holds tokens (another app of ours, say) hands the browser a sign-in link.
  const signIn = await request.post(`http://127.0.0.1:${E2E.apiPort}/auth/sign_in`, {
    headers: { "x-tenant": "demo" },
    data: { email: DEMO.accessibility, password: SEED_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const headers = signIn.headers();
  const link = new URLSearchParams({
    "access-token": headers["access-token"],
    client: headers.client,
    uid: headers.uid,
    redirect: "/dashboard",
  });
  await page.goto("/vacancies/search");
  await page.goto(`/auth/token?${link}`);
  // Signed in: the login-required dashboard opens instead of the sign-in page.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/vacancies\/search$/);

  // A link that does not work signs nobody in and says so, in the visitor's language.
  await page.context().clearCookies();
  await page.goto("/auth/token?access-token=spent&client=nope&uid=nobody%40example.com");
  await expect(page).toHaveURL(/\/auth\/login-1\?link=invalid$/);
  await expect(page.getByRole("status")).toHaveText(nl("auth.signIn.linkInvalid"));
  await expectNoAxeViolations(page);
});
