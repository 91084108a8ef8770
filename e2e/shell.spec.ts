import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInThroughApi } from "./support/accounts";
import { axExpanded } from "./support/ax-state";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";
import { seedUserName } from "./support/seed-data";

// The shell of spec §2: the header's toolbar, its menus and the language
// panel, on the tenants whose switches differ (spec §1). Tenants are picked by host name:
// `<slug>.localhost` resolves to this machine in Chromium and names the tenant.

const nl = translator("nl");
const en = translator("en");
type T = typeof nl;

const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;

const mainNav = (page: Page, t: T) =>
  page.getByRole("navigation", { name: t("layout.nav.label"), exact: true });
/** The language button's name is "<Taal>: <current language>". */
const languageButton = (page: Page, t: T) =>
  page.getByRole("banner").getByRole("button", { name: t("layout.language.label") });
const html = (page: Page) => page.locator("html");

/** Marks the document, so a later check can tell whether the page was loaded again. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { e2eMark?: boolean }).e2eMark = true;
  });
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as Window & { e2eMark?: boolean }).e2eMark === true);

test("app header: the language panel switches to English in place, the choice survives a reload, and switching back works", async ({
  page,
  context,
}) => {
  await page.goto(onTenant("public", "/auth/login-1"));
  await expect(html(page)).toHaveAttribute("lang", "nl");
  await expect(languageButton(page, nl)).toContainText(nl("layout.language.nl"));
  expect(await axExpanded(languageButton(page, nl))).toBe(false);
  await markDocument(page);

  await languageButton(page, nl).click();
  const english = page.getByRole("button", { name: "English", exact: true });
  await expect(english).toBeVisible();
  expect(await axExpanded(languageButton(page, nl))).toBe(true);
  await expect(english).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "Nederlands", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await expectNoAxeViolations(page);
  await english.click();

  // The server components render again in English, without a reload.
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(
    page.getByRole("heading", { level: 1, name: en("auth.signIn.title") }),
  ).toBeVisible();
  expect(await documentMarked(page)).toBe(true);
  await expect(mainNav(page, en).getByRole("link").first()).toHaveText(en("layout.nav.vacancies"));
  await expect(languageButton(page, en)).toContainText("English");
  await expect(english).toBeHidden();
  await expect(languageButton(page, en)).toBeFocused();

  // spec §9: cookie i18n_redirected, 365 days; path '/', SameSite=Lax.
  const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
  expect(cookie?.value).toBe("en");
  expect(cookie?.path).toBe("/");
  expect(cookie?.sameSite).toBe("Lax");
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 60 * 60);

  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(languageButton(page, en)).toContainText("English");

  await languageButton(page, en).click();
  await page.getByRole("button", { name: "Nederlands", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "nl");
  await expect(
    page.getByRole("heading", { level: 1, name: nl("auth.signIn.title") }),
  ).toBeVisible();
  await page.reload();
  await expect(html(page)).toHaveAttribute("lang", "nl");
  await expect(mainNav(page, nl).getByRole("link").first()).toHaveText(nl("layout.nav.vacancies"));
});

test("public header: the language form loads the same page with its query in English, and back", async ({
  page,
  context,
}) => {
  const address = onTenant("public", "/vacancies/search?q=zorg");
  await page.goto(address);
  await expect(html(page)).toHaveAttribute("lang", "nl");
  await markDocument(page);

  await languageButton(page, nl).click();
  await page.getByRole("button", { name: "English", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "en");
  // A new load of the same address: the search words are kept.
  await expect(page).toHaveURL(address);
  expect(await documentMarked(page)).toBe(false);
  await expect(page.getByRole("searchbox").first()).toHaveValue("zorg");
  expect((await context.cookies()).find((c) => c.name === "i18n_redirected")?.value).toBe("en");

  // An address that names a language (?lang=en) loses it on the way back, or it would win.
  await page.goto(`${address}&lang=en`);
  await languageButton(page, en).click();
  await page.getByRole("button", { name: "Nederlands", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "nl");
  await expect(page).toHaveURL(address);
});

test("oldebroek: the header offers neighbour help ('Burenhulp') and no language button", async ({
  page,
}) => {
  await page.goto(onTenant("oldebroek", "/auth/login-1"));
  const nav = mainNav(page, nl);
  await expect(nav.getByRole("link")).toHaveText([
    nl("layout.nav.vacancies"),
    nl("layout.nav.socialMap"),
    nl("layout.nav.activities"),
    "Burenhulp",
    nl("layout.nav.news"),
  ]);
  await expect(nav.getByRole("link", { name: "Burenhulp" })).toHaveAttribute(
    "href",
    "/een-op-een-hulp",
  );
  await expect(languageButton(page, nl)).toHaveCount(0);
});

test("roermond: no peer help, no language button; the favicon is linked", async ({ page }) => {
  await page.goto(onTenant("roermond", "/auth/login-1"));
  await expect(mainNav(page, nl).getByRole("link")).toHaveText([
    nl("layout.nav.vacancies"),
    nl("layout.nav.socialMap"),
    nl("layout.nav.activities"),
    nl("layout.nav.news"),
  ]);
  await expect(languageButton(page, nl)).toHaveCount(0);
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /\/icon\.svg/);
});

test("on a wide screen the sticky header keeps focused elements out from under it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/auth/login-1");
  await expect(mainNav(page, nl).getByRole("link").first()).toBeVisible();
  await expect
    .poll(() =>
      page.getByRole("banner").evaluate((header: HTMLElement) => {
        const padding = Number.parseFloat(
          getComputedStyle(document.documentElement).scrollPaddingTop,
        );
        return getComputedStyle(header).position === "sticky" && padding >= header.offsetHeight;
      }),
    )
    .toBe(true);
});

test("keyboard at 375 px: the Menu button opens the navigation, Escape closes it and focus returns; leaving or following a link closes it", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/auth/login-1");
  const nav = mainNav(page, nl);
  const menu = nav.getByRole("button", { name: nl("layout.nav.menu"), exact: true });
  await expect(menu).toBeVisible();
  expect(await axExpanded(menu)).toBe(false);
  await expect(nav.getByRole("link")).toHaveCount(0);

  await menu.focus();
  await page.keyboard.press("Enter");
  const links = nav.getByRole("link");
  await expect(links.first()).toHaveText(nl("layout.nav.vacancies"));
  expect(await axExpanded(menu)).toBe(true);
  // The panel fits on the screen, under the button.
  const box = await nav.getByRole("list").boundingBox();
  const buttonBox = await menu.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  expect(box!.y).toBeGreaterThanOrEqual(buttonBox!.y + buttonBox!.height);
  await expectNoAxeViolations(page);

  await page.keyboard.press("Tab");
  await expect(links.first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(menu).toBeFocused();
  expect(await axExpanded(menu)).toBe(false);

  // Tabbing past the last link closes the panel, so it never covers what has focus.
  await page.keyboard.press("Enter");
  const count = await links.count();
  for (let i = 0; i < count + 1; i++) await page.keyboard.press("Tab");
  await expect(nav.getByRole("link")).toHaveCount(0);

  // Following a link (a client navigation) closes it too.
  await menu.click();
  await nav.getByRole("link", { name: nl("layout.nav.news") }).click();
  await expect(page).toHaveURL(`${baseURL}/nieuws`);
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(menu).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("at 375 px the Menu button still opens the navigation, and the language form still switches", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(onTenant("public", "/nieuws"));
    const nav = mainNav(page, nl);
    const menu = nav.getByRole("button", { name: nl("layout.nav.menu"), exact: true });
    await expect(nav.getByRole("link")).toHaveCount(0);
    await menu.click();
    await expect(nav.getByRole("link", { name: nl("layout.nav.news") })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link")).toHaveCount(0);

    await languageButton(page, nl).click();
    await page.getByRole("button", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(onTenant("public", "/nieuws"));
    await expect(html(page)).toHaveAttribute("lang", "en");
    const navEn = mainNav(page, en);
    await navEn.getByRole("button", { name: en("layout.nav.menu"), exact: true }).click();
    await navEn.getByRole("link", { name: en("layout.nav.vacancies") }).click();
    await expect(page).toHaveURL(onTenant("public", "/vacancies/search"));
    await expect(html(page)).toHaveAttribute("lang", "en");
  });
});

test("signed out, the sign-in link returns to the page it was followed from", async ({
  page,
  baseURL,
}) => {
  const signIn = page
    .getByRole("navigation", { name: nl("layout.accountNav"), exact: true })
    .getByRole("link", { name: nl("layout.signIn"), exact: true });

  // An auth page: nothing to return to.
  await page.goto("/auth/recover");
  await expect(signIn).toHaveAttribute("href", "/auth/login-1");

  // A section page (its content comes later; the header is there either way).
  await page.goto("/vacancies/search?q=zorg");
  await expect(
    mainNav(page, nl).getByRole("link", { name: nl("layout.nav.vacancies") }),
  ).toHaveAttribute("aria-current", "page");
  await expect(signIn).toHaveAttribute(
    "href",
    "/auth/login-1?redirect=%2Fvacancies%2Fsearch%3Fq%3Dzorg",
  );
  await signIn.click();
  await expect(page).toHaveURL(`${baseURL}/auth/login-1?redirect=%2Fvacancies%2Fsearch%3Fq%3Dzorg`);
});

test("signed in, the account menu with two organizations has no WCAG 2.2 AA violations, and Escape closes it", async ({
  page,
  baseURL,
}) => {
  // The seeded user has one organization; a second one (answered by this stub only) brings
  // the organization choice into the menu.
  await page.route("**/api/v1/current_organizations", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.push({
      id: "990001",
      type: "organizations",
      attributes: { name: "Tweede organisatie (e2e)", type: "School", status: "approved" },
    });
    await route.fulfill({ response, json: body });
  });
  await signInThroughApi(page, baseURL!, DEMO.accessibility);
  await page.goto("/dashboard");

  const account = page.getByRole("navigation", { name: nl("layout.accountNav"), exact: true });
  const button = account.getByRole("button", { name: seedUserName("org-admin"), exact: true });
  await expect(button).toBeVisible();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  // A school's admin: the dashboard, applications, their profile, the back-office pages an organisation's admin uses,
  // their roles, sign out (lib/auth/back-office-links.ts).
  await expect(account.getByRole("link")).toHaveText([
    nl("layout.dashboard"),
    nl("routes.applications"),
    nl("routes.profile"),
    nl("routes.organizations"),
    nl("routes.vacancies"),
    nl("routes.formBuilder"),
    nl("routes.users"),
    nl("routes.accountRoles"),
    nl("layout.signOut"),
  ]);
  const choice = account.getByRole("combobox", { name: nl("layout.organization") });
  await expect(choice.getByRole("option")).toHaveCount(2);

  await expectNoAxeViolations(page);

  await choice.focus();
  await page.keyboard.press("Escape");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toBeFocused();
  await expect(account.getByRole("link")).toHaveCount(0);
});
