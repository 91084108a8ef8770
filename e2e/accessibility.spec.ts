import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, type TLocale, translator } from "./support/i18n";
import { seedUserName } from "./support/seed-data";

// axe (WCAG 2.2 AA) on the sign-in pages and the dashboard, in both languages, in the state a
// person sees once the page has settled. Pages that need a session get one through the api.

type T = ReturnType<typeof translator>;

type TPageCase = {
  name: string;
  path: string;
  signedIn: boolean;
  /** Where the visit ends up, when that is not `path` itself. */
  landsOn?: string;
  /** Waits until the page shows the state to check. */
  settled: (page: Page, t: T) => Promise<void>;
  /** Attached to the report as a screenshot. */
  screenshot?: boolean;
};

const heading = (page: Page, name: string) =>
  expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
const mainAlert = (page: Page, text: string) =>
  expect(page.getByRole("main").getByRole("alert")).toHaveText(text);

const dashboardSettled = async (page: Page, t: T) => {
  await heading(page, t("dashboard.greeting", { name: seedUserName("org-admin") }));
  await expect(
    page.getByRole("region", { name: t("dashboard.organizations.heading") }).getByRole("table"),
  ).toBeVisible();
};

const PAGES: TPageCase[] = [
  {
    name: "the sign-in page",
    path: "/auth/login-1",
    signedIn: false,
    settled: (page, t) => heading(page, t("auth.signIn.title")),
    screenshot: true,
  },
  {
    name: "the sign-in page with a field error",
    path: "/auth/login-1",
    signedIn: false,
    settled: async (page, t) => {
      const email = page.getByLabel(t("auth.fields.email"), { exact: true });
      await email.fill("not-an-address");
      await email.blur();
      await expect(email).toHaveAttribute("aria-invalid", "true");
    },
  },
  {
    name: "/inloggen, signed in (goes on to the dashboard)",
    path: "/inloggen",
    signedIn: true,
    landsOn: "/dashboard",
    settled: dashboardSettled,
  },
  {
    name: "the password recovery page",
    path: "/auth/recover",
    signedIn: false,
    settled: (page, t) => heading(page, t("auth.recover.title")),
  },
  {
    name: "the reset page without a token",
    path: "/auth/reset",
    signedIn: false,
    settled: (page, t) => mainAlert(page, t("auth.reset.missingToken")),
  },
  {
    name: "the reset page with a token",
    path: "/auth/reset?reset_password_token=e2e-axe-token",
    signedIn: false,
    settled: (page, t) =>
      expect(page.getByLabel(t("auth.fields.newPassword"), { exact: true })).toBeVisible(),
  },
  {
    name: "the confirm page with an unknown token",
    path: "/confirm?confirmation_token=e2e-axe-token",
    signedIn: false,
    settled: (page, t) => mainAlert(page, t("auth.confirm.failure")),
  },
  {
    name: "the confirm page without a token",
    path: "/confirm",
    signedIn: false,
    settled: (page, t) => mainAlert(page, t("auth.confirm.missingToken")),
  },
  {
    name: "the no-organization page",
    path: "/auth/no-organization",
    signedIn: true,
    settled: (page, t) => heading(page, t("auth.noOrganization.title")),
  },
  {
    name: "the dashboard",
    path: "/dashboard",
    signedIn: true,
    settled: dashboardSettled,
    screenshot: true,
  },
];

/** Saved under test-results/<test>/ (an artifact with the list reporter too) and attached to the report. */
async function attachScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(`${name}.png`, { path, contentType: "image/png" });
}

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    for (const pageCase of PAGES) {
      test(`${pageCase.name} has no WCAG 2.2 AA violations (${locale})`, async ({
        page,
        context,
        baseURL,
      }) => {
        const t = translator(locale);
        await chooseLocale(context, baseURL!, locale);
        if (pageCase.signedIn) await signInThroughApi(page, baseURL!, DEMO.accessibility);

        await page.goto(pageCase.path);
        if (pageCase.landsOn) await expect(page).toHaveURL(`${baseURL}${pageCase.landsOn}`);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await pageCase.settled(page, t);
        await expectNoAxeViolations(page);
        if (pageCase.screenshot) await attachScreenshot(page, `${slug(pageCase.path)}-${locale}`);
      });
    }

    test(`/uitloggen while it signs out has no WCAG 2.2 AA violations (${locale})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await checkSignOutPage(page, locale, baseURL!, context);
    });
  });
}

/**
 * /uitloggen shows its text only while the sign-out call runs; the call is held until axe
 * has looked, then let through, and the page must still go on to the sign-in page.
 */
async function checkSignOutPage(
  page: Page,
  locale: TLocale,
  baseURL: string,
  context: Parameters<typeof chooseLocale>[0],
) {
  const t = translator(locale);
  await chooseLocale(context, baseURL, locale);
  await signInThroughApi(page, baseURL, DEMO.accessibility);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/auth/sign_out", async (route) => {
    await released;
    await route.continue();
  });

  await page.goto("/uitloggen");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await heading(page, t("auth.signOut.title"));
  await expect(page.getByRole("main").getByRole("status")).toHaveText(t("auth.signOut.pending"));
  await expectNoAxeViolations(page);

  release();
  await expect(page).toHaveURL(`${baseURL}/auth/login-1`);
}

function slug(path: string): string {
  return path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home";
}
