import { expect, type Page, test } from "@playwright/test";
import { SEED_TENANTS } from "../backend/db/seed/tenants";
import { SEED_PASSWORD, seedEmail } from "../backend/db/seed/users";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";
import { submitSignIn } from "./support/sign-in-form";

// Each tenant by its host name (spec §1), the guards of spec §2 that need a real
// server (redirect rules from the api, the Gelderse Handen host, fatal 404s, the sign-in
// return path) and the per-tenant message overrides. `<slug>.localhost` resolves to this
// machine in Chromium and names the tenant.

const nl = translator("nl");
type T = typeof nl;

const onHost = (host: string, path: string) => `http://${host}:${E2E.webPort}${path}`;
const onTenant = (slug: string, path: string) => onHost(`${slug}.localhost`, path);

const mainNav = (page: Page, t: T) =>
  page.getByRole("navigation", { name: t("layout.nav.label"), exact: true });
const languageButton = (page: Page, t: T) =>
  page.getByRole("banner").getByRole("button", { name: t("layout.language.label") });

/** Saved under test-results/<test>/ and attached to the report. */
async function attachScreenshot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(`${name}.png`, { path, contentType: "image/png" });
}

for (const tenant of SEED_TENANTS) {
  const { settings } = tenant;
  test(`${tenant.slug}.localhost shows ${tenant.name} with its switches of spec §1`, async ({
    page,
  }) => {
    await page.goto(onTenant(tenant.slug, "/auth/login-1"));
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: tenant.name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`${nl("routes.signIn")} - ${tenant.name}`);

    const nav = mainNav(page, nl);
    await expect(nav.getByRole("link", { name: nl("layout.nav.vacancies") })).toBeVisible();
    await expect(nav.getByRole("link", { name: nl("layout.nav.activities") })).toHaveCount(
      settings.activities ? 1 : 0,
    );
    // spec §1: neighbour help on oldebroek, one-on-one help elsewhere, only where it is on.
    const neighbour = nav.getByRole("link", { name: nl("layout.nav.neighbourHelp") });
    const oneOnOne = nav.getByRole("link", { name: nl("layout.nav.oneOnOneHelp") });
    const wording = settings.peerHelpWording === "neighbour" ? neighbour : oneOnOne;
    const other = settings.peerHelpWording === "neighbour" ? oneOnOne : neighbour;
    await expect(wording).toHaveCount(settings.peerHelp ? 1 : 0);
    await expect(other).toHaveCount(0);
    if (settings.peerHelp) await expect(wording).toHaveAttribute("href", "/een-op-een-hulp");

    await expect(languageButton(page, nl)).toHaveCount(settings.languageSwitch ? 1 : 0);
    const contrast = page.locator("html");
    if (settings.highContrast) await expect(contrast).toHaveAttribute("data-contrast", "high");
    else await expect(contrast).not.toHaveAttribute("data-contrast", "high");
  });
}

test("a tenant's message overrides from the api replace the bundled text, on that tenant only", async ({
  page,
  context,
}) => {
  await page.goto(onTenant("oldebroek", "/auth/login-1"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Inloggen bij Vrijwilligerswerk Oldebroek",
  );
  await page.goto(onTenant("roermond", "/auth/login-1"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("auth.signIn.title"));

  await context.addCookies([
    { name: "i18n_redirected", value: "en", url: onTenant("oldebroek", "/") },
  ]);
  await page.goto(onTenant("oldebroek", "/auth/login-1"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Sign in to Vrijwilligerswerk Oldebroek",
  );
});

test("redirect rules from the api send an old path on, keeping the query", async ({ page }) => {
  // Case and a trailing slash do not matter (spec §2).
  await page.goto(onTenant("demo", "/Vacatures/?q=tuin"));
  await expect(page).toHaveURL(onTenant("demo", "/vacancies/search?q=tuin"));
  await page.goto(onTenant("oldebroek", "/burenhulp"));
  await expect(page).toHaveURL(onTenant("oldebroek", "/een-op-een-hulp"));
  // demo's rule is demo's: on another tenant /vacatures is just an unknown content page.
  await page.goto(onTenant("roermond", "/vacatures"));
  await expect(page).toHaveURL(onTenant("roermond", "/vacatures"));
});

test("a redirect rule with an absolute target answers a redirect to the other site", async ({
  page,
  baseURL,
}) => {
  // No network to follow it to; the browser turns a cross-origin redirect into a full
  // document navigation, so the redirect itself is what to check.
  // Node does not resolve *.localhost: plain localhost is the default tenant, demo.
  const response = await page.request.get(`${baseURL}/facebook`, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("https://www.facebook.com/");
  // A target the safe-navigation check refuses is never followed (tests/unit/guards.test.ts).
});

test("a failed validity check of a route is a 404 with the 404 screen, the address unchanged", async ({
  page,
}) => {
  const response = await page.goto(onTenant("demo", "/vacancies/not-a-number"));
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(onTenant("demo", "/vacancies/not-a-number"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl("errors.notFound.title"));
  await expect(
    page.getByText(nl("errors.notFound.path", { path: "/vacancies/not-a-number" })),
  ).toBeVisible();
});

test("on the Gelderse Handen host every other path redirects to /gelderse-handen", async ({
  page,
}) => {
  const host = "gelderse-handen.localhost";
  await page.goto(onHost(host, "/vacancies/search?q=x"));
  await expect(page).toHaveURL(onHost(host, "/gelderse-handen"));
  await page.goto(onHost(host, "/auth/login-1"));
  await expect(page).toHaveURL(onHost(host, "/gelderse-handen"));
  // Elsewhere nothing moves.
  await page.goto(onTenant("demo", "/auth/login-1"));
  await expect(page).toHaveURL(onTenant("demo", "/auth/login-1"));
});

test("a back-office page asked for signed out returns, query and all, after signing in", async ({
  page,
}) => {
  await page.goto(onTenant("roermond", "/dashboard?tab=roles"));
  await expect(page).toHaveURL(
    onTenant("roermond", "/auth/login-1?redirect=%2Fdashboard%3Ftab%3Droles"),
  );
  const status = await submitSignIn(page, nl, seedEmail("admin", "roermond"), SEED_PASSWORD);
  expect(status).toBe(200);
  await expect(page).toHaveURL(onTenant("roermond", "/dashboard?tab=roles"));
});

// The shell (header, toolbar, footer) in a normal and the high-contrast tenant.
for (const slug of ["demo", "roermond"]) {
  for (const locale of LOCALES) {
    test(`the shell on ${slug} has no WCAG 2.2 AA violations (${locale})`, async ({
      page,
      context,
    }) => {
      const t = translator(locale);
      if (locale === "en") {
        await context.addCookies([
          { name: "i18n_redirected", value: "en", url: onTenant(slug, "/") },
        ]);
      }
      await page.goto(onTenant(slug, "/auth/login-1"));
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(mainNav(page, t)).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expectNoAxeViolations(page);
      await attachScreenshot(page, `shell-${slug}-${locale}`);
    });
  }
}
