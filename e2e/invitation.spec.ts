import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, type TLocale, translator } from "./support/i18n";
import { firstLink, waitForMail } from "./support/mail";
import { E2E } from "./support/ports";

// /auth/invitation (ours; public) on the meedoen tenant. The inviter is meedoen's
// centre admin, whom no other spec signs in as; every invitee is a new address, so the order
// of specs and re-runs do not matter. POST /api/v1/users → the invitation mail in the SMTP
// sink → GET/PUT /api/auth/invitation → signed in on /dashboard.

const CENTRE_ADMIN = seedEmail("admin", "meedoen");
const PASSWORD = "Uitgenodigd-e2e-1";

type T = ReturnType<typeof translator>;

const onMeedoen = (path: string) => `http://meedoen.localhost:${E2E.webPort}${path}`;
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function chooseLanguage(context: BrowserContext, locale: TLocale) {
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: onMeedoen("/") }]);
  }
}

/**
 * The centre admin invites `email` as a member of the centre, through the api from the page
 * (body per docs/api-registration-invitations.md), in `locale` (the mail's language).
 */
async function invite(page: Page, invitee: { email: string; firstName: string; locale: TLocale }) {
  await page.goto(onMeedoen("/auth/login-1"));
  await signInFromPage(page, CENTRE_ADMIN);
  const status = await page.evaluate(async ({ email, firstName, locale }) => {
    const centres = await (
      await fetch("/api/v1/organizations?filter[type_eq]=VolunteerCenter")
    ).json();
    const response = await fetch("/api/v1/users", {
      method: "POST",
      headers: { "Content-Type": "application/vnd.api+json" },
      body: JSON.stringify({
        data: {
          type: "user",
          attributes: {
            email,
            first_name: firstName,
            last_name: "Jansen",
            locale,
            role: "member",
            resource_type: "Organization",
            resource_id: centres.data[0].id,
          },
        },
      }),
    });
    return response.status;
  }, invitee);
  expect(status).toBe(201);
  // The invitee opens the mail in a browser of their own: not signed in as the inviter.
  await page.context().clearCookies();
  await chooseLanguage(page.context(), invitee.locale);
}

function passwordForm(page: Page, t: T) {
  return {
    email: page.getByLabel(t("invitation.email"), { exact: true }),
    password: page.getByLabel(t("invitation.password"), { exact: true }),
    confirmation: page.getByLabel(t("invitation.passwordConfirmation"), { exact: true }),
    submit: page.getByRole("button", { name: t("invitation.submit"), exact: true }),
  };
}

const SUBJECT: Record<TLocale, RegExp> = {
  nl: /^Je bent uitgenodigd voor Meedoen$/,
  en: /^You have been invited to Meedoen$/,
};

for (const locale of LOCALES) {
  const t = translator(locale);
  test(`an invitee (${locale}) follows the mailed link, sees whom it is for, sets a password and is signed in on /dashboard`, async ({
    page,
  }) => {
    // A whole journey across several pages, with axe on each: more than the default 30 s.
    test.slow();
    const email = `ina-${unique()}@uitnodiging.example.test`;
    const firstName = locale === "en" ? "Ivy" : "Ina";
    await invite(page, { email, firstName, locale });

    const link = firstLink(await waitForMail(email, { subject: SUBJECT[locale] }));
    expect(link.startsWith(onMeedoen("/auth/invitation?invitation_token="))).toBe(true);

    await page.goto(link);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(
      page.getByRole("heading", { level: 1, name: t("invitation.title") }),
    ).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t("routes.invitation")}`));
    const form = passwordForm(page, t);
    await expect(
      page.getByText(t("invitation.intro", { name: `${firstName} Jansen` })),
    ).toBeVisible();
    await expect(form.email).toHaveValue(email);
    await expect(form.email).toHaveAttribute("readonly", "");
    await expectNoAxeViolations(page);

    // spec §5: a mismatch is one message, on the confirmation's blur.
    await form.password.fill(PASSWORD);
    await form.confirmation.fill(`${PASSWORD}?`);
    await form.confirmation.blur();
    await expect(form.confirmation).toHaveAccessibleDescription(t("validation.passwordMismatch"));
    await expectNoAxeViolations(page);

    await form.confirmation.fill(PASSWORD);
    await form.submit.click();
    await expect(page).toHaveURL(onMeedoen("/dashboard"));
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: t("dashboard.greeting", { name: `${firstName} Jansen` }),
      }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // The link is spent: opened again, it says so.
    await page.goto(link);
    await expect(page.getByRole("main").getByRole("alert")).toContainText(
      t("invitation.invalid.title"),
    );
  });

  test(`an unknown or missing invitation token says to ask for a new invitation (${locale})`, async ({
    page,
    context,
  }) => {
    await chooseLanguage(context, locale);
    for (const path of ["/auth/invitation?invitation_token=no-such-token", "/auth/invitation"]) {
      await page.goto(onMeedoen(path));
      await expect(
        page.getByRole("heading", { level: 1, name: t("invitation.title") }),
      ).toBeVisible();
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText(t("invitation.invalid.title"));
      await expect(alert).toContainText(t("invitation.invalid.description"));
      await expect(page.getByLabel(t("invitation.password"), { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
}
