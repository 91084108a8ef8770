import { readdirSync } from "node:fs";
import { get as httpGet } from "node:http";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { SEED_FORM_TOKEN } from "../backend/db/seed/forms";
import { seedEmail } from "../backend/db/seed/users";
import { ROUTES } from "../lib/routes";
import { signInThroughApi } from "./support/accounts";
import { translator } from "./support/i18n";
import { E2E } from "./support/ports";
import { seedContentSlug, seedDeskSlug } from "./support/seed-data";

// docs/web-hardening.md: every page of the route table renders under its Content-Security-
// Policy without one violation Chromium reports, signed out and signed in as staff, and the
// answers carry the security headers. One browser context per role; each page is loaded
// once, to its load event, and its violations are read then.

// demo, the default tenant of `localhost`: Node resolves it, so page.request shares the
// browser context's session (it resolves no `<tenant>.localhost`).
const TENANT = "demo";
const on = (pathname: string) => `http://localhost:${E2E.webPort}${pathname}`;
const API = `http://127.0.0.1:${E2E.apiPort}/api/v1`;
const STAFF = seedEmail("superadmin", TENANT);

type TViolation = { directive: string; blocked: string; source: string; sample: string };

/** Collects `securitypolicyviolation` events from the first script on, in every document. */
async function watchViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    const store = window as unknown as { __cspViolations: TViolation[] };
    store.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      store.__cspViolations.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      });
    });
  });
}

/**
 * Leaves out the router's prefetches of the links in view: each page would otherwise ask
 * the server for a dozen other pages' payloads, which this spec visits itself anyway.
 */
async function skipPrefetches(context: BrowserContext) {
  await context.route(/[?&]_rsc=/, (route) =>
    route.request().headers()["next-router-prefetch"] ? route.abort() : route.fallback(),
  );
}

/** Chromium also logs each violation to the console ("Refused to …"), including those of workers. */
function consoleViolations(page: Page): string[] {
  const messages: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (
      /Content Security Policy|Refused to (load|execute|apply|connect|create|frame)/i.test(text)
    ) {
      messages.push(text);
    }
  });
  return messages;
}

const appDir = path.resolve(import.meta.dirname, "../app");

/** Every page.tsx under app/ as a URL shape with ':' for a parameter ('/nieuws/:'). */
function pageShapes(dir = appDir, parts: string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [`/${parts.join("/")}`] : [];
    if (!entry.isDirectory() || entry.name.startsWith("_")) return [];
    const full = path.join(dir, entry.name);
    if (/^\(.+\)$/.test(entry.name)) return pageShapes(full, parts);
    return pageShapes(full, [...parts, /^\[.+\]$/.test(entry.name) ? ":" : entry.name]);
  });
}

type TExamples = Record<string, string>;

/**
 * Real values for the table's parameters, from the seed and the api (ids are the database's).
 * A key `pattern#name` gives one parameter of a row a value of its own.
 */
