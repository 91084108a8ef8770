import { expect, type Page, test } from "@playwright/test";
import { seedEmail } from "../backend/db/seed/users";
import { SEED_PASSWORD } from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { LOCALES, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The vacancy search and the vacancy page (docs/vacancies-search.md), on the
// seeded demo vacancies: by words, by place + distance, by theme; open a vacancy; both
// languages (public switches language); axe on both pages; the GET form and the reading
// without JavaScript; another tenant's vacancy is the 404 page.

const nl = translator("nl");
const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const API = `http://127.0.0.1:${E2E.apiPort}/api/v1`;

const cards = (page: Page) => page.locator("section[aria-labelledby=vacancy-results] article");
const titles = async (page: Page) => cards(page).getByRole("heading", { level: 3 }).allInnerTexts();

async function firstVacancyId(
  request: import("@playwright/test").APIRequestContext,
  tenant: string,
  query = "",
) {
  const res = await request.get(`${API}/vacancies${query}`, { headers: { "x-tenant": tenant } });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { id: string; attributes: { title: string } }[] };
  return body.data[0];
}

for (const locale of LOCALES) {
  const t = translator(locale);
  // public switches language (spec §1); oldebroek is Dutch only.
  const tenant = locale === "en" ? "public" : "oldebroek";

  test.describe(`vacancy search (${locale}, ${tenant})`, () => {
    test.beforeEach(async ({ context }) => {
      if (locale === "en") {
        await context.addCookies([
          { name: "i18n_redirected", value: "en", url: onTenant(tenant, "/") },
        ]);
      }
    });

    test("lists the tenant's vacancies with a count, and finds one by words", async ({ page }) => {
      await page.goto(onTenant(tenant, "/vacancies/search"));
      await expect(
        page.getByRole("heading", { level: 1, name: t("vacancySearch.title") }),
      ).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: t("publicPages.breadcrumb") }),
      ).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      const all = await cards(page).count();
      expect(all).toBeGreaterThanOrEqual(10);

      await page
        .getByLabel(t("vacancySearch.words"))
        .fill(locale === "en" ? "gardener" : "voorlezer");
      await page.getByRole("button", { name: t("vacancySearch.submit") }).click();
      await expect(page).toHaveURL(/q=/);
      const found = await titles(page);
      expect(found.length).toBe(1);
      expect(found[0]).toMatch(locale === "en" ? /Gardener/ : /Voorlezer/);
      await expect(page.getByRole("status")).toHaveText(
        t("vacancySearch.resultCount", { count: 1 }),
      );
    });

    test("filters by place or postcode and distance, and by theme", async ({ page }) => {
      const town = tenant === "public" ? "Utrecht" : "8096 BC";
      await page.goto(
        onTenant(
          tenant,
          `/vacancies/search?near=${encodeURIComponent(town)}&distance=5&sort=distance`,
        ),
      );
      await expect(page.getByRole("status")).toContainText(
        t("vacancySearch.nearSummary", {
          km: 5,
          place: tenant === "public" ? "Utrecht" : "8096 BC Oldebroek",
        }),
      );
      expect(await cards(page).count()).toBeGreaterThan(3);

      await page.goto(onTenant(tenant, "/vacancies/search"));
      await page.getByRole("checkbox", { name: /^Sport \(/ }).check();
      await page.getByRole("button", { name: t("vacancySearch.submit") }).click();
      await expect(page).toHaveURL(/tags=sport/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(/voetbal/i);
    });

    test("an unknown place is shown on the field, and no result gives the empty state", async ({
      page,
    }) => {
      await page.goto(onTenant(tenant, "/vacancies/search?near=Atlantis"));
      await expect(
        page.getByText(t("vacancySearch.unknownPlace", { place: "Atlantis" })),
      ).toBeVisible();
      await expect(page.getByLabel(t("vacancySearch.near"))).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await page.goto(onTenant(tenant, "/vacancies/search?q=xylofoonreparatie"));
      await expect(
        page.getByRole("heading", { name: t("vacancySearch.emptyTitle") }),
      ).toBeVisible();
    });

    test("opens a vacancy: title, organisation, facts, description, respond link, JobPosting", async ({
      page,
    }) => {
      await page.goto(onTenant(tenant, "/vacancies/search"));
      const first = cards(page).first().getByRole("heading", { level: 3 }).getByRole("link");
      const title = ((await first.textContent()) ?? "").trim();
      await first.click();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("heading", { name: t("vacancies.description") })).toBeVisible();
      await expect(page.locator("a[href^='/organizations/']").first()).toBeVisible();
      const respond = page.getByRole("link", { name: t("vacancies.respond") });
      await expect(respond).toHaveAttribute(
        "href",
        // Back to the vacancy's form after signing in (docs/applications-pages.md).
        /^\/auth\/login-1\?redirect=%2Fvacancies%2F\d+%23reageren$/,
      );
      const ld = await page.locator("script[type='application/ld+json']").allTextContents();
      const posting = ld.map((s) => JSON.parse(s)).find((d) => d["@type"] === "JobPosting");
      expect(posting).toMatchObject({ employmentType: "VOLUNTEER", title });
    });

    test("both pages pass axe", async ({ page, request }) => {
      await page.goto(onTenant(tenant, "/vacancies/search?tags=sport"));
      await expectNoAxeViolations(page);
      const vacancy = await firstVacancyId(request, tenant);
      await page.goto(onTenant(tenant, `/vacancies/${vacancy.id}`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search renders, its GET form works and a vacancy reads", async ({ page }) => {
    await page.goto(onTenant("oldebroek", "/vacancies/search"));
    expect(await cards(page).count()).toBeGreaterThanOrEqual(10);
    await page.getByLabel(nl("vacancySearch.words")).fill("chauffeur");
    await page.getByRole("button", { name: nl("vacancySearch.submit") }).click();
    await expect(page).toHaveURL(/q=chauffeur/);
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Chauffeur/);
    await expect(page.getByText(/buurtbus/).first()).toBeVisible();
  });
});

