import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { DEMO, signInThroughApi } from "./support/accounts";
import { axExpanded } from "./support/ax-state";
import { expectNoAxeViolations } from "./support/axe";
import { translator } from "./support/i18n";
import { seedUserName } from "./support/seed-data";

// The back office's frame (docs/back-office-pages.md, "The frame"): signed-in staff get the
// sections their roles reach from the route table, beside the page from lg on and as a menu
// below it; volunteers and the public pages do not. The accounts are only read here.

const nl = translator("nl");
type T = typeof nl;

const CENTRE_ADMIN = DEMO.centreAdmin;
/** A school's admin: organisation staff. */
const ORGANIZATION_ADMIN = seedEmail("org-admin", "demo");
const VOLUNTEER = seedEmail("volunteer", "demo");
const HINT_COOKIE = "volunteerly_backoffice";

const backOfficeNav = (page: Page, t: T = nl) =>
  page.getByRole("navigation", { name: t("layout.backOfficeNav.label"), exact: true });
const menuButton = (page: Page) =>
  backOfficeNav(page).getByRole("button", { name: nl("layout.backOfficeNav.menu"), exact: true });
const section = (page: Page, title: string) =>
  backOfficeNav(page).getByRole("link", { name: title, exact: true });

const CENTRE_SECTIONS = [
  nl("routes.dashboard"),
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
];

/** Waits until the browser has loaded the user's roles and left the hint for the server. */
async function hintWritten(context: BrowserContext) {
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === HINT_COOKIE))
    .toBe(true);
}

/** A context that has signed in and shown one page with JavaScript, as a returning browser has. */
async function returningBrowser(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughApi(page, baseURL, email);
  await page.goto("/dashboard");
  await expect(backOfficeNav(page)).toBeVisible();
  await hintWritten(context);
  const state = await context.storageState();
  await context.close();
  return state;
}

