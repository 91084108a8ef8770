import { expect, test } from "@playwright/test";
import { DEMO, SEED_PASSWORD } from "./support/accounts";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { clearMail, firstLink, waitForMail } from "./support/mail";
import { seedUserName } from "./support/seed-data";
import { expectRefused, submitSignIn } from "./support/sign-in-form";

// /confirm (spec §2, public): the link of the confirmation mail posts its token to
// POST /api/v1/confirm (spec §7). DEMO.unconfirmed is used by no other spec: it ends confirmed.

const nl = translator("nl");

for (const locale of LOCALES) {
  test(`/confirm with an unknown token says the link is invalid (${locale})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = translator(locale);
    await chooseLocale(context, baseURL!, locale);
    await page.goto("/confirm?confirmation_token=not-a-real-token");

    await expect(page.getByRole("main").getByRole("alert")).toHaveText(t("auth.confirm.failure"));
    await expect(
      page.getByRole("main").getByRole("link", { name: t("auth.confirm.signIn"), exact: true }),
    ).toBeVisible();
  });
}

test("/confirm without a token says the link is incomplete", async ({ page }) => {
  await page.goto("/confirm");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    nl("auth.confirm.missingToken"),
  );
});

test("an unconfirmed user is told to confirm first, and after following the mailed link can sign in", async ({
  page,
  baseURL,
}) => {
  const email = DEMO.unconfirmed;
  await page.goto("/auth/login-1");
  await expectRefused(page, nl, email, SEED_PASSWORD, nl("auth.errors.unconfirmed"));

  // devise_token_auth's resend call (api-contract §1.4), through the BFF like a browser.
  await clearMail(email);
  const resend = await page.request.post("/api/auth/confirmation", {
    data: { email, redirect_url: `${baseURL}/confirm` },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect(resend.status(), await resend.text()).toBe(200);
  const link = firstLink(await waitForMail(email, { subject: /bevestig/i }));
  expect(link.startsWith(`${baseURL}/confirm?confirmation_token=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(nl("auth.confirm.success"));
  await page
    .getByRole("main")
    .getByRole("link", { name: nl("auth.confirm.signIn"), exact: true })
    .click();
  await expect(page).toHaveURL(`${baseURL}/auth/login-1`);
  expect(await submitSignIn(page, nl, email, SEED_PASSWORD)).toBe(200);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: nl("dashboard.greeting", { name: seedUserName("unconfirmed") }),
    }),
  ).toBeVisible();

  // A confirmation link works once.
  await page.goto(link);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(nl("auth.confirm.failure"));
});
