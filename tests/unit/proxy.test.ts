import { getRedirectUrl, unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

const request = (url: string, headers: Record<string, string> = {}) =>
  new NextRequest(url, { headers });

/** The request headers proxy.ts hands on to the page (NextResponse.next({ request })). */
const forwardedTenant = (response: Response) =>
  response.headers.get("x-middleware-request-x-volunteerly-tenant");

describe("proxy.ts", () => {
  it("sends a visitor without session cookie from /dashboard to sign-in, keeping path and query", () => {
    const response = proxy(request("http://localhost:3000/dashboard?tab=roles"));
    expect(getRedirectUrl(response)).toBe(
      "http://localhost:3000/auth/login-1?redirect=%2Fdashboard%3Ftab%3Droles",
    );
  });

  it("guards /inloggen the same way", () => {
    expect(getRedirectUrl(proxy(request("http://localhost:3000/inloggen")))).toBe(
      "http://localhost:3000/auth/login-1?redirect=%2Finloggen",
    );
  });

  it("does not ask to come back to /uitloggen after signing in", () => {
    expect(getRedirectUrl(proxy(request("http://localhost:3000/uitloggen/")))).toBe(
      "http://localhost:3000/auth/login-1",
    );
  });

  it("lets a request with the session cookie (plain or __Host-) through", () => {
    for (const cookie of ["volunteerly_session=x", "__Host-volunteerly_session=x"]) {
      const response = proxy(request("http://localhost:3000/dashboard", { cookie }));
      expect(getRedirectUrl(response)).toBeNull();
    }
  });

  it("leaves public pages alone", () => {
    expect(getRedirectUrl(proxy(request("http://localhost:3000/auth/recover")))).toBeNull();
    expect(getRedirectUrl(proxy(request("http://localhost:3000/dev/mail")))).toBeNull();
  });

  it("hands on the tenant of the host, overwriting one sent by the browser", () => {
    const response = proxy(
      request("http://oldebroek.localhost:3000/auth/login-1", { "x-volunteerly-tenant": "public" }),
    );
    expect(forwardedTenant(response)).toBe("oldebroek");
  });

  it("falls back to the tenant cookie, then the default tenant", () => {
    expect(
      forwardedTenant(proxy(request("http://localhost:3000/", { cookie: "tenant=cordaad" }))),
    ).toBe("cordaad");
    expect(forwardedTenant(proxy(request("http://localhost:3000/")))).toBe("demo");
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
