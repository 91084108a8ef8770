import { describe, expect, it } from "vitest";
import {
  authGuard,
  deskGuard,
  GLOBAL_GUARDS,
  hostGuard,
  placeholderGuard,
  redirectRulesGuard,
  routeRuleGuard,
  runGuards,
  type TGuardContext,
  validateGuard,
} from "@/lib/navigation/guards";
import { matchRoute, type TRouteDefinition } from "@/lib/routes";

function context(pathname: string, overrides: Partial<TGuardContext> = {}): TGuardContext {
  const [path, query] = pathname.split("?");
  return {
    pathname: path,
    search: query ? `?${query}` : "",
    origin: "https://demo.volunteerly.nl",
    hostname: "demo.volunteerly.nl",
    match: matchRoute(path),
    signedIn: false,
    desks: [{ id: "1", slug: "azc-ede", volunteerCenterId: "3", organizationId: "9" }],
    redirectRules: [],
    devPagesEnabled: true,
    ...overrides,
  };
}

describe("the guard chain (spec §2)", () => {
  it("runs in the spec's order: two early guards, authentication, host, placeholder, desk, redirect rules", () => {
    expect(GLOBAL_GUARDS).toEqual([
      validateGuard,
      routeRuleGuard,
      authGuard,
      hostGuard,
      placeholderGuard,
      deskGuard,
      redirectRulesGuard,
    ]);
  });

  it("lets the first guard that does not pass decide: a fatal 404 beats the sign-in redirect", () => {
    expect(runGuards(context("/users/abc/edit"))).toEqual({ kind: "notFound" });
    expect(runGuards(context("/users/5/edit"))).toMatchObject({
      kind: "redirect",
      location: "/auth/login-1?redirect=%2Fusers%2F5%2Fedit",
    });
  });

  it("lets a sign-in link through signed out: its tokens never go on to the sign-in page's address", () => {
    const landing = "/auth/token?access-token=t&client=c&uid=u%40example.com";
    expect(authGuard(context(landing))).toEqual({ kind: "pass" });
    // Any other login-required page still sends a signed-out visitor to sign in.
    expect(authGuard(context("/mijn-balie"))).toMatchObject({ kind: "redirect" });
  });

  it("sends signed-out visitors of the Gelderse Handen host to sign-in before the host redirect", () => {
    const onHost = { hostname: "gh.example.nl", gelderseHandenHost: "gh.example.nl" };
    expect(runGuards(context("/dashboard", onHost))).toMatchObject({
      location: "/auth/login-1?redirect=%2Fdashboard",
    });
    expect(runGuards(context("/auth/login-1", onHost))).toMatchObject({
      location: "/gelderse-handen",
    });
    expect(runGuards(context("/gelderse-handen/", onHost))).toEqual({ kind: "pass" });
  });

  it("says which desk the path selected when everything passes", () => {
    expect(runGuards(context("/azc-ede/activiteiten"))).toEqual({
      kind: "pass",
      desk: { id: "1", slug: "azc-ede", volunteerCenterId: "3", organizationId: "9" },
    });
    expect(runGuards(context("/vacancies/search"))).toEqual({ kind: "pass" });
  });

  it("fails with 'Unknown route middleware' for a guard name nobody defined (spec §8)", () => {
    const match = matchRoute("/test/toaster");
    if (!match) throw new Error("no route");
    const route = {
      ...match.route,
      meta: { ...match.route.meta, guards: ["no-such-guard"] },
    } as unknown as TRouteDefinition;
    expect(runGuards(context("/test/toaster", { match: { ...match, route } }))).toEqual({
      kind: "error",
      error: "unknownRouteMiddleware",
    });
  });

  it("runs a route's named guards after the global ones: dev pages 404 where they are off", () => {
    expect(runGuards(context("/test/toaster", { devPagesEnabled: false }))).toEqual({
      kind: "notFound",
    });
    expect(runGuards(context("/test/toaster"))).toEqual({ kind: "pass" });
  });

  it("where dev pages are off, lets a request with a session through for the page to check the roles", () => {
    for (const path of ["/dev", "/dev/colors", "/test/toaster", "/test/user-store"]) {
      expect(runGuards(context(path, { devPagesEnabled: false, signedIn: true }))).toEqual({
        kind: "pass",
      });
      expect(runGuards(context(path, { devPagesEnabled: false, signedIn: false }))).toEqual({
        kind: "notFound",
      });
    }
  });
});

