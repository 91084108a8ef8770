import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The activity pages (docs/activities.md) on the seeded tenants, signed out: the
// list, an activity, the calendar's month, week and list views, the iCalendar feed, and the
// desk pages, in Dutch and English, with axe; the reading pages with JavaScript off; 404 on
// meedoen (spec §1: no activities) and for another tenant's activity.

const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const api = `http://127.0.0.1:${E2E.apiPort}/api/v1`;

async function useLocale(context: BrowserContext, slug: string, locale: TLocale) {
  if (locale === "nl") return;
  await context.addCookies([{ name: "i18n_redirected", value: locale, url: onTenant(slug, "/") }]);
}

type TApiActivity = { id: string; attributes: { title: string; desk_id: number | null } };

/** The tenant's public activities from the api itself (the pages must agree with it). */
async function apiActivities(request: APIRequestContext, slug: string, query = "") {
  const res = await request.get(`${api}/activities?page[size]=100${query}`, {
    headers: { "X-Tenant": slug },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: TApiActivity[] }).data;
}

const today = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());

async function firstUpcoming(request: APIRequestContext, slug: string) {
  const list = await apiActivities(request, slug, `&filter[from]=${today()}`);
  expect(list.length).toBeGreaterThan(3);
  return list;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** GET from inside the page: Chromium resolves `<slug>.localhost`, Node's resolver does not. */
async function fetchInPage(page: Page, url: string) {
  return page.evaluate(async (target) => {
    const res = await fetch(target);
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      cache: res.headers.get("cache-control"),
      body: await res.text(),
    };
  }, url);
}

for (const locale of LOCALES) {
  const t = translator(locale);

  test.describe(`activity pages in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await useLocale(context, "oldebroek", locale);
    });

    test(`/activiteiten lists the upcoming activities, searchable by words (${locale})`, async ({
      page,
      request,
    }) => {
      const upcoming = await firstUpcoming(request, "oldebroek");
      await page.goto(onTenant("oldebroek", "/activiteiten"));
      await expect(heading(page)).toHaveText(t("activities.title"));
      const items = page.getByTestId("activity-item");
      await expect(items.first()).toContainText(upcoming[0].attributes.title);
      await expect(page.getByRole("link", { name: "Vrijwilligersmarkt" })).toBeVisible();
      // Drafts never show.
      await expect(page.getByText("Zomerfestival vrijwilligers")).toHaveCount(0);
      await expectNoAxeViolations(page);

      await page.getByLabel(t("activities.searchLabel")).fill("Vrijwilligersmarkt");
      await page.getByRole("button", { name: t("activities.submit") }).click();
      await expect(page).toHaveURL(/q=Vrijwilligersmarkt/);
      await expect(items).toHaveCount(1);

      await page.goto(onTenant("oldebroek", "/activiteiten?q=bestaatnietxyz"));
      await expect(page.getByText(t("activities.empty"))).toBeVisible();
    });

    test(`/activiteiten/:id shows when, where, the breadcrumb, an Event and the .ics (${locale})`, async ({
      page,
      request,
    }) => {
      const market = (await firstUpcoming(request, "oldebroek")).find(
        (a) => a.attributes.title === "Vrijwilligersmarkt",
      );
      expect(market).toBeDefined();
      await page.goto(onTenant("oldebroek", `/activiteiten/${market?.id}`));
      await expect(heading(page)).toHaveText("Vrijwilligersmarkt");
      const crumbs = page.getByRole("navigation", { name: t("publicPages.breadcrumb") });
      await expect(crumbs.getByRole("link", { name: t("activities.title") })).toHaveAttribute(
        "href",
        "/activiteiten",
      );
      await expect(page.getByText(t("activities.when"), { exact: true })).toBeVisible();
      const events = await page.locator('script[type="application/ld+json"]').allTextContents();
      const event = events.map((e) => JSON.parse(e)).find((e) => e["@type"] === "Event");
      expect(event).toMatchObject({
        name: "Vrijwilligersmarkt",
        eventStatus: "https://schema.org/EventScheduled",
        eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
        location: { "@type": "Place", address: { "@type": "PostalAddress" } },
      });
      const ics = page.getByRole("link", { name: t("activities.addToCalendar") });
      await expect(ics).toHaveAttribute("href", `/activiteiten/${market?.id}/agenda.ics`);
      await expectNoAxeViolations(page);
    });

    test(`/activiteitenkalender has month, week and list views (${locale})`, async ({ page }) => {
      await page.goto(onTenant("oldebroek", "/activiteitenkalender"));
      await expect(heading(page)).toHaveText(t("activityCalendar.title"));
      const table = page.getByRole("table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader")).toHaveCount(7);
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: t("activityCalendar.week"), exact: true }).click();
      await expect(page).toHaveURL(/view=week/);
      await expect(page.getByRole("table")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 3 })).toHaveCount(7);
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: t("activityCalendar.list"), exact: true }).click();
      await expect(page).toHaveURL(/view=list/);
      await expectNoAxeViolations(page);
    });

    test(`desk pages: welcome, the desk's activities and one of them (${locale})`, async ({
      page,
      request,
    }) => {
      await page.goto(onTenant("oldebroek", "/azc-oldebroek/welkom"));
      await expect(heading(page)).toHaveText("Welkom bij de balie van AZC Oldebroek");
      await expect(page.getByRole("heading", { name: t("deskPages.upcoming") })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(onTenant("oldebroek", "/azc-oldebroek/activiteiten"));
      await expect(heading(page)).toHaveText(
        t("deskPages.activitiesTitle", { name: "AZC Oldebroek" }),
      );
      await expect(page.getByRole("link", { name: "Taalcafé op de balie" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Vrijwilligersmarkt" })).toHaveCount(0);
      await expectNoAxeViolations(page);

      const deskOnes = (await firstUpcoming(request, "oldebroek")).filter(
        (a) => a.attributes.desk_id !== null,
      );
      await page.goto(onTenant("oldebroek", `/azc-oldebroek/activiteiten/${deskOnes[0].id}`));
      await expect(heading(page)).toHaveText(deskOnes[0].attributes.title);
      await expect(
        page
          .getByRole("navigation", { name: t("publicPages.breadcrumb") })
          .getByRole("link", { name: "AZC Oldebroek" }),
      ).toHaveAttribute("href", "/azc-oldebroek/welkom");
      await expectNoAxeViolations(page);
    });
  });
}

