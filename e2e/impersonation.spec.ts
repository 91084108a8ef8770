import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { signInFromPage } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// A superadmin signs in as a centre admin from /nov/beheerders, sees the banner on
// every page, and returns to their own account. On meedoen: its superadmin acts as its centre
// admin (Anouk Jansen, admin of Meedoen Zeist). Neither account is changed (signing in as
// someone records activity and an audit entry only), and no other spec uses them.

const SUPERADMIN = seedEmail("superadmin", "meedoen");
const CENTRE_ADMIN = seedEmail("admin", "meedoen");
const CENTRE = "Meedoen Zeist";
const ADMIN_NAME = "Anouk Jansen";
const SUPERADMIN_NAME = "Saskia de Vries";

const onMeedoen = (path: string) => `http://meedoen.localhost:${E2E.webPort}${path}`;

async function signIn(page: Page, email: string) {
  await page.goto(onMeedoen("/auth/login-1"));
  await signInFromPage(page, email);
}

const banner = (page: Page, t: ReturnType<typeof translator>) =>
  page.getByRole("region", { name: t("impersonation.banner.label") });

/** From /nov/beheerders: asks, then signs in as the centre admin; ends on their dashboard. */
async function signInAsCentreAdmin(page: Page, locale: TLocale) {
  const t = translator(locale);
  await page.goto(onMeedoen("/nov/beheerders"));
  const row = page
    .getByRole("region", { name: CENTRE, exact: true })
    .getByRole("row")
    .filter({ hasText: ADMIN_NAME });
  await row
    .getByRole("button", { name: `${t("impersonation.signInAs.button")} ${ADMIN_NAME}` })
    .click();
  const dialog = page.getByRole("dialog", {
    name: t("impersonation.signInAs.confirmTitle", { name: ADMIN_NAME }),
  });
  await expect(dialog).toContainText(t("impersonation.signInAs.confirmBody"));
  await expect(dialog.getByRole("button", { name: t("common.cancel") })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: t("impersonation.signInAs.confirm") }).click();
  await page.waitForURL(onMeedoen("/dashboard"));
  await expect(
    page.getByRole("heading", { level: 1, name: t("dashboard.greeting", { name: ADMIN_NAME }) }),
  ).toBeVisible();
}

test("a superadmin signs in as a centre admin: the banner is on every page, in both layouts, from the first paint", async ({
  page,
}) => {
  // Several full page loads and axe runs: more than the default 30 s on a busy machine.
  test.slow();
  const t = translator("nl");
  await signIn(page, SUPERADMIN);
  await signInAsCentreAdmin(page, "nl");
  await expect(banner(page, t)).toHaveText(
    new RegExp(
      `${escapeRegExp(t("impersonation.banner.signedInAs", { name: ADMIN_NAME, email: CENTRE_ADMIN }))}\\s*${t("impersonation.banner.back")}`,
    ),
  );
  await expectNoAxeViolations(page);

  // The server renders it: it is in the HTML before any script runs.
  const response = await page.goto(onMeedoen("/account/roles"));
  const html = (await response?.text()) ?? "";
  expect(html).toContain(`aria-label="${t("impersonation.banner.label")}"`);
  expect(html).toContain(CENTRE_ADMIN);
  await expect(banner(page, t)).toContainText(ADMIN_NAME);
  // The page itself is the centre admin's.
  await expect(page.getByRole("row").filter({ hasText: CENTRE })).toContainText(
    t("labels.role.admin"),
  );

  await page.goto(onMeedoen("/organizations"));
  await expect(banner(page, t)).toContainText(ADMIN_NAME);
  // A centre admin may not manage administrators: the 403 screen, under the banner.
  await page.goto(onMeedoen("/nov/beheerders"));
  await expect(
    page.getByRole("heading", { level: 1, name: t("errors.forbidden.title") }),
  ).toBeVisible();
  await expect(banner(page, t)).toBeVisible();
  // The empty layout has it too.
  await page.goto(onMeedoen("/switch"));
  await expect(banner(page, t)).toContainText(ADMIN_NAME);
  await expect(page.getByRole("banner")).toHaveCount(0); // no site header there
  await expectNoAxeViolations(page);
});

test("the way back: the superadmin is themselves again, with their own rights, and the banner is gone", async ({
  page,
}) => {
  test.slow();
  const t = translator("nl");
  await signIn(page, SUPERADMIN);
  await signInAsCentreAdmin(page, "nl");
  await page.goto(onMeedoen("/organizations"));
  await banner(page, t)
    .getByRole("button", { name: t("impersonation.banner.back") })
    .click();
  await page.waitForURL(onMeedoen("/dashboard"));
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: t("dashboard.greeting", { name: SUPERADMIN_NAME }),
    }),
  ).toBeVisible();
  await expect(banner(page, t)).toHaveCount(0);
  expect(await page.evaluate(async () => (await fetch("/api/session")).json())).toEqual({
    signedIn: true,
    impersonating: false,
  });
  await page.goto(onMeedoen("/nov/beheerders"));
  await expect(
    page.getByRole("heading", { level: 1, name: t("administrators.title") }),
  ).toBeVisible();
  await expect(banner(page, t)).toHaveCount(0);
});

test("in English: the dialog, the banner and the way back speak English and are clean under axe", async ({
  page,
  context,
}) => {
  test.slow();
  const t = translator("en");
  await context.addCookies([{ name: "i18n_redirected", value: "en", url: onMeedoen("/") }]);
  await signIn(page, SUPERADMIN);
  await signInAsCentreAdmin(page, "en");
  await expect(banner(page, t)).toContainText(
    t("impersonation.banner.signedInAs", { name: ADMIN_NAME, email: CENTRE_ADMIN }),
  );
  await expectNoAxeViolations(page);
  await page.goto(onMeedoen("/account/roles"));
  await expect(banner(page, t)).toContainText(ADMIN_NAME);
  await banner(page, t)
    .getByRole("button", { name: t("impersonation.banner.back") })
    .click();
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: t("dashboard.greeting", { name: SUPERADMIN_NAME }),
    }),
  ).toBeVisible();
  await expect(banner(page, t)).toHaveCount(0);
});

test("signing out while acting as someone signs out completely and the banner goes", async ({
  page,
}) => {
  test.slow();
  const t = translator("nl");
  await signIn(page, SUPERADMIN);
  await signInAsCentreAdmin(page, "nl");
  await page.getByRole("link", { name: t("dashboard.signOut") }).click();
  await page.waitForURL(/\/auth\/login-1/);
  await expect(banner(page, t)).toHaveCount(0);
  const session = await page.evaluate(async () => (await fetch("/api/session")).json());
  expect(session).toEqual({ signedIn: false, impersonating: false });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
