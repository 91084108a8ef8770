import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));

const { chooseLocale, localeReturnPath } = await import("@/lib/bff/locale-choice");

// POST /api/locale: the language panel's plain form (docs/public-pages.md, "The header
// without JavaScript").
const config = { tenantCookieName: "tenant", defaultTenant: "demo" as const, hostMap: {} };
const PUBLIC = "http://public.localhost:3000";

function post(
  locale: string | null,
  headers: Record<string, string> = {},
  origin = PUBLIC,
): Request {
  const body = new URLSearchParams();
  if (locale !== null) body.set("locale", locale);
  return new Request(`${origin}/api/locale`, {
    method: "POST",
    body,
    headers: { origin, referer: `${origin}/vacancies/search?q=zorg`, ...headers },
  });
}

describe("localeReturnPath", () => {
  const origin = "https://public.example.nl";

  it("keeps the page and its query, without the language in the address", () => {
    expect(localeReturnPath(`${origin}/nieuws?page=2&lang=en#top`, origin)).toBe(
      "/nieuws?page=2#top",
    );
    expect(localeReturnPath(`${origin}/vacancies/search?q=zorg`, origin)).toBe(
      "/vacancies/search?q=zorg",
    );
  });

  it("goes home for another site, a bad address or none", () => {
    expect(localeReturnPath("https://evil.example/nieuws", origin)).toBe("/");
    expect(localeReturnPath("https://other.example.nl/x", origin)).toBe("/");
    expect(localeReturnPath("javascript:alert(1)", origin)).toBe("/");
    expect(localeReturnPath(null, origin)).toBe("/");
    expect(localeReturnPath("", origin)).toBe("/");
    // Our own origin, but a path that is another host as a Location.
    expect(localeReturnPath(`${origin}//evil.example/x`, origin)).toBe("/");
  });
});

describe("chooseLocale", () => {
  it("sets the cookie of spec §9 and sends the browser back to the page with 303", async () => {
    const response = await chooseLocale(post("en"), config);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC}/vacancies/search?q=zorg`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^i18n_redirected=en; /);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure");
  });

  it("marks the cookie Secure over https", async () => {
    const https = "https://public.localhost:3000";
    const response = await chooseLocale(
      post("nl", { "x-forwarded-proto": "https", origin: https, referer: `${https}/nieuws` }),
      config,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${https}/nieuws`);
    expect(response.headers.get("set-cookie")).toContain("Secure");
  });

  it("answers only POST", async () => {
    const response = await chooseLocale(new Request(`${PUBLIC}/api/locale?locale=en`), config);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses a post from another origin, and sets nothing", async () => {
    const response = await chooseLocale(post("en", { origin: "https://evil.example" }), config);
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect((await response.json()).errors[0].code).toBe("cross_origin");
  });

  it("refuses a language the site does not have, and sets nothing", async () => {
    for (const locale of ["de", "", null]) {
      const response = await chooseLocale(post(locale), config);
      expect(response.status).toBe(400);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect((await response.json()).errors[0].code).toBe("unknown_locale");
    }
  });

  it("changes nothing on a tenant that does not switch language, but still goes back", async () => {
    const roermond = "http://roermond.localhost:3000";
    const response = await chooseLocale(post("en", {}, roermond), config);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${roermond}/vacancies/search?q=zorg`);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});
