import { type Browser, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { firstLink, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";
import { expectRefused } from "./support/sign-in-form";

// /account/verwijderen → mail → confirm → /profiel/verwijderd, on the public tenant.
// A deletion cannot be undone, so this spec deletes only accounts it makes itself: public's
// superadmin (read-only otherwise) invites a new one per test, accepted through the BFF.

const nl = translator("nl");
const en = translator("en");
const SUPERADMIN = seedEmail("superadmin", "public");
const ORGANIZATION = "Buurthuis Oog in Al";
const PASSWORD = "Verwijder-mij-42!";

const onPublic = (path: string) => `http://public.localhost:${E2E.webPort}${path}`;
const newAddress = (label: string) =>
  `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@public.volunteerly.test`;

/**
 * A new account with PASSWORD: the superadmin invites it (member of ORGANIZATION), and `page`
 * accepts the mailed invitation, which signs it in there (docs/api-registration-invitations.md).
 */
async function createAccount(browser: Browser, page: Page, email: string, locale: "nl" | "en") {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.goto(onPublic("/auth/login-1"));
  await signInFromPage(adminPage, SUPERADMIN);
  const invited = await adminPage.evaluate(
    async ({ email, locale, organization }) => {
      const orgs = await (
        await fetch(`/api/v1/organizations?filter[name_eq]=${encodeURIComponent(organization)}`)
      ).json();
      const response = await fetch("/api/v1/users", {
        method: "POST",
        headers: { "Content-Type": "application/vnd.api+json" },
        body: JSON.stringify({
          data: {
            type: "user",
            attributes: {
              email,
              first_name: "Vera",
              last_name: "Verdwijn",
              locale,
              role: "member",
              resource_type: "Organization",
              resource_id: orgs.data[0].id,
            },
          },
        }),
      });
      return response.status;
    },
    { email, locale, organization: ORGANIZATION },
  );
  expect(invited).toBe(201);
  await admin.close();

  const token = new URL(firstLink(await waitForMail(email))).searchParams.get("invitation_token");
  await page.goto(onPublic("/auth/login-1"));
  const accepted = await page.evaluate(
    async ({ token, password }) =>
      (
        await fetch("/api/auth/invitation", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            invitation_token: token,
            password,
            password_confirmation: password,
          }),
        })
      ).status,
    { token, password: PASSWORD },
  );
  expect(accepted).toBe(200);
}

const signedIn = async (page: Page) =>
  (await page.evaluate(async () => (await fetch("/api/session")).json())).signedIn as boolean;

test("signed out: the address, the mailed link, confirming; the account is gone, its link spent and its password useless", async ({
  browser,
  page,
}) => {
  // An account made, mailed twice, deleted, and tried: more than the default 30 s when busy.
  test.slow();
  const email = newAddress("verwijder");
  await createAccount(browser, page, email, "nl");
  await page.evaluate(() => fetch("/api/auth/sign_out", { method: "DELETE" }));

  await page.goto(onPublic("/account/verwijderen"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("accountDeletion.request.title") }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { name: nl("accountDeletion.means.heading") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  const address = page.getByLabel(nl("accountDeletion.request.email"));
  await page.getByRole("button", { name: nl("accountDeletion.request.submit") }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText(nl("validation.required", { field: nl("accountDeletion.request.email") })),
  ).toBeVisible();
  await address.fill(email);
  await page.getByRole("button", { name: nl("accountDeletion.request.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(nl("accountDeletion.request.sent"));
  await expect(page.getByRole("status")).toBeFocused();

  const mail = await waitForMail(email, { subject: /verwijderen/ });
  const link = firstLink(mail);
  expect(link.startsWith(onPublic("/account/verwijderen?token="))).toBe(true);

  await page.goto(link);
  await expect(
    page.getByRole("heading", { level: 1, name: nl("accountDeletion.confirm.title") }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText(nl("accountDeletion.means.final"));
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: nl("accountDeletion.confirm.submit") }).click();

  await page.waitForURL(onPublic("/profiel/verwijderd"));
  await expect(
    page.getByRole("heading", { level: 1, name: nl("accountDeletion.deleted.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await signedIn(page)).toBe(false);

  // The link works once.
  await page.goto(link);
  await page.getByRole("button", { name: nl("accountDeletion.confirm.submit") }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    nl("accountDeletion.confirm.invalid"),
  );
  await page.getByRole("link", { name: nl("accountDeletion.confirm.newLink") }).click();
  await expect(page).toHaveURL(onPublic("/account/verwijderen"));
  await expect(page.getByLabel(nl("accountDeletion.request.email"))).toBeVisible();

  await page.goto(onPublic("/auth/login-1"));
  await expectRefused(page, nl, email, PASSWORD, nl("auth.errors.invalidCredentials"));
});

test("an address without an account gets the very same answer", async ({ page }) => {
  await page.goto(onPublic("/account/verwijderen"));
  await page.getByLabel(nl("accountDeletion.request.email")).fill(newAddress("niemand"));
  await page.getByRole("button", { name: nl("accountDeletion.request.submit") }).click();
  await expect(page.getByRole("status")).toHaveText(nl("accountDeletion.request.sent"));
});

test("signed in, in English: no address asked, the mail in the account's language, confirming signs out; axe is clean throughout", async ({
  browser,
  page,
  context,
}) => {
  test.slow();
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onPublic("/") }]);
  const email = newAddress("delete-me");
  await createAccount(browser, page, email, "en");
  expect(await signedIn(page)).toBe(true);

  await page.goto(onPublic("/account/verwijderen"));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 1, name: en("accountDeletion.request.title") }),
  ).toBeVisible();
  await expect(page.getByLabel(en("accountDeletion.request.email"))).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: en("accountDeletion.request.own") }).click();
  await expect(page.getByRole("status")).toHaveText(en("accountDeletion.request.sent"));
  await expectNoAxeViolations(page);

  const mail = await waitForMail(email, { subject: /deletion/ });
  expect(mail.subject).toBe("Confirm the deletion of your Volunteerly account");
  await page.goto(firstLink(mail));
  await expect(
    page.getByRole("heading", { level: 1, name: en("accountDeletion.confirm.title") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: en("accountDeletion.confirm.submit") }).click();
  await page.waitForURL(onPublic("/profiel/verwijderd"));
  await expect(
    page.getByRole("heading", { level: 1, name: en("accountDeletion.deleted.title") }),
  ).toBeVisible();
  expect(await signedIn(page)).toBe(false);
  await expectNoAxeViolations(page);
});

test("a link that is not (or no longer) valid says so and offers a new one, in English too", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onPublic("/") }]);
  await page.goto(onPublic("/account/verwijderen?token=not-a-real-token"));
  await page.getByRole("button", { name: en("accountDeletion.confirm.submit") }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    en("accountDeletion.confirm.invalid"),
  );
  await expect(
    page.getByRole("link", { name: en("accountDeletion.confirm.newLink") }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