describe("authGuard", () => {
  it("lets public routes, unknown paths and signed-in visitors through", () => {
    expect(authGuard(context("/auth/login-1"))).toEqual({ kind: "pass" });
    expect(authGuard(context("/no/such/page"))).toEqual({ kind: "pass" });
    expect(authGuard(context("/dashboard", { signedIn: true }))).toEqual({ kind: "pass" });
  });

  it("keeps the path and query as the return path, except for /uitloggen", () => {
    expect(authGuard(context("/users?filter=x"))).toMatchObject({
      location: "/auth/login-1?redirect=%2Fusers%3Ffilter%3Dx",
      external: false,
    });
    expect(authGuard(context("/Uitloggen/"))).toMatchObject({ location: "/auth/login-1" });
  });
});

describe("routeRuleGuard", () => {
  it("sends a route with a static redirect on, keeping the query", () => {
    expect(routeRuleGuard(context("/instellingen?x=1"))).toMatchObject({
      location: "/instellingen/design?x=1",
    });
    expect(routeRuleGuard(context("/instellingen/design"))).toEqual({ kind: "pass" });
  });
});

describe("deskGuard", () => {
  it("selects the desk whose slug is the first path segment, ignoring case", () => {
    expect(deskGuard(context("/AZC-EDE"))).toMatchObject({ desk: { slug: "azc-ede" } });
    expect(deskGuard(context("/azc-ede-2/welkom"))).toEqual({ kind: "pass" });
    expect(deskGuard(context("/azc-ede", { desks: undefined }))).toEqual({ kind: "pass" });
  });
});

describe("redirectRulesGuard", () => {
  const rules = [
    { path: "/oud", target: "/nieuw", permanent: true },
    { path: "/met-query", target: "/vacancies/search?q=tuin", permanent: false },
    { path: "/extern", target: "https://www.gelderland.nl/vrijwilligers", permanent: false },
    { path: "/eigen-site", target: "https://demo.volunteerly.nl/partners", permanent: false },
    { path: "/js", target: "javascript:alert(document.cookie)", permanent: false },
    { path: "/data", target: "data:text/html,<script>alert(1)</script>", permanent: false },
    { path: "/vb", target: "vbscript:msgbox(1)", permanent: false },
    { path: "/relatief", target: "//evil.example/", permanent: false },
    { path: "/lus", target: "/LUS/?x=1", permanent: false },
  ];
  const run = (path: string) => redirectRulesGuard(context(path, { redirectRules: rules }));

  it("redirects internally, 301 for a permanent rule and 302 otherwise, keeping the query", () => {
    expect(run("/Oud/?ref=mail")).toEqual({
      kind: "redirect",
      location: "/nieuw?ref=mail",
      status: 301,
      external: false,
    });
    expect(run("/met-query?ref=mail")).toMatchObject({
      location: "/vacancies/search?q=tuin",
      status: 302,
    });
  });

  it("leaves by full navigation for an absolute target (spec §2)", () => {
    expect(run("/extern")).toEqual({
      kind: "redirect",
      location: "https://www.gelderland.nl/vrijwilligers",
      status: 302,
      external: true,
    });
  });

  it("treats an absolute URL on our own origin as internal", () => {
    expect(run("/eigen-site")).toMatchObject({ location: "/partners", external: false });
  });

  it("ignores dangerous and protocol-relative targets, and rules that point at themselves", () => {
    for (const path of ["/js", "/data", "/vb", "/relatief", "/lus"]) {
      expect(run(path), path).toEqual({ kind: "pass" });
    }
  });

  it("does nothing when no rule matches or the rules could not be loaded", () => {
    expect(run("/anders")).toEqual({ kind: "pass" });
    expect(redirectRulesGuard(context("/oud", { redirectRules: undefined }))).toEqual({
      kind: "pass",
    });
  });
});