async function examples(request: APIRequestContext): Promise<TExamples> {
  const first = async (resource: string) => {
    const res = await request.get(`${API}/${resource}`, { headers: { "X-Tenant": TENANT } });
    expect(res.status(), resource).toBe(200);
    const { data } = (await res.json()) as {
      data: { id: string; attributes: { slug?: string } }[];
    };
    expect(data.length, resource).toBeGreaterThan(0);
    return data[0];
  };
  const [vacancy, activity, organization, article, contentPage] = await Promise.all([
    first("vacancies?page[size]=1"),
    first("activities?page[size]=1"),
    first("social_map?page[size]=1"),
    first("news_articles?page[size]=1"),
    first("content_pages"),
  ]);
  return {
    "/:slug?": seedContentSlug(TENANT),
    "/nieuws/:slug?": article.attributes.slug ?? "",
    "/vacancies/:id": vacancy.id,
    "/vacancies/:id/edit": vacancy.id,
    "/activiteiten/:id": activity.id,
    "/sociale-kaart/:id": organization.id,
    "/organizations/:id": organization.id,
    "/organizations/:id/edit": organization.id,
    "/organizations/:id/move": organization.id,
    balie: seedDeskSlug(TENANT),
    "/:balie/activiteiten/:id": activity.id,
    // A published article: signed in as a centre's admin its edit form, else the 403 screen.
    "/nieuwsbeheer/:id/bewerken": article.id,
    "/paginabeheer/:id/bewerken": contentPage.id,
    // Its people show to those who run it; anyone else gets the 403 screen, as cleanly.
    "/activiteitenkalender/overzicht/:id/deelnemers": activity.id,
    "/activiteitenkalender/overzicht/:id/bewerken": activity.id,
    // Another's place, or none: the certificate's 404 screen, which must render cleanly too.
    "/workshops/:id/certificaat": "1",
    // No override in the seed: the edit page's 404 screen, which must render cleanly too.
    "/notification_templates/:id/edit": "1",
    // Signed in, the staff's own first application replaces it (an application is not public).
    "/applications/:id": "1",
    // The seeded public form of this tenant (docs/forms.md).
    "/forms/:token?": SEED_FORM_TOKEN,
    // Signed in, the first form the staff manage and its first submission replace these.
    "/form_builder/:id": "1",
    "/form_builder/:id/edit": "1",
    "/form_builder/:id/preview": "1",
    "/form_builder/:id/submissions/:submissionId": "1",
    // A link no mail carried: the page says so, and must still render cleanly.
    "/profiel/download/:token": "no-such-token",
  };
}

/** The path of a row with example values; both forms of an optional last parameter. */
function pathsOf(pattern: string, values: TExamples, userId: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const fill = (segment: string) => {
    if (!segment.startsWith(":")) return segment;
    const name = segment.replace(/^:|\?$/g, "");
    const value =
      name === "balie"
        ? values.balie
        : pattern.startsWith("/users/")
          ? userId
          : (values[`${pattern}#${name}`] ?? values[pattern]);
    if (!value) throw new Error(`no example value for ${segment} of ${pattern}: add one above`);
    return value;
  };
  const full = `/${segments.map(fill).join("/")}`;
  const last = segments.at(-1);
  if (last?.startsWith(":") && last.endsWith("?")) {
    return [`/${segments.slice(0, -1).join("/")}`, full];
  }
  return [full];
}

const shapeOf = (url: string) =>
  `/${url
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith(":") ? ":" : s))
    .join("/")}`;

/** The rows that have a page, split by who sees them. */
function pagesToVisit(values: TExamples, userId: string) {
  const shapes = new Set(pageShapes());
  const rows = ROUTES.filter((route) => {
    const segments = route.pattern.split("/").filter(Boolean);
    const last = segments.at(-1);
    const variants = [route.pattern];
    if (last?.startsWith(":") && last.endsWith("?"))
      variants.push(`/${segments.slice(0, -1).join("/")}`);
    return variants.some((v) => shapes.has(shapeOf(v.replace(/\?$/, ""))));
  });
  const expand = (list: typeof rows) =>
    list.flatMap((route) => pathsOf(route.pattern, values, userId));
  return {
    signedOut: expand(rows.filter((route) => route.meta.isPublic)),
    // Signing out ends the staff context's session: /uitloggen is visited last, apart.
    signedIn: expand(rows.filter((route) => !route.meta.isPublic && route.name !== "sign-out")),
  };
}

async function visitAll(page: Page, paths: string[]) {
  const logged = consoleViolations(page);
  const found: { path: string; status: number; violations: TViolation[] }[] = [];
  for (const pathname of paths) {
    const response = await page.goto(on(pathname), { waitUntil: "load" });
    const violations = await page.evaluate(
      () => (window as unknown as { __cspViolations?: TViolation[] }).__cspViolations ?? [],
    );
    found.push({ path: pathname, status: response?.status() ?? 0, violations });
  }
  return { found, logged };
}