// A shared, busy machine: signing in and a first render of a back-office page take a while.
test.describe.configure({ timeout: 60_000 });

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a centre admin gets the centre's sections beside the page, grouped, the dashboard marked", async ({
    page,
    baseURL,
  }) => {
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/dashboard");
    const nav = backOfficeNav(page);
    await expect(nav.getByRole("link")).toHaveText(CENTRE_SECTIONS);
    await expect(section(page, nl("routes.dashboard"))).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(
      nav.getByRole("list", { name: nl("layout.backOfficeNav.groups.centre") }).getByRole("link"),
    ).toHaveText([
      nl("routes.auditLog"),
      nl("routes.settings"),
      nl("routes.tags"),
      nl("routes.deskManagement"),
      nl("routes.newsAdmin"),
      nl("routes.pageAdmin"),
      nl("routes.analytics"),
      nl("routes.notificationTemplates"),
      nl("routes.contactMessages"),
    ]);
    // A column beside <main>, not a menu: no menu button on a wide screen.
    await expect(menuButton(page)).toBeHidden();
    const navBox = await nav.boundingBox();
    const mainBox = await page.getByRole("main").boundingBox();
    expect(navBox && mainBox && navBox.x + navBox.width <= mainBox.x).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the current section follows navigation, and the server renders it from the browser's hint", async ({
    page,
    baseURL,
    context,
  }) => {
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/dashboard");
    const nav = backOfficeNav(page);
    // A client navigation moves the mark.
    await section(page, nl("routes.auditLog")).click();
    await expect(page).toHaveURL(`${baseURL}/logboek`);
    await expect(section(page, nl("routes.auditLog"))).toHaveAttribute("aria-current", "page");
    await expect(section(page, nl("routes.dashboard"))).not.toHaveAttribute("aria-current");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Settings leads to its first tab.
    await section(page, nl("routes.settings")).click();
    await expect(page).toHaveURL(`${baseURL}/instellingen/design`);
    await expect(section(page, nl("routes.settings"))).toHaveAttribute("aria-current", "page");

    // Rendered by the server from the hint the browser left: there before any script runs.
    await hintWritten(context);
    const html = await (await page.request.get("/organizations/approve")).text();
    expect(html).toContain(`aria-label="${nl("layout.backOfficeNav.label")}"`);
    const approve = nl("routes.organizationApprove").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    expect(html).toMatch(
      new RegExp(`aria-current="page"[^>]*>(?:<svg[\\s\\S]*?</svg>)?${approve}<`),
    );
  });

  test("the skip link still reaches the page's content past the frame, and the frame comes after the header", async ({
    page,
    baseURL,
  }) => {
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/users");
    await expect(backOfficeNav(page)).toBeVisible();
    // Reading and focus order: header, then the frame, then the page.
    const order = await page.evaluate((label) => {
      const header = document.querySelector("header");
      const nav = document.querySelector(`nav[aria-label="${label}"]`);
      const main = document.querySelector("main");
      if (!header || !nav || !main) return null;
      return [
        Boolean(header.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING),
        Boolean(nav.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING),
      ];
    }, nl("layout.backOfficeNav.label"));
    expect(order).toEqual([true, true]);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: nl("layout.skipLink") });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("organisation staff get fewer sections: their organisations, vacancies and people", async ({
    page,
    baseURL,
  }) => {
    await signInThroughApi(page, baseURL!, ORGANIZATION_ADMIN);
    await page.goto("/organizations");
    await expect(backOfficeNav(page).getByRole("link")).toHaveText([
      nl("routes.dashboard"),
      nl("routes.organizations"),
      nl("routes.vacancies"),
      nl("routes.formBuilder"),
      nl("routes.users"),
    ]);
    await expect(section(page, nl("routes.organizations"))).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
  });

  test("a volunteer gets no back-office navigation", async ({ page, baseURL, context }) => {
    await signInThroughApi(page, baseURL!, VOLUNTEER);
    await page.goto("/dashboard");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: nl("dashboard.greeting", { name: seedUserName("volunteer") }),
      }),
    ).toBeVisible();
    // The roles have loaded (the account menu shows the name) and still no frame.
    await expect(
      page.getByRole("button", { name: seedUserName("volunteer"), exact: true }),
    ).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(backOfficeNav(page)).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === HINT_COOKIE)).toBe(false);
    await expectNoAxeViolations(page);
  });

  test("public pages keep their own navigation, also for signed-in staff", async ({
    page,
    baseURL,
    context,
  }) => {
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/dashboard");
    await hintWritten(context);
    // The public reading pages' layout has no frame at all; a public row of the app layout
    // (/signup) is told apart by its route meta, which does not wait for anything.
    for (const path of ["/nieuws", "/signup"]) {
      await page.goto(path);
      await expect(
        page.getByRole("navigation", { name: nl("layout.nav.label"), exact: true }),
      ).toBeVisible();
      await expect(backOfficeNav(page), path).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the sections are a menu that opens and is followed with the keyboard", async ({
    page,
    baseURL,
  }) => {
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/users");
    const button = menuButton(page);
    await expect(button).toBeVisible();
    await expect(backOfficeNav(page).getByRole("link")).toHaveCount(0);
    expect(await axExpanded(button)).toBe(false);

    await button.focus();
    await page.keyboard.press("Enter");
    expect(await axExpanded(button)).toBe(true);
    await expect(backOfficeNav(page).getByRole("link")).toHaveText(CENTRE_SECTIONS);
    await expectNoAxeViolations(page);

    // The menu's links follow its button in the focus order.
    await page.keyboard.press("Tab");
    await expect(section(page, nl("routes.dashboard"))).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(section(page, nl("routes.activityCalendarOverview"))).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(section(page, nl("routes.organizations"))).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${baseURL}/organizations`);
    // Following a link closes the menu; the new page is marked.
    await expect(backOfficeNav(page).getByRole("link")).toHaveCount(0);
    await button.click();
    await expect(section(page, nl("routes.organizations"))).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("Escape");
    await expect(backOfficeNav(page).getByRole("link")).toHaveCount(0);
  });

  test("at 320 px (1280 px at 400 %) the frame and the dashboard reflow: the menu, its open list and the page fit the width", async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signInThroughApi(page, baseURL!, CENTRE_ADMIN);
    await page.goto("/dashboard");
    await expect(menuButton(page)).toBeVisible();
    await menuButton(page).click();
    await expect(section(page, nl("routes.settings"))).toBeVisible();
    const label = nl("layout.backOfficeNav.label");
    const report = await page.evaluate((name) => {
      const width = document.documentElement.clientWidth;
      const beyond = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < 0 || r.right > width + 0.5);
      };
      const nav = document.querySelector(`nav[aria-label="${name}"]`);
      const frame = nav ? [nav, ...nav.querySelectorAll("*")] : [];
      // What scrolls inside a region of its own (a wide table) is clipped by it.
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up && up.tagName !== "MAIN"; up = up.parentElement) {
          if (getComputedStyle(up).overflowX !== "visible") return true;
        }
        return false;
      };
      // The page's own content: elements wider than the window.
      const page = [...document.querySelectorAll("main *")]
        .filter((el) => beyond(el) && !clipped(el))
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80));
      return {
        found: frame.length > 0,
        frameBeyond: frame.filter(beyond).map((el) => el.outerHTML.slice(0, 80)),
        page,
      };
    }, label);
    expect(report.found).toBe(true);
    expect(report.frameBeyond).toEqual([]);
    // The dashboard under the frame reflows too; only a table may scroll, inside its region.
    expect(report.page).toEqual([]);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
  });
});

test("at 640 px (1280 px at 200 %) the frame is a menu, not a column", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 640, height: 450 });
  await signInThroughApi(page, baseURL!, ORGANIZATION_ADMIN);
  await page.goto("/users");
  await expect(menuButton(page)).toBeVisible();
  const navBox = await backOfficeNav(page).boundingBox();
  const mainBox = await page.getByRole("main").boundingBox();
  // Above the page, not beside it.
  expect(navBox && mainBox && navBox.y + navBox.height <= mainBox.y).toBe(true);
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test("at 375 px the menu opens with the keyboard and marks the current section", async ({
    browser,
    baseURL,
  }) => {
    const storageState = await returningBrowser(browser, baseURL!, CENTRE_ADMIN);
    const context = await browser.newContext({
      baseURL,
      storageState,
      javaScriptEnabled: false,
      viewport: { width: 375, height: 740 },
      locale: "nl-NL",
    });
    try {
      const page = await context.newPage();
      await page.goto("/users");
      const button = menuButton(page);
      await expect(button).toBeVisible();
      await expect(backOfficeNav(page).getByRole("link")).toHaveCount(0);

      await button.focus();
      await page.keyboard.press("Enter");
      expect(await axExpanded(button)).toBe(true);
      await expect(backOfficeNav(page).getByRole("link")).toHaveText(CENTRE_SECTIONS);
      await expect(section(page, nl("routes.users"))).toHaveAttribute("aria-current", "page");
      // axe runs as a script, so it cannot run here; the same markup, hydrated, is checked
      // open at 375 px above.
      await page.keyboard.press("Tab");
      await expect(section(page, nl("routes.dashboard"))).toBeFocused();

      await page.keyboard.press("Escape");
      await expect(backOfficeNav(page).getByRole("link")).toHaveCount(0);
      await expect(button).toBeFocused();

      // A plain link: the next page comes from the server, marked there.
      await button.click();
      await section(page, nl("routes.auditLog")).click();
      await expect(page).toHaveURL(`${baseURL}/logboek`);
      await button.click();
      await expect(section(page, nl("routes.auditLog"))).toHaveAttribute("aria-current", "page");
    } finally {
      await context.close();
    }
  });
});
