import { expect, type Page, test } from "@playwright/test";
import { CHANGELOG } from "../lib/changelog/entries";
import { expectNoAxeViolations } from "./support/axe";
import { chooseLocale, LOCALES, pageLocale, type TLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The home page, content pages, news, partners, peer help, the Gelderse Handen
// landing page and the changelog (docs/content-pages.md), on the seed's content, in both
// languages with axe, and the reading pages again with JavaScript off.

const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;
const h1 = (page: Page) => page.getByRole("heading", { level: 1 });
/** The language the page was rendered in: tenants that do not switch stay Dutch. */
const tOf = async (page: Page) => translator(((await pageLocale(page)) ?? "nl") as TLocale);

for (const locale of LOCALES) {
  test.describe(`in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      for (const slug of ["public", "meedoen", "oldebroek", "roermond", "cordaad"]) {
        await chooseLocale(context, onTenant(slug, "/"), locale);
      }
    });

    test(`the home page shows the tenant's home text, a vacancy search, the latest news and where to go next (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("public", "/"));
      const t = await tOf(page);
      expect(await pageLocale(page)).toBe(locale);
      await expect(h1(page)).toHaveText(
        locale === "en" ? "Welcome to Volunteerly" : "Welkom bij Volunteerly",
      );
      const main = page.getByRole("main");
      await expect(
        main.getByRole("heading", { level: 2, name: t("home.latestNews") }),
      ).toBeVisible();
      await expect(main.locator("article")).toHaveCount(3);
      await expect(main.getByRole("link", { name: t("home.activities") })).toHaveAttribute(
        "href",
        "/activiteiten",
      );
      await expect(main.getByRole("link", { name: t("home.socialMap") })).toHaveAttribute(
        "href",
        "/sociale-kaart",
      );
      await expectNoAxeViolations(page);
      await main.getByLabel(t("home.searchWhat")).fill("koken");
      await main.getByLabel(t("home.searchNear")).fill("Utrecht");
      await main.getByRole("button", { name: t("home.searchSubmit") }).click();
      await expect(page).toHaveURL(/\/vacancies\/search\?q=koken&near=Utrecht$/);
    });

    test(`meedoen's home page has no activities link (${locale})`, async ({ page }) => {
      await page.goto(onTenant("meedoen", "/"));
      const t = await tOf(page);
      await expect(
        page.getByRole("main").getByRole("link", { name: t("home.socialMap") }),
      ).toBeVisible();
      await expect(
        page.getByRole("main").getByRole("link", { name: t("home.activities") }),
      ).toHaveCount(0);
    });

    test(`a content page has its text, a breadcrumb and its title (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("public", "/over-ons"));
      const t = await tOf(page);
      const title = locale === "en" ? "About us" : "Over ons";
      await expect(h1(page)).toHaveText(title);
      await expect(page).toHaveTitle(`${title} - Volunteerly`);
      const crumbs = page.getByRole("navigation", { name: t("publicPages.breadcrumb") });
      await expect(crumbs.getByRole("link", { name: t("contentPages.home") })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(crumbs.getByText(title)).toHaveAttribute("aria-current", "page");
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        /Volunteerly/,
      );
      await expectNoAxeViolations(page);
    });

    test(`a page without an English version falls back to the Dutch one (${locale})`, async ({
      page,
    }) => {
      // roermond does not switch language: its pages are Dutch whatever the cookie says.
      await page.goto(onTenant("roermond", "/privacy"));
      await expect(h1(page)).toHaveText("Privacyverklaring");
    });

    test(`the news list shows published articles with date and summary, never the draft (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("public", "/nieuws"));
      const t = await tOf(page);
      await expect(h1(page)).toHaveText(t("news.title"));
      const list = page.getByRole("list", { name: t("news.listLabel") });
      await expect(list.getByRole("listitem")).toHaveCount(6);
      await expect(
        list.getByRole("link", { name: "Nieuwe vrijwilligers gezocht voor het najaar" }),
      ).toBeVisible();
      await expect(list.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
      await expect(page.getByText("Terugblik op het jaar")).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test(`the news search finds articles by a word of their title or summary, and says when nothing matches (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("public", "/nieuws"));
      const t = await tOf(page);
      expect(await pageLocale(page)).toBe(locale);
      await page.getByRole("searchbox", { name: t("news.searchLabel") }).fill("verzekerd");
      await page.getByRole("button", { name: t("news.searchSubmit") }).click();
      await expect(page).toHaveURL(onTenant("public", "/nieuws?q=verzekerd"));
      await expect(page.getByRole("status")).toHaveText(
        t("news.results", { count: 1, q: "verzekerd" }),
      );
      const list = page.getByRole("list", { name: t("news.listLabel") });
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(
        list.getByRole("link", { name: "Vrijwilligersverzekering: wat is er geregeld?" }),
      ).toBeVisible();
      // Not for search engines, and the box keeps the words.
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.getByRole("searchbox", { name: t("news.searchLabel") })).toHaveValue(
        "verzekerd",
      );
      await expectNoAxeViolations(page);

      await page.goto(onTenant("public", "/nieuws?q=olifant"));
      await expect(page.getByText(t("news.noResults", { q: "olifant" }))).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: t("news.showAll") }).click();
      await expect(page).toHaveURL(onTenant("public", "/nieuws"));
      await expect(list.getByRole("listitem")).toHaveCount(6);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    });

    test(`a news article has its text, breadcrumb and NewsArticle JSON-LD (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("public", "/nieuws"));
      const t = await tOf(page);
      await page.getByRole("link", { name: "Vrijwilligersavond een groot succes" }).click();
      await expect(page).toHaveURL(/\/nieuws\/vrijwilligersavond-een-groot-succes$/);
      await expect(h1(page)).toHaveText("Vrijwilligersavond een groot succes");
      const crumbs = page.getByRole("navigation", { name: t("publicPages.breadcrumb") });
      await expect(crumbs.getByRole("link", { name: t("news.title") })).toHaveAttribute(
        "href",
        "/nieuws",
      );
      await expect(page.getByRole("main").getByRole("blockquote")).toBeVisible();
      const ld = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((nodes) => nodes.map((n) => JSON.parse(n.textContent ?? "{}")));
      const article = ld.find((d) => d["@type"] === "NewsArticle");
      expect(article).toMatchObject({
        headline: "Vrijwilligersavond een groot succes",
        inLanguage: "nl",
        publisher: { "@type": "Organization", name: "Vrijwilligerscentrale Utrecht" },
        author: { "@type": "Organization" },
      });
      expect(article.datePublished).toMatch(/^\d{4}-/);
      expect(article.dateModified).toMatch(/^\d{4}-/);
      expect(article.image[0]).toMatch(/\/images\/news\/feest\.svg$/);
      await expectNoAxeViolations(page);
    });

    test(`the partners page lists the collaboration's centres and each centre's partners (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("cordaad", "/partners"));
      const t = await tOf(page);
      await expect(h1(page)).toHaveText(t("partnersPage.title"));
      const main = page.getByRole("main");
      await expect(main.getByText("Vrijwilligerscentrale Kampen", { exact: true })).toBeVisible();
      for (const centre of ["Vrijwilligerscentrale Kampen", "Vrijwilligerspunt IJsselmuiden"]) {
        await expect(
          main.getByRole("heading", { level: 3, name: t("partnersPage.partnersOf", { centre }) }),
        ).toBeVisible();
      }
      await expect(
        main.getByRole("img", { name: t("partnersPage.logoAlt", { name: "Oranje Fonds" }) }),
      ).toHaveCount(2);
      await expect(
        main
          .getByRole("link", { name: t("partnersPage.website", { name: "Gemeente Kampen" }) })
          .first(),
      ).toHaveAttribute("href", "https://www.kampen.nl");
      await expectNoAxeViolations(page);
    });

    test(`peer help is burenhulp on oldebroek, one-on-one help on public and absent on roermond (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("oldebroek", "/een-op-een-hulp"));
      let t = await tOf(page);
      await expect(h1(page)).toHaveText(t("peerHelp.neighbour.title"));
      await expect(page.getByRole("heading", { name: t("peerHelp.contactHeading") })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "0525-638200" })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.goto(onTenant("public", "/een-op-een-hulp"));
      t = await tOf(page);
      await expect(h1(page)).toHaveText(t("peerHelp.oneOnOne.title"));
      await expect(page.getByText(t("peerHelp.neighbour.title"))).toHaveCount(0);
      await expectNoAxeViolations(page);

      const response = await page.goto(onTenant("roermond", "/een-op-een-hulp"));
      expect(response?.status()).toBe(404);
    });

    test(`the Gelderse Handen page has the empty layout and a call to action (${locale})`, async ({
      page,
    }) => {
      await page.goto(onTenant("oldebroek", "/gelderse-handen"));
      const t = await tOf(page);
      await expect(h1(page)).toHaveText("Gelderse Handen");
      await expect(page.getByRole("banner")).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await expect(page.getByRole("link", { name: t("gelderseHanden.cta") })).toHaveAttribute(
        "href",
        "/vacancies/search",
      );
      await expectNoAxeViolations(page);
    });

    test(`the changelog lists the releases with their dates (${locale})`, async ({ page }) => {
      await page.goto(onTenant("public", "/volunteerly/changelog"));
      const t = await tOf(page);
      await expect(h1(page)).toHaveText(t("changelog.title"));
      const lang = ((await pageLocale(page)) ?? "nl") as TLocale;
      for (const entry of CHANGELOG) {
        await expect(
          page.getByRole("heading", { level: 2, name: entry[lang].title }),
        ).toBeVisible();
        await expect(page.locator(`time[datetime="${entry.date}"]`).first()).toBeVisible();
      }
      await expectNoAxeViolations(page);
    });

    test(`an unknown slug, a draft and another tenant's article are the 404 page (${locale})`, async ({
      page,
    }) => {
      // The public site offers both languages, so the 404 page is in the one chosen.
      const t = translator(locale);
      for (const path of ["/bestaat-niet", "/nieuws/terugblik-op-het-jaar"]) {
        const response = await page.goto(onTenant("public", path));
        expect(response?.status(), path).toBe(404);
        await expect(page.locator("html"), path).toHaveAttribute("lang", locale);
        await expect(h1(page), path).toHaveText(t("errors.notFound.title"));
      }
      // Only public and meedoen have this article; roermond's site does not show it.
      expect(
        (await page.goto(onTenant("public", "/nieuws/volunteering-in-english")))?.status(),
      ).toBe(200);
      const response = await page.goto(onTenant("roermond", "/nieuws/volunteering-in-english"));
      expect(response?.status()).toBe(404);
    });
  });
}

