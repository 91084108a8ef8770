import { expect, test } from "@playwright/test";
import { DEMO, SEED_PASSWORD } from "./support/accounts";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import { seedUserName } from "./support/seed-data";
import { expectRefused, submitSignIn } from "./support/sign-in-form";

// Password reset through a real mail (docs/decisions.md, Auth: client-token mode): /auth/recover
// → mail in the SMTP sink → /api/auth/password/edit on this site → /auth/reset?reset_password_token=…
// The user (DEMO.passwordReset) is used by no other spec: its password changes here.

const nl = translator("nl");
const NEW_PASSWORD = "Nieuw-wachtwoord-e2e-7";

test("a user who forgot their password gets a mail, sets a new password through its link and signs in with it, not with the old one", async ({
  page,
  baseURL,
}) => {
  const email = DEMO.passwordReset;
  await clearMail(email);

  await page.goto("/auth/recover");
  await expect(
    page.getByRole("heading", { level: 1, name: nl("auth.recover.title") }),
  ).toBeVisible();
  await page.getByLabel(nl("auth.fields.email"), { exact: true }).fill(email);
  await page.getByRole("button", { name: nl("auth.recover.submit"), exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(nl("auth.recover.success"));

  const mail = await waitForMail(email, { subject: /wachtwoord/i });
  const link = firstLink(mail);
  // The link goes through the web's BFF, so the api need not be public.
  expect(link.startsWith(`${baseURL}/api/auth/password/edit?`)).toBe(true);

  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/reset\?(.+&)?reset_password_token=[^&]+/);
  await expect(page.getByRole("heading", { level: 1, name: nl("auth.reset.title") })).toBeVisible();
  await page.getByLabel(nl("auth.fields.newPassword"), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(nl("auth.fields.passwordConfirmation"), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: nl("auth.reset.submit"), exact: true }).click();

  // The api signs the user in with the reset; the form then goes on to the dashboard.
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: nl("dashboard.greeting", { name: seedUserName("member") }),
    }),
  ).toBeVisible();

  await page.goto("/uitloggen");
  await expect(page).toHaveURL(`${baseURL}/auth/login-1`);
  await expectRefused(page, nl, email, SEED_PASSWORD, nl("auth.errors.invalidCredentials"));
  expect(await submitSignIn(page, nl, email, NEW_PASSWORD)).toBe(200);
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
});

for (const locale of LOCALES) {
  test(`/auth/reset without a token says what is missing and offers a new link (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = translator(locale);
    await chooseLocale(context, baseURL!, locale);
    await page.goto("/auth/reset");

    // spec §5: 'You must provide either the uid, client and accessToken or the resetPasswordToken'.
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      t("auth.reset.missingToken"),
    );
    await expect(page.getByLabel(t("auth.fields.newPassword"), { exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: t("auth.reset.requestNewLink"), exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/auth/recover`);
  });
}