test("another tenant's vacancy is the 404 page", async ({ page, request }) => {
  const roermond = await firstVacancyId(request, "roermond");
  const response = await page.goto(onTenant("oldebroek", `/vacancies/${roermond.id}`));
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: nl("errors.notFound.title") }),
  ).toBeVisible();
  const own = await page.goto(onTenant("roermond", `/vacancies/${roermond.id}`));
  expect(own?.status()).toBe(200);
});

test("a closed vacancy keeps its page: it says it is closed, offers no response, and its JobPosting ended", async ({
  page,
  request,
}) => {
  // The seed's closed vacancy, found as its staff find it (the public lists hold open ones).
  const signIn = await request.post(`http://127.0.0.1:${E2E.apiPort}/auth/sign_in`, {
    headers: { "x-tenant": "oldebroek" },
    data: { email: seedEmail("superadmin", "oldebroek"), password: SEED_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const auth = signIn.headers();
  const res = await request.get(`${API}/managed_vacancies?filter[status_eq]=closed`, {
    headers: {
      "x-tenant": "oldebroek",
      "access-token": auth["access-token"],
      client: auth.client,
      uid: auth.uid,
    },
  });
  expect(res.status()).toBe(200);
  const [closed] = ((await res.json()) as { data: { id: string; attributes: { title: string } }[] })
    .data;

  const response = await page.goto(onTenant("oldebroek", `/vacancies/${closed.id}`));
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole("heading", { level: 1, name: closed.attributes.title }),
  ).toBeVisible();
  await expect(page.getByRole("status")).toHaveText(nl("vacancies.closed"));
  await expect(page.getByRole("heading", { name: nl("applications.apply.heading") })).toHaveCount(
    0,
  );
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}",
  ) as { "@type"?: string; validThrough?: string };
  expect(jsonLd["@type"]).toBe("JobPosting");
  expect(Date.parse(jsonLd.validThrough ?? "")).toBeLessThanOrEqual(Date.now());
  await expectNoAxeViolations(page);
});
