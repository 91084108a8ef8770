import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { closedPaths, robotsRule } = await import("@/lib/seo/robots-rules");
const { fixedPaths, sitemapIndexXml, urlsetXml } = await import("@/lib/seo/sitemap");
const { localizedPath } = await import("@/lib/seo/public-metadata");
const { TENANTS } = await import("@/lib/tenants/tenants");

/** Does a robots.txt rule (with * and $) match a path, as Google reads it? */
function matches(rule: string, path: string): boolean {
  const anchored = rule.endsWith("$");
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${body}${anchored ? "$" : ""}`).test(path);
}

describe("robots.txt rules", () => {
  it("turns a pattern into an anchored rule with wildcards", () => {
    expect(robotsRule("/vacancies/:id/edit")).toBe("/vacancies/*/edit$");
    expect(robotsRule("/users")).toBe("/users$");
  });

  it("closes the back office and the BFF, and never a public page", () => {
    const rules = closedPaths();
    const blocked = (path: string) => rules.some((rule) => matches(rule, path));
    for (const path of [
      "/users",
      "/users/12/edit",
      "/vacancies",
      "/vacancies/3/edit",
      "/api/v1/users",
      "/dev/mail",
      "/instellingen/design",
    ]) {
      expect(blocked(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/vacancies/search",
      "/vacancies/12",
      "/organizations/4",
      "/sociale-kaart/4",
      "/nieuws/een-bericht",
      "/activiteiten/2",
      "/azc-ede/welkom",
      "/over-ons",
    ]) {
      expect(blocked(path), path).toBe(false);
    }
  });
});

describe("sitemap", () => {
  it("lists the fixed pages the tenant has (no activities on meedoen, peer help only where on)", () => {
    expect(fixedPaths(TENANTS.meedoen)).not.toContain("/activiteiten");
    expect(fixedPaths(TENANTS.oldebroek)).toContain("/een-op-een-hulp");
    expect(fixedPaths(TENANTS.roermond)).not.toContain("/een-op-een-hulp");
  });

  it("writes escaped absolute URLs with lastmod and hreflang alternates", () => {
    const xml = urlsetXml(
      "https://public.example.nl",
      [
        { path: "/nieuws/a&b", lastModified: "2026-11-01T10:00:00Z" },
        { path: "/", lastModified: "not a date" },
      ],
      (path) => ({
        nl: `https://public.example.nl${path}`,
        en: `https://public.example.nl${path}?lang=en`,
      }),
    );
    expect(xml).toContain(
      "<loc>https://public.example.nl/nieuws/a&#38;b</loc><lastmod>2026-11-01T10:00:00.000Z</lastmod>",
    );
    expect(xml).toContain('hreflang="en" href="https://public.example.nl/nieuws/a&#38;b?lang=en"');
    expect(xml).toContain("<url><loc>https://public.example.nl/</loc><xhtml:link");
    expect(sitemapIndexXml("https://x.nl", ["/sitemaps/site.xml"])).toContain(
      "<sitemap><loc>https://x.nl/sitemaps/site.xml</loc></sitemap>",
    );
  });

  it("gives a language its own address with ?lang=, the default none", () => {
    expect(localizedPath("/nieuws?page=2", "en")).toBe("/nieuws?page=2&lang=en");
    expect(localizedPath("/nieuws?lang=en&page=2", "nl")).toBe("/nieuws?page=2");
  });
});