function expectClean(result: Awaited<ReturnType<typeof visitAll>>) {
  expect(result.found.filter((visit) => visit.violations.length > 0)).toEqual([]);
  expect(result.logged).toEqual([]);
  // Every page rendered (a redirect is followed), none failed; /test/server-error fails on purpose.
  const failed = result.found.filter((v) => v.status >= 500 && v.path !== "/test/server-error");
  expect(failed).toEqual([]);
}

test.describe("Content-Security-Policy on every page", () => {
  test("signed out: every public page, the map included, without a violation", async ({
    browser,
    request,
  }) => {
    // Some 40 pages, each rendered on the server and loaded to its load event.
    test.setTimeout(180_000);
    const values = await examples(request);
    const context = await browser.newContext();
    await watchViolations(context);
    await skipPrefetches(context);
    const page = await context.newPage();
    const { signedOut } = pagesToVisit(values, "1");
    expect(signedOut).toEqual(expect.arrayContaining(["/sociale-kaart", "/auth/login-1", "/"]));
    expectClean(await visitAll(page, signedOut));
    await context.close();
  });

  test("signed in as staff: every back-office page without a violation", async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const values = await examples(request);
    const context = await browser.newContext({ baseURL: on("/") });
    await watchViolations(context);
    await skipPrefetches(context);
    const page = await context.newPage();
    await signInThroughApi(page, on("/"), STAFF);
    const user = await page.request.get(on("/api/v1/current_user"));
    expect(user.status()).toBe(200);
    const userId = ((await user.json()) as { data: { id: string } }).data.id;
    const applications = await page.request.get(on("/api/v1/applications?page[size]=1"));
    expect(applications.status()).toBe(200);
    const [application] = ((await applications.json()) as { data: { id: string }[] }).data;
    if (application) values["/applications/:id"] = application.id;
    const forms = await page.request.get(on("/api/v1/forms?page[size]=1"));
    expect(forms.status()).toBe(200);
    const [form] = ((await forms.json()) as { data: { id: string }[] }).data;
    if (form) {
      for (const pattern of ["", "/edit", "/preview"])
        values[`/form_builder/:id${pattern}`] = form.id;
      const submissions = await page.request.get(
        on(`/api/v1/forms/${form.id}/form_submissions?page[size]=1`),
      );
      expect(submissions.status()).toBe(200);
      const [submission] = ((await submissions.json()) as { data: { id: string }[] }).data;
      values["/form_builder/:id/submissions/:submissionId"] = form.id;
      // A form without submissions: the submission page's 404 screen, as cleanly rendered.
      values["/form_builder/:id/submissions/:submissionId#submissionId"] = submission?.id ?? "1";
    }
    const { signedIn } = pagesToVisit(values, userId);
    expect(signedIn).toEqual(expect.arrayContaining(["/users", "/instellingen/design"]));
    const result = await visitAll(page, [...signedIn, "/uitloggen"]);
    expectClean(result);
    await context.close();
  });
});

test.describe("security headers", () => {
  test("a page: nonced policy on its scripts, nosniff, referrer and permissions policy, no X-Powered-By", async ({
    page,
  }) => {
    const response = await page.goto(on("/auth/login-1"));
    const headers = response?.headers() ?? {};
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("'strict-dynamic'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/base-uri /);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["x-powered-by"]).toBeUndefined();
    // Over plain http: no HSTS (docs/web-hardening.md).
    expect(headers["strict-transport-security"]).toBeUndefined();
    // Every script element the server wrote carries this response's nonce; JSON-LD is data.
    const html = (await response?.text()) ?? "";
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    const executable = scripts.filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(executable.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    // So do the theme's <style> elements.
    const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.filter((tag) => !tag.includes(`nonce="${nonce}"`))).toEqual([]);
    // A second load: a new nonce.
    const again = await page.goto(on("/auth/login-1"));
    expect(again?.headers()["content-security-policy"]).not.toBe(policy);
  });

  test("a BFF answer and a file: the policy that lets nothing run, and the same headers", async ({
    request,
  }) => {
    for (const url of [on("/api/session"), on("/robots.txt")]) {
      const response = await request.get(url);
      const headers = response.headers();
      expect(headers["content-security-policy"], url).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], url).toContain("camera=()");
      expect(headers["x-powered-by"], url).toBeUndefined();
    }
  });
});

