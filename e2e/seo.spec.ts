import { expect, test } from "@playwright/test";
import { E2E } from "./support/ports";

// docs/seo.md: robots.txt, the sitemap, canonical and hreflang, ?lang=, JSON-LD. The tenant
// comes from the host (<slug>.localhost resolves to loopback in chromium).
const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;

/** A text answer fetched by the page itself (Node does not resolve <slug>.localhost). */
async function fetchText(page: import("@playwright/test").Page, url: string) {
  await page.goto(onTenant("public", "/"));
  return page.evaluate(async (u) => {
    const res = await fetch(u);
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  }, url);
}

test("robots.txt closes the back office, keeps the public pages open and names the tenant's sitemap", async ({
  page,
}) => {
  const robots = await fetchText(page, "/robots.txt");
  expect(robots.status).toBe(200);
  expect(robots.body).toContain("Disallow: /users$");
  expect(robots.body).toContain("Disallow: /vacancies/*/edit$");
  expect(robots.body).toContain("Disallow: /api/");
  expect(robots.body).not.toMatch(/Disallow: \/vacancies\/search|Disallow: \/vacancies\/\*\$/);
  expect(robots.body).toContain(`Sitemap: ${onTenant("public", "/sitemap.xml")}`);
});

test("the sitemap index names the tenant's files, which list its public pages with hreflang", async ({
  page,
}) => {
  const index = await fetchText(page, "/sitemap.xml");
  expect(index.type).toContain("application/xml");
  for (const file of ["site", "vacancies-1", "news-1", "organizations-1"]) {
    expect(index.body).toContain(
      onTenant("public", file === "site" ? "/sitemaps/site.xml" : `/sitemaps/${file}.xml`),
    );
  }
  const site = await fetchText(page, "/sitemaps/site.xml");
  expect(site.body).toContain(`<loc>${onTenant("public", "/vacancies/search")}</loc>`);
  expect(site.body).toContain(
    `hreflang="en" href="${onTenant("public", "/vacancies/search?lang=en")}"`,
  );
  const vacancies = await fetchText(page, "/sitemaps/vacancies-1.xml");
  const first = /<loc>([^<]+\/vacancies\/\d+)<\/loc>/.exec(vacancies.body)?.[1];
  expect(first).toBeTruthy();
  // Every listed vacancy is a page of this site.
  const answer = await page.goto(first as string);
  expect(answer?.status()).toBe(200);
  expect((await fetchText(page, "/sitemaps/nope-1.xml")).status).toBe(404);
});

test("oldebroek, with one language, has no hreflang and ignores ?lang=", async ({ page }) => {
  await page.goto(onTenant("oldebroek", "/nieuws?lang=en"));
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    onTenant("oldebroek", "/nieuws"),
  );
});

test("a public page's 404 (an unknown content page) has the 404 screen under one header", async ({
  page,
}) => {
  const answer = await page.goto(onTenant("public", "/bestaat-niet"));
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("?lang=en is the English page's own address: canonical, alternates, Open Graph and the language itself", async ({
    page,
  }) => {
    await page.goto(onTenant("public", "/vacancies/search?lang=en"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      onTenant("public", "/vacancies/search?lang=en"),
    );
    await expect(page.locator('link[rel="alternate"][hreflang="nl"]')).toHaveAttribute(
      "href",
      onTenant("public", "/vacancies/search"),
    );
    await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      onTenant("public", "/vacancies/search"),
    );
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
    // The choice sticks: the next page without ?lang= is English too (the cookie).
    await page.goto(onTenant("public", "/nieuws"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The bare path stays its own canonical (the adaptive x-default page).
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      onTenant("public", "/nieuws"),
    );
  });

  test("a vacancy page carries a JobPosting for volunteers and a BreadcrumbList", async ({
    page,
  }) => {
    await page.goto(onTenant("public", "/vacancies/search"));
    const hrefs = await page
      .locator('main a[href^="/vacancies/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const vacancy = hrefs.find((href) => /^\/vacancies\/\d+$/.test(href));
    expect(vacancy).toBeTruthy();
    await page.goto(onTenant("public", vacancy as string));
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = blocks.map((block) => (JSON.parse(block) as { "@type": string })["@type"]);
    expect(types).toContain("JobPosting");
    expect(types).toContain("BreadcrumbList");
    const job = blocks.map((b) => JSON.parse(b)).find((d) => d["@type"] === "JobPosting");
    expect(job.employmentType).toBe("VOLUNTEER");
    expect(job.hiringOrganization?.name).toBeTruthy();
  });
});
