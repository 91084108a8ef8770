import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The social map and organisation profiles (docs/social-map.md), on the seeded tenants:
// oldebroek in Dutch, public (which switches language) in English. The seed puts twenty
// organisations per tenant on the map (backend/db/seed/social-map.ts), one of them hidden.

const on = (tenant: string, path: string) => `http://${tenant}.localhost:${E2E.webPort}${path}`;

const SITES: { locale: TLocale; tenant: string; foodBank: string }[] = [
  { locale: "nl", tenant: "oldebroek", foodBank: "Voedselbank 't Harde" },
  { locale: "en", tenant: "public", foodBank: "Food Bank Lunetten" },
];

async function chooseLanguage(context: BrowserContext, tenant: string, locale: TLocale) {
  if (locale === "en") {
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: on(tenant, "/") }]);
  }
}

/** The ids of the tenant's map organisations. */
async function mapIds(
  page: Page,
  tenant: string,
  query = "",
): Promise<{ id: string; name: string }[]> {
  // Straight to the api with the tenant's header: Node resolves no *.localhost names.
  const res = await page.request.get(
    `http://127.0.0.1:${E2E.apiPort}/api/v1/social_map?page[size]=1000${query}`,
    { headers: { "X-Tenant": tenant } },
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { id: string; attributes: { name: string } }[] };
  return body.data.map((d) => ({ id: d.id, name: d.attributes.name }));
}

async function jsonLdOfType(page: Page, type: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((b) => JSON.parse(b) as Record<string, unknown>)
    .find((d) => d["@type"] === type);
}

for (const { locale, tenant, foodBank } of SITES) {
  const t = translator(locale);

  test.describe(`${tenant} in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await chooseLanguage(context, tenant, locale);
    });

    test("the social map lists the organisations with a count, and the words filter narrows it", async ({
      page,
    }) => {
      const all = await mapIds(page, tenant);
      expect(all.length).toBeGreaterThanOrEqual(15);
      await page.goto(on(tenant, "/sociale-kaart"));
      await expect(
        page.getByRole("heading", { level: 1, name: t("socialMap.title") }),
      ).toBeVisible();
      await expect(page.getByTestId("result-count")).toHaveText(
        t("socialMap.results", { count: all.length }),
      );
      await expect(page.getByRole("link", { name: foodBank, exact: true }).first()).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel(t("socialMap.words")).fill(foodBank);
      await page.getByRole("button", { name: t("socialMap.search") }).click();
      await expect(page).toHaveURL(/q=/);
      await expect(page.getByTestId("result-count")).toHaveText(
        t("socialMap.results", { count: 1 }),
      );
    });

    test("a theme and a kind of organisation filter the list; nothing found says so", async ({
      page,
    }) => {
      const sport = await mapIds(page, tenant, "&filter[tags]=sport");
      await page.goto(on(tenant, "/sociale-kaart"));
      await page.getByRole("checkbox", { name: /^Sport/ }).check();
      await page.getByRole("button", { name: t("socialMap.search") }).click();
      await expect(page.getByTestId("result-count")).toHaveText(
        t("socialMap.results", { count: sport.length }),
      );
      await page.goto(on(tenant, "/sociale-kaart?type=VolunteerCenter&q=zzzz-nergens"));
      await expect(page.getByText(t("socialMap.empty"))).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("an organisation's page: name, breadcrumb, contact, themes, Organization JSON-LD; /organizations/:id is the same page", async ({
      page,
    }) => {
      const [org] = await mapIds(page, tenant, `&filter[q]=${encodeURIComponent(foodBank)}`);
      await page.goto(on(tenant, "/sociale-kaart"));
      await page.getByRole("link", { name: foodBank, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`/sociale-kaart/${org.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: foodBank })).toBeVisible();
      const crumbs = page.getByRole("navigation", { name: t("publicPages.breadcrumb") });
      await expect(crumbs.getByRole("link", { name: t("socialMap.title") })).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("heading", { name: t("organizationProfile.contact") }),
      ).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("heading", { name: t("organizationProfile.vacancies") }),
      ).toBeVisible();
      const ld = await jsonLdOfType(page, "Organization");
      expect(ld).toMatchObject({
        name: foodBank,
        url: on(tenant, `/sociale-kaart/${org.id}`).replace(/\?.*/, ""),
        address: { "@type": "PostalAddress" },
        geo: { "@type": "GeoCoordinates" },
      });
      await expectNoAxeViolations(page);

      await page.goto(on(tenant, `/organizations/${org.id}`));
      await expect(page.getByRole("heading", { level: 1, name: foodBank })).toBeVisible();
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toContain(`/sociale-kaart/${org.id}`);
    });
  });
}

test.describe("what is not on the map", () => {
  test("another tenant's organisation is a 404 on both profile URLs", async ({ page }) => {
    const [roermondOrg] = await mapIds(page, "roermond");
    for (const path of [`/sociale-kaart/${roermondOrg.id}`, `/organizations/${roermondOrg.id}`]) {
      const res = await page.goto(on("oldebroek", path));
      expect(res?.status(), path).toBe(404);
    }
    const own = await page.goto(on("roermond", `/sociale-kaart/${roermondOrg.id}`));
    expect(own?.status()).toBe(200);
  });

  test("the map's hidden organisation is in no list and has no page", async ({ page }) => {
    const names = (await mapIds(page, "oldebroek")).map((o) => o.name);
    expect(names).not.toContain("Vrouwenopvang 't Harde");
    await page.goto(on("oldebroek", "/sociale-kaart?q=Vrouwenopvang"));
    await expect(page.getByText(translator("nl")("socialMap.empty"))).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list is complete, the map area says the map is unavailable, and a profile reads", async ({
    page,
  }) => {
    const nl = translator("nl");
    const all = await mapIds(page, "oldebroek");
    await page.goto(on("oldebroek", "/sociale-kaart"));
    await expect(page.getByTestId("map-unavailable")).toHaveText(nl("socialMap.mapUnavailable"));
    const list = page.getByTestId("server-list");
    await expect(list.getByRole("heading", { level: 3 })).toHaveCount(Math.min(all.length, 30));
    await list.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("heading", { name: nl("organizationProfile.vacancies") }),
    ).toBeVisible();
  });

  test("the filter form works as a plain GET form", async ({ page }) => {
    const nl = translator("nl");
    await page.goto(on("oldebroek", "/sociale-kaart"));
    await page.getByLabel(nl("socialMap.words")).fill("Bibliotheek");
    await page.getByRole("button", { name: nl("socialMap.search") }).click();
    await expect(page).toHaveURL(/q=Bibliotheek/);
    await expect(page.getByTestId("result-count")).toHaveText(
      nl("socialMap.results", { count: 1 }),
    );
  });
});