test("/home is the home page at /, and a news page past the last one is empty with a way back", async ({
  page,
}) => {
  const nl = translator("nl");
  await page.goto(onTenant("roermond", "/home"));
  await expect(page).toHaveURL(onTenant("roermond", "/"));
  await expect(h1(page)).toHaveText("Welkom bij Vrijwilligerspunt Roermond");

  await page.goto(onTenant("roermond", "/nieuws?page=2"));
  await expect(page.getByText(nl("news.empty"))).toBeVisible();
  const pages = page.getByRole("navigation", { name: nl("lists.pagination") });
  await pages.getByRole("link", { name: nl("lists.pageNumber", { page: 1 }) }).click();
  await expect(page).toHaveURL(onTenant("roermond", "/nieuws"));
  await expect(page.getByRole("main").locator("article")).toHaveCount(5);
});

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the reading pages render their content on the server", async ({ page }) => {
    const nl = translator("nl");
    const cases: [string, string][] = [
      [onTenant("oldebroek", "/"), "Welkom bij Vrijwilligerswerk Oldebroek"],
      [onTenant("oldebroek", "/over-ons"), "Over ons"],
      [onTenant("oldebroek", "/nieuws"), nl("news.title")],
      [
        onTenant("oldebroek", "/nieuws/gratis-training-omgaan-met-dementie"),
        "Gratis training: omgaan met dementie",
      ],
      [onTenant("oldebroek", "/partners"), nl("partnersPage.title")],
      [onTenant("oldebroek", "/een-op-een-hulp"), nl("peerHelp.neighbour.title")],
      [onTenant("oldebroek", "/gelderse-handen"), "Gelderse Handen"],
      [onTenant("oldebroek", "/volunteerly/changelog"), nl("changelog.title")],
    ];
    for (const [url, title] of cases) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      await expect(h1(page)).toHaveText(title);
    }
    await page.goto(onTenant("oldebroek", "/nieuws"));
    await expect(page.getByRole("main").locator("article")).toHaveCount(5);
    await page.goto(onTenant("oldebroek", "/nieuws/gratis-training-omgaan-met-dementie"));
    await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
  });

  test("the news search is a plain form that works without JavaScript", async ({ page }) => {
    const nl = translator("nl");
    await page.goto(onTenant("oldebroek", "/nieuws"));
    await page.getByRole("searchbox", { name: nl("news.searchLabel") }).fill("dementie");
    await page.getByRole("button", { name: nl("news.searchSubmit") }).click();
    await expect(page).toHaveURL(onTenant("oldebroek", "/nieuws?q=dementie"));
    await expect(page.getByRole("main").locator("article")).toHaveCount(1);
  });

  test("the home page's search is a plain form that works without JavaScript", async ({ page }) => {
    const nl = translator("nl");
    await page.goto(onTenant("oldebroek", "/"));
    await page.getByLabel(nl("home.searchWhat")).fill("tuin");
    await page.getByRole("button", { name: nl("home.searchSubmit") }).click();
    await expect(page).toHaveURL(/\/vacancies\/search\?q=tuin&near=$/);
  });
});