/** Path and query of a Location header, relative or absolute. */
const target = (location: string | undefined) => {
  const url = new URL(location ?? "", on("/"));
  return `${url.pathname}${url.search}`;
};

test.describe("hostile and unusual addresses", () => {
  test("a NUL or a lone surrogate: the 404 page from the web, a JSON:API 400 from the BFF, never a 5xx", async ({
    page,
    request,
  }) => {
    for (const target of [
      "/vacancies/search?q=%00x",
      "/nieuws?q=%ED%A0%80",
      "/sociale-kaart?q=a%00",
      "/nieuws/a%00b",
    ]) {
      const response = await page.goto(on(target));
      expect(response?.status(), target).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }), target).toBeVisible();
    }
    for (const target of ["/api/v1/vacancies?filter[q]=%00x", "/api/session?x=%ED%B0%80"]) {
      const response = await request.get(on(target));
      expect(response.status(), target).toBe(400);
      expect((await response.json()).errors[0]).toMatchObject({ code: "invalid_characters" });
    }
  });

  test("another case and a trailing slash: 308s to the path as the route table spells it", async ({
    page,
    request,
  }) => {
    // Next itself drops the trailing slash first (its own 308), then proxy.ts fixes the case.
    const response = await request.get(on("/AUTH/Login-1?redirect=%2Fdashboard"), {
      maxRedirects: 0,
    });
    expect(response.status()).toBe(308);
    expect(target(response.headers().location)).toBe("/auth/login-1?redirect=%2Fdashboard");
    await page.goto(on("/AUTH/Login-1/"));
    await expect(page).toHaveURL(on("/auth/login-1"));
    await expect(
      page.getByRole("button", { name: translator("nl")("auth.signIn.submit"), exact: true }),
    ).toBeVisible();
    // A desk's slug is a value, not the table's: its case stays (oldebroek's desk).
    const desk = seedDeskSlug("oldebroek").toUpperCase();
    const deskAnswer = await rawPage(`oldebroek.localhost:${E2E.webPort}`, `/${desk}/Welkom`);
    expect(deskAnswer.status).toBe(308);
    expect(target(deskAnswer.location)).toBe(`/${desk}/welkom`);
  });
});

/** The raw bytes of a page on a tenant's host (Node resolves no `<tenant>.localhost`). */
function rawPage(
  host: string,
  pathname: string,
): Promise<{ status: number; location?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      { host: "127.0.0.1", port: E2E.webPort, path: pathname, headers: { host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on("error", reject);
  });
}

test.describe("the encoding declaration", () => {
  test("<meta charset> lies within the first 1024 bytes of every tenant's home page and other pages", async () => {
    const tenants = ["oldebroek", "roermond", "meedoen", "demo", "public", "cordaad"];
    const pages: [string, string][] = [
      ...tenants.map((tenant): [string, string] => [`${tenant}.localhost:${E2E.webPort}`, "/"]),
      ...["/auth/login-1", "/sociale-kaart", "/vacancies/search", "/bestaat-niet"].map(
        (pathname): [string, string] => [`public.localhost:${E2E.webPort}`, pathname],
      ),
    ];
    for (const [host, pathname] of pages) {
      const { status, body } = await rawPage(host, pathname);
      expect(status, `${host}${pathname}`).toBeLessThan(500);
      const at = body.toString("latin1").search(/<meta charset=/i);
      expect(at, `${host}${pathname}`).toBeGreaterThanOrEqual(0);
      expect(at + '<meta charSet="utf-8"/>'.length, `${host}${pathname}`).toBeLessThanOrEqual(1024);
    }
  });
});