test("an empty month on a narrow phone: the table scrolls in a region the keyboard reaches, the page does not scroll sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  // Years ahead: no seeded activity, so the table holds nothing focusable of its own.
  await page.goto(onTenant("oldebroek", "/activiteitenkalender?view=month&date=2031-02-01"));
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("link")).toHaveCount(0);
  // The region is named by the month's heading, as the table is.
  const period = (await page.locator("#calendar-period").textContent()) ?? "";
  const region = page.getByRole("region", { name: period, exact: true });
  await expect(region).toHaveAttribute("tabindex", "0");
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
  await expectNoAxeViolations(page);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });
  const t = translator("nl");

  test("the list, an activity and a desk's welcome page are all there", async ({ page }) => {
    await page.goto(onTenant("oldebroek", "/activiteiten"));
    await expect(page.getByTestId("activity-item").first()).toBeVisible();
    await page.getByRole("link", { name: "Vrijwilligersmarkt" }).click();
    await expect(heading(page)).toHaveText("Vrijwilligersmarkt");
    await expect(page.getByText(t("activities.where"), { exact: true })).toBeVisible();

    await page.goto(onTenant("oldebroek", "/azc-oldebroek/welkom"));
    await expect(heading(page)).toHaveText("Welkom bij de balie van AZC Oldebroek");
    await expect(page.getByText("Openingstijden:")).toBeVisible();
  });

  test("the calendar moves by month with plain links and shows the seeded activities", async ({
    page,
  }) => {
    await page.goto(onTenant("oldebroek", "/activiteitenkalender"));
    const period = page.getByRole("heading", { level: 2 }).first();
    const before = await period.textContent();
    await page.getByRole("link", { name: t("activityCalendar.nextMonth") }).click();
    await expect(page).toHaveURL(/view=month&date=\d{4}-\d{2}-\d{2}/);
    await expect(period).not.toHaveText(before ?? "");
    await page.getByRole("link", { name: t("activityCalendar.previousMonth") }).click();
    await expect(period).toHaveText(before ?? "");
    // Two weeks ahead is always in this month or the next: the market is in one of the two.
    await page.goto(onTenant("oldebroek", "/activiteitenkalender?view=list"));
    const inList = await page.getByRole("link", { name: "Vrijwilligersmarkt" }).count();
    const listPeriod = await page.getByRole("heading", { level: 2 }).first().textContent();
    await page.getByRole("link", { name: t("activityCalendar.nextMonth") }).click();
    // Count on the next month's page, not on this one while the link is still loading.
    await expect(page).toHaveURL(/view=list&date=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole("heading", { level: 2 }).first()).not.toHaveText(listPeriod ?? "");
    const inNext = await page.getByRole("link", { name: "Vrijwilligersmarkt" }).count();
    expect(inList + inNext).toBeGreaterThan(0);
  });
});

