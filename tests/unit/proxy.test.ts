import { getRedirectUrl, unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";

// The configured Gelderse Handen host, read once when lib/env.ts is imported.
vi.hoisted(() => {
  process.env.GELDERSE_HANDEN_HOST = "geldersehanden.test";
});
vi.mock("server-only", () => ({}));
const data = vi.hoisted(() => ({
  desks: vi.fn(),
  rules: vi.fn(),
  report: vi.fn(),
  /** An outcome to force instead of running the guards (undefined: run them). */
  guardOutcome: vi.fn((): unknown => undefined),
}));
vi.mock("@/lib/navigation/guards", async (original) => {
  const guards = await original<typeof import("@/lib/navigation/guards")>();
  return {
    ...guards,
    runGuards: (...args: Parameters<typeof guards.runGuards>) =>
      data.guardOutcome() ?? guards.runGuards(...args),
  };
});
vi.mock("@/lib/navigation/guard-data", () => ({
  loadDesks: data.desks,
  loadRedirectRules: data.rules,
}));
vi.mock("@/lib/errors/report", () => ({ reportError: data.report }));

const { config, proxy } = await import("@/proxy");

const request = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(url, { headers });

/** The request headers proxy.ts hands on to the page (NextResponse.next({ request })). */
const forwarded = (response: Response, name: string) =>
  response.headers.get(`x-middleware-request-${name}`);
const rewrittenTo = (response: Response) => response.headers.get("x-middleware-rewrite");

beforeEach(() => {
  data.desks.mockResolvedValue([
    { id: "1", slug: "azc-ede", volunteerCenterId: "3", organizationId: "9" },
  ]);
  data.rules.mockResolvedValue([
    { path: "/vacatures", target: "/vacancies/search", permanent: true },
    { path: "/facebook", target: "https://www.facebook.com/", permanent: false },
    { path: "/gevaarlijk", target: "javascript:alert(1)", permanent: false },
  ]);
});

describe("proxy.ts", () => {
  it("sends a visitor without session cookie from /dashboard to sign-in, keeping path and query", async () => {
    const response = await proxy(request("http://localhost:3000/dashboard?tab=roles"));
    expect(getRedirectUrl(response)).toBe(
      "http://localhost:3000/auth/login-1?redirect=%2Fdashboard%3Ftab%3Droles",
    );
  });

  it("guards every login-required row of the route table, also those without a page yet", async () => {
    for (const path of [
      "/inloggen",
      "/users/12/edit",
      "/nov/beheerders",
      "/Instellingen/Design/",
    ]) {
      const response = await proxy(request(`http://localhost:3000${path}`));
      expect(getRedirectUrl(response), path).toBe(
        `http://localhost:3000/auth/login-1?redirect=${encodeURIComponent(path)}`,
      );
    }
  });

  it("does not ask to come back to /uitloggen after signing in", async () => {
    expect(getRedirectUrl(await proxy(request("http://localhost:3000/uitloggen/")))).toBe(
      "http://localhost:3000/auth/login-1",
    );
  });

  it("lets a request with the session cookie (plain or __Host-) through", async () => {
    for (const cookie of ["volunteerly_session=x", "__Host-volunteerly_session=x"]) {
      const response = await proxy(request("http://localhost:3000/dashboard", { cookie }));
      expect(getRedirectUrl(response)).toBeNull();
    }
  });

  it("leaves public pages alone, and an unknown file (a route handler's) to Next", async () => {
    for (const path of ["/auth/recover", "/dev/mail", "/activiteiten/1/agenda.ics", "/x/y.txt"]) {
      const response = await proxy(request(`http://localhost:3000${path}`));
      expect(getRedirectUrl(response), path).toBeNull();
      expect(rewrittenTo(response), path).toBeNull();
    }
  });

  it("rewrites an address no route matches to the 404 screen in the public layout", async () => {
    for (const path of ["/does/not/exist", "/nieuws/x/y"]) {
      const response = await proxy(request(`http://localhost:3000${path}`));
      expect(getRedirectUrl(response), path).toBeNull();
      expect(rewrittenTo(response), path).toBe("http://localhost:3000/_volunteerly/not-found");
    }
  });

  it("rewrites a failed validity check to the 404 screen, keeping the address", async () => {
    const response = await proxy(request("http://localhost:3000/vacancies/not-a-number"));
    expect(rewrittenTo(response)).toBe("http://localhost:3000/_volunteerly/not-found");
    const unknownDesk = await proxy(request("http://localhost:3000/geen-balie/welkom"));
    expect(rewrittenTo(unknownDesk)).toBe("http://localhost:3000/_volunteerly/not-found");
  });

  it("sends a route with a route rule on to its target", async () => {
    const response = await proxy(
      request("http://localhost:3000/instellingen", { cookie: "volunteerly_session=x" }),
    );
    expect(getRedirectUrl(response)).toBe("http://localhost:3000/instellingen/design");
  });

  it("hands on the desk a path starts with", async () => {
    const response = await proxy(request("http://localhost:3000/AZC-Ede/welkom"));
    expect(rewrittenTo(response)).toBeNull();
    expect(forwarded(response, "x-volunteerly-desk")).toBe("azc-ede");
    const other = await proxy(
      request("http://localhost:3000/auth/login-1", { "x-volunteerly-desk": "x" }),
    );
    expect(forwarded(other, "x-volunteerly-desk")).toBeNull();
  });

  it("follows the tenant's redirect rules: internal, external, and never a dangerous one", async () => {
    const internal = await proxy(request("http://localhost:3000/Vacatures/?q=tuin"));
    expect(internal.status).toBe(301);
    expect(getRedirectUrl(internal)).toBe("http://localhost:3000/vacancies/search?q=tuin");
    const external = await proxy(request("http://localhost:3000/facebook"));
    expect(external.status).toBe(302);
    expect(getRedirectUrl(external)).toBe("https://www.facebook.com/");
    const dangerous = await proxy(request("http://localhost:3000/gevaarlijk"));
    expect(getRedirectUrl(dangerous)).toBeNull();
  });

  it("asks for the rules of the request's tenant", async () => {
    await proxy(request("http://oldebroek.localhost:3000/vacatures"));
    expect(data.rules).toHaveBeenLastCalledWith(expect.objectContaining({ slug: "oldebroek" }));
  });

  it("goes on without desks and rules when the api could not give them", async () => {
    data.desks.mockResolvedValue(undefined);
    data.rules.mockResolvedValue(undefined);
    const response = await proxy(request("http://localhost:3000/azc-ede/welkom"));
    expect(getRedirectUrl(response)).toBeNull();
    expect(rewrittenTo(response)).toBeNull();
  });

  it("redirects every other path to /gelderse-handen on the Gelderse Handen host", async () => {
    const response = await proxy(request("http://geldersehanden.test/vacancies/search"));
    expect(getRedirectUrl(response)).toBe("http://geldersehanden.test/gelderse-handen");
    const landing = await proxy(request("http://geldersehanden.test/gelderse-handen"));
    expect(getRedirectUrl(landing)).toBeNull();
    const landingOtherCase = await proxy(request("http://geldersehanden.test/Gelderse-Handen/"));
    expect(getRedirectUrl(landingOtherCase)).toBe("http://geldersehanden.test/gelderse-handen");
    const elsewhere = await proxy(request("http://localhost:3000/vacancies/search"));
    expect(getRedirectUrl(elsewhere)).toBeNull();
  });

  it("hands on the tenant of the host, overwriting one sent by the browser", async () => {
    const response = await proxy(
      request("http://oldebroek.localhost:3000/auth/login-1", { "x-volunteerly-tenant": "public" }),
    );
    expect(forwarded(response, "x-volunteerly-tenant")).toBe("oldebroek");
  });

  it("falls back to the tenant cookie, then the default tenant", async () => {
    const withCookie = await proxy(request("http://localhost:3000/", { cookie: "tenant=cordaad" }));
    expect(forwarded(withCookie, "x-volunteerly-tenant")).toBe("cordaad");
    expect(forwarded(await proxy(request("http://localhost:3000/")), "x-volunteerly-tenant")).toBe(
      "demo",
    );
  });

  it("hands on ?lang= and stores it, where the tenant switches language (docs/seo.md)", async () => {
    const response = await proxy(request("http://public.localhost:3000/nieuws?lang=en"));
    expect(forwarded(response, "x-volunteerly-locale")).toBe("en");
    expect(response.headers.get("set-cookie")).toMatch(/i18n_redirected=en;.*Max-Age=31536000/i);
    // Already the visitor's language: no cookie to write.
    const again = await proxy(
      request("http://public.localhost:3000/nieuws?lang=en", { cookie: "i18n_redirected=en" }),
    );
    expect(forwarded(again, "x-volunteerly-locale")).toBe("en");
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("ignores ?lang= where the tenant has one language, a value it does not know, and a forged header", async () => {
    for (const url of [
      "http://oldebroek.localhost:3000/nieuws?lang=en",
      "http://public.localhost:3000/nieuws?lang=de",
    ]) {
      const response = await proxy(request(url, { "x-volunteerly-locale": "en" }));
      expect(forwarded(response, "x-volunteerly-locale")).toBeNull();
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("redirects (308) a path in another case or with a trailing slash to the table's spelling, keeping the query", async () => {
    for (const [path, canonical] of [
      ["/AUTH/Login-1/", "/auth/login-1"],
      ["/auth/login-1/?redirect=%2Fdashboard", "/auth/login-1?redirect=%2Fdashboard"],
      ["/Nieuws/", "/nieuws"],
      ["/Users/12/EDIT?tab=roles", "/users/12/edit?tab=roles"],
      ["/Instellingen/Design/", "/instellingen/design"],
    ]) {
      // Signed in, so the sign-in redirect of login-required routes does not come first.
      const response = await proxy(
        request(`http://localhost:3000${path}`, { cookie: "volunteerly_session=x" }),
      );
      expect(response.status, path).toBe(308);
      expect(getRedirectUrl(response), path).toBe(`http://localhost:3000${canonical}`);
    }
  });

  it("keeps the case of parameter values: only the table's static segments are rewritten", async () => {
    const desk = await proxy(request("http://localhost:3000/AZC-Ede/Welkom"));
    expect(getRedirectUrl(desk)).toBe("http://localhost:3000/AZC-Ede/welkom");
    const form = await proxy(request("http://localhost:3000/Forms/AbCdEfGh123/"));
    expect(getRedirectUrl(form)).toBe("http://localhost:3000/forms/AbCdEfGh123");
    // A content slug is the whole path: nothing static to rewrite.
    expect(getRedirectUrl(await proxy(request("http://localhost:3000/Over-Ons")))).toBeNull();
  });

  it("shows the 404 screen for a NUL or a lone surrogate in the query or the path", async () => {
    for (const path of [
      "/vacancies/search?q=%00x",
      "/nieuws?q=%ED%A0%80",
      "/?lang=en%00",
      "/nieuws/a%00b",
      "/AUTH/login-1%ED%B0%80",
    ]) {
      const response = await proxy(request(`http://public.localhost:3000${path}`));
      expect(rewrittenTo(response), path).toBe(
        "http://public.localhost:3000/_volunteerly/not-found",
      );
      expect(getRedirectUrl(response), path).toBeNull();
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("gives every page a policy with a fresh nonce, and hands the same policy on to Next", async () => {
    const first = await proxy(request("http://localhost:3000/auth/login-1"));
    const second = await proxy(request("http://localhost:3000/auth/login-1"));
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
    expect(forwarded(first, "content-security-policy")).toBe(policy);
    expect(second.headers.get("content-security-policy")).not.toBe(policy);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends Strict-Transport-Security and upgrades requests when the browser came over https", async () => {
    const response = await proxy(
      request("http://localhost:3000/auth/login-1", { "x-forwarded-proto": "https" }),
    );
    expect(response.headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("gives redirects and 404 rewrites the security headers too", async () => {
    const redirect = await proxy(request("http://localhost:3000/dashboard"));
    expect(redirect.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(redirect.headers.get("x-content-type-options")).toBe("nosniff");
    const notFound = await proxy(request("http://localhost:3000/vacancies/x"));
    expect(notFound.headers.get("content-security-policy")).toContain("'strict-dynamic'");
  });

  it("answers a broken route table (spec §8) with a 500 in the visitor's language and reports it in English", async () => {
    for (const [headers, text, locale] of [
      [{ "accept-language": "nl-NL" }, "Onbekende route-middleware", "nl"],
      [{ "accept-language": "en-GB,en;q=0.9" }, "Unknown route middleware", "en"],
      [{ cookie: "i18n_redirected=en", "accept-language": "nl" }, "Unknown route middleware", "en"],
    ] as const) {
      data.report.mockClear();
      data.guardOutcome.mockReturnValueOnce({ kind: "error", error: "unknownRouteMiddleware" });
      const response = await proxy(request("http://localhost:3000/test/toaster", headers));
      expect(response.status).toBe(500);
      expect(await response.text()).toBe(text);
      expect(response.headers.get("content-language")).toBe(locale);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(data.report).toHaveBeenCalledTimes(1);
      expect(data.report.mock.calls[0][0]).toBeInstanceOf(Error);
      expect(data.report.mock.calls[0][0].message).toBe("Unknown route middleware");
    }
  });

  it.each([
    "/api/v1/current_user",
    "/api/auth/sign_in",
    "/_next/static/chunk.js",
    "/favicon.ico",
    "/logo.png",
  ])("does not run for %s", (url) => {
    expect(unstable_doesMiddlewareMatch({ config, url })).toBe(false);
  });

  it.each(["/", "/dashboard", "/auth/login-1", "/apiary", "/nieuws/een-bericht", "/dev/mail"])(
    "runs for %s",
    (url) => {
      expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    },
  );
});
