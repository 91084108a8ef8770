import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { SEED_TENANTS } from "../backend/db/seed/tenants";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// spec §2 /switch (public, empty layout): choosing a tenant stores it in the tenant cookie
// (spec §1: path '/', secure); a host that names a tenant still wins over the cookie.
// `localhost` names no tenant, so there the cookie decides (default: demo).

const nl = translator("nl");

/** The web's display names equal the seed's (tests/api/seed.test.ts proves it). */
function siteName(slug: string): string {
  const tenant = SEED_TENANTS.find((t) => t.slug === slug);
  if (!tenant) throw new Error(`no tenant '${slug}'`);
  return tenant.name;
}

const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;

const choice = (page: Page, slug: string) =>
  page.getByRole("main").getByRole("button", { name: siteName(slug), exact: true });
const currentChoice = (page: Page) => page.getByRole("main").locator('button[aria-current="true"]');
const headerSiteName = (page: Page, slug: string) =>
  page.getByRole("banner").getByRole("link", { name: siteName(slug), exact: true });

/** All cookies, not those of one URL: a Secure cookie on http://localhost is the point here. */
async function tenantCookie(context: BrowserContext, domain = "localhost") {
  return (await context.cookies()).find((c) => c.name === "tenant" && c.domain === domain);
}

/** Lands on '/' (no page yet: the 404 screen, with the header) and shows the site's name. */
async function expectSite(page: Page, origin: string, slug: string) {
  await expect(page).toHaveURL(`${origin}/`);
  await expect(headerSiteName(page, slug)).toBeVisible();
  // And on a page that exists, in case '/' gets a page of its own later.
  await page.goto(`${origin}/auth/login-1`);
  await expect(headerSiteName(page, slug)).toBeVisible();
}

test("/switch lists the six tenants by name and marks the one this browser is on", async ({
  page,
}) => {
  await page.goto("/switch");
  await expect(page).toHaveTitle(new RegExp(`^${nl("routes.switch")} - `));
  await expect(page.getByRole("heading", { level: 1, name: nl("switch.heading") })).toBeVisible();
  // The empty layout: no header.
  await expect(page.getByRole("banner")).toHaveCount(0);

  const buttons = page.getByRole("main").getByRole("button");
  await expect(buttons).toHaveCount(6);
  for (const tenant of SEED_TENANTS) {
    // The name is the button's first span ("Volunteerly" is also the start of "Volunteerly Demo").
    await expect(
      buttons.filter({ has: page.locator("span").getByText(tenant.name, { exact: true }) }),
    ).toHaveCount(1);
  }
  await expect(currentChoice(page)).toHaveCount(1);
  await expect(currentChoice(page)).toContainText(siteName("demo"));
  await expect(currentChoice(page)).toContainText(nl("switch.current"));
  await expect(page.getByRole("main")).toContainText(
    nl("switch.hostRule", { example: "oldebroek.localhost" }),
  );
});

test("choosing Oldebroek stores it in the tenant cookie (path '/', secure) and shows Oldebroek's site", async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto("/switch");
  await choice(page, "oldebroek").click();
  await expectSite(page, baseURL!, "oldebroek");

  const cookie = await tenantCookie(context);
  expect(cookie?.value).toBe("oldebroek");
  expect(cookie?.path).toBe("/");
  expect(cookie?.secure).toBe(true);
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);

  // Back on /switch the new choice is the marked one.
  await page.goto("/switch");
  await expect(currentChoice(page)).toHaveCount(1);
  await expect(currentChoice(page)).toContainText(siteName("oldebroek"));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form still switches the tenant", async ({ page, context, baseURL }) => {
    await page.goto("/switch");
    await choice(page, "cordaad").click();
    await expectSite(page, baseURL!, "cordaad");
    expect((await tenantCookie(context))?.value).toBe("cordaad");
  });
});

test("on a host that names a tenant the host wins over the cookie, and the page says so", async ({
  page,
  context,
}) => {
  const origin = onTenant("roermond", "");
  await page.goto(onTenant("roermond", "/switch"));
  await expect(currentChoice(page)).toContainText(siteName("roermond"));
  await expect(page.getByRole("main")).toContainText(
    nl("switch.hostDecides", { site: siteName("roermond") }),
  );
  await expectNoAxeViolations(page);

  await choice(page, "oldebroek").click();
  await expect(page).toHaveURL(`${origin}/`);
  // The cookie is stored for this host, but the host still decides.
  expect((await tenantCookie(context, "roermond.localhost"))?.value).toBe("oldebroek");
  await expect(headerSiteName(page, "roermond")).toBeVisible();
  await page.goto(onTenant("roermond", "/switch"));
  await expect(currentChoice(page)).toContainText(siteName("roermond"));
});

for (const locale of LOCALES) {
  test(`/switch has no WCAG 2.2 AA violations (${locale})`, async ({ page, context, baseURL }) => {
    const t = translator(locale);
    await chooseLocale(context, baseURL!, locale);
    await page.goto("/switch");
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1, name: t("switch.heading") })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