test("the iCalendar feed is text/calendar with the seeded activities, cancelled ones marked", async ({
  page,
  request,
}) => {
  await page.goto(onTenant("oldebroek", "/activiteitenkalender"));
  const https = page.getByRole("link", {
    name: translator("nl")("activityCalendar.subscribeHttps"),
  });
  const href = await https.getAttribute("href");
  expect(href).toBe(onTenant("oldebroek", "/activiteitenkalender/feed.ics"));
  await expect(
    page.getByRole("link", { name: translator("nl")("activityCalendar.subscribeWebcal") }),
  ).toHaveAttribute(
    "href",
    `webcal://oldebroek.localhost:${E2E.webPort}/activiteitenkalender/feed.ics`,
  );

  const res = await fetchInPage(page, href ?? "");
  expect(res.status).toBe(200);
  expect(res.type).toBe("text/calendar; charset=utf-8");
  expect(res.cache).toContain("max-age=");
  const body = res.body;
  expect(body.startsWith("BEGIN:VCALENDAR")).toBe(true);
  expect(body).toContain("SUMMARY:Vrijwilligersmarkt");
  expect(body).toContain("STATUS:CANCELLED");
  expect(body).not.toContain("Zomerfestival");

  const market = (await firstUpcoming(request, "oldebroek")).find(
    (a) => a.attributes.title === "Vrijwilligersmarkt",
  );
  const one = await fetchInPage(page, `/activiteiten/${market?.id}/agenda.ics`);
  expect(one.type).toBe("text/calendar; charset=utf-8");
  expect(one.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(one.body).toContain("SUMMARY:Vrijwilligersmarkt");
});

test("meedoen has no activity pages (spec §1): 404 for the list, the calendar and the feed", async ({
  page,
}) => {
  for (const path of ["/activiteiten", "/activiteitenkalender"]) {
    const res = await page.goto(onTenant("meedoen", path));
    expect(res?.status(), path).toBe(404);
  }
  expect((await fetchInPage(page, "/activiteitenkalender/feed.ics")).status).toBe(404);
});

test("another tenant's activity, and another desk's, are 404", async ({ page, request }) => {
  const roermond = await apiActivities(request, "roermond");
  const res = await page.goto(onTenant("oldebroek", `/activiteiten/${roermond[0].id}`));
  expect(res?.status()).toBe(404);
  expect((await fetchInPage(page, `/activiteiten/${roermond[0].id}/agenda.ics`)).status).toBe(404);

  // cordaad: the desk activities are AZC Dronten's; under AZC Zwolle they are not found.
  const dronten = await apiActivities(request, "cordaad", "&filter[desk]=azc-dronten");
  expect(dronten.length).toBeGreaterThan(0);
  const own = await page.goto(onTenant("cordaad", `/azc-dronten/activiteiten/${dronten[0].id}`));
  expect(own?.status()).toBe(200);
  const other = await page.goto(onTenant("cordaad", `/azc-zwolle/activiteiten/${dronten[0].id}`));
  expect(other?.status()).toBe(404);
});

test("public shows its desk's welcome in English", async ({ page }) => {
  await page.goto(onTenant("public", "/azc-utrecht/welkom"));
  await expect(heading(page)).toHaveText("Welcome to the desk at AZC Utrecht");
  await expectNoAxeViolations(page);
});
