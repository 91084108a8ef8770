import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isUnknownPageAddress } from "@/lib/navigation/request-route";
import {
  canonicalPath,
  isValidMatch,
  matchRoute,
  ROUTE_TITLES,
  ROUTES,
  routeByName,
} from "@/lib/routes";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** Every page.tsx under app/, as [route group, URL shape with ':' for a parameter]. */
function pageFiles(dir = appDir, group = "", parts: string[] = []): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [[group, `/${parts.join("/")}`]] : [];
    if (!entry.isDirectory() || entry.name.startsWith("_")) return [];
    // `%5F…` is a leading underscore in the URL: the 404 screen proxy.ts rewrites addresses
    // without a row to (NOT_FOUND_REWRITE_PATH), which has no row on purpose.
    if (entry.name.startsWith("%5F")) return [];
    const full = path.join(dir, entry.name);
    const groupName = /^\((.+)\)$/.exec(entry.name)?.[1];
    if (groupName) return pageFiles(full, groupName, parts);
    const segment = /^\[.+\]$/.test(entry.name) ? ":" : entry.name;
    return pageFiles(full, group, [...parts, segment]);
  });
}

/** The URL shapes a pattern stands for: '/nieuws/:slug?' → '/nieuws' and '/nieuws/:'. */
function shapes(pattern: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  const last = segments.at(-1);
  const shape = (list: string[]) =>
    `/${list.map((s) => (s.startsWith(":") ? ":" : s.toLowerCase())).join("/")}`;
  if (last?.startsWith(":") && last.endsWith("?")) {
    return [shape(segments.slice(0, -1)), shape(segments)];
  }
  return [shape(segments)];
}

describe("lib/routes.ts, the route table", () => {
  it("has a row for every page in app/, with the layout of the page's route group", () => {
    const pages = pageFiles();
    expect(pages.length).toBeGreaterThan(5);
    for (const [group, shape] of pages) {
      const rows = ROUTES.filter((route) => shapes(route.pattern).includes(shape));
      expect(rows, `page ${shape} has no row in lib/routes.ts`).toHaveLength(1);
      // (bare) and (landing) have the empty layout; (site) and (public) the default one.
      const layout = group === "bare" || group === "landing" ? "empty" : "default";
      expect(rows[0].meta.layout, `layout of ${shape}`).toBe(layout);
    }
  });

  it("marks exactly the rows of app/(public)'s pages as publicGroup (the page cache's list)", () => {
    const pages = pageFiles();
    const publicShapes = new Set(pages.filter(([g]) => g === "public").map(([, s]) => s));
    const otherShapes = new Set(pages.filter(([g]) => g !== "public").map(([, s]) => s));
    expect(publicShapes.size).toBeGreaterThan(10);
    for (const route of ROUTES) {
      const own = shapes(route.pattern);
      if (route.meta.publicGroup) {
        expect(route.meta.isPublic, `${route.name} is public`).toBe(true);
        for (const shape of own) {
          expect(publicShapes.has(shape), `${route.name}: ${shape} is a page of (public)`).toBe(
            true,
          );
        }
      } else {
        for (const shape of own) {
          expect(
            publicShapes.has(shape) && !otherShapes.has(shape),
            `${route.name}: ${shape}`,
          ).toBe(false);
        }
      }
    }
  });

  it("lists every route of spec §2", () => {
    const patterns = ROUTES.map((r) => r.pattern);
    for (const pattern of [
      "/switch",
      "/:slug?",
      "/forms/:token?",
      "/nieuws/:slug?",
      "/:balie/activiteiten/:id",
      "/volunteerly/changelog",
      "/users/:id/add_role",
      "/instellingen/contact-person",
      "/profile-edit/periodieke-mail",
      "/form_builder/:id/submissions/:submissionId",
      "/notification_templates/:id/edit",
      "/test/formbuilder",
      "/dev/components",
    ]) {
      expect(patterns).toContain(pattern);
    }
    // 29 public + 56 login-required + 5 /dev + 16 /test of spec §2, plus our own: the mail
    // outbox, accepting an invitation, the audit log, the jobs, the reply-time settings,
    // the data download, the periodic mail's unsubscribe page, a workshop's certificate, and
    // an activity's attendees, add and edit pages, and the news and page management's list,
    // add and edit pages, and the contact form's messages.
    const ours = [
      "/dev/mail",
      "/auth/invitation",
      "/logboek",
      "/admin/jobs",
      "/instellingen/reacties",
      "/profiel/download/:token",
      "/periodieke-mail/afmelden",
      "/workshops/:id/certificaat",
      "/activiteitenkalender/overzicht/:id/deelnemers",
      "/activiteitenkalender/overzicht/nieuw",
      "/activiteitenkalender/overzicht/:id/bewerken",
      "/nieuwsbeheer",
      "/nieuwsbeheer/toevoegen",
      "/nieuwsbeheer/:id/bewerken",
      "/paginabeheer",
      "/paginabeheer/toevoegen",
      "/paginabeheer/:id/bewerken",
      "/contactformulier/berichten",
    ];
    for (const pattern of ours) expect(patterns).toContain(pattern);
    expect(ROUTES).toHaveLength(29 + 56 + 5 + 16 + ours.length);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(patterns).size).toBe(ROUTES.length);
  });

  it("flags the spec's public routes public and the rest login-required", () => {
    expect(routeByName("sign-in").meta.isPublic).toBe(true);
    expect(routeByName("delete-account").meta.isPublic).toBe(true);
    // Our deviation: shown after the account is gone, signed out.
    expect(routeByName("profile-deleted").meta.isPublic).toBe(true);
    expect(routeByName("auth-invitation").meta.isPublic).toBe(true);
    expect(routeByName("dashboard").meta.isPublic).toBe(false);
    expect(routeByName("sign-out").meta.isPublic).toBe(false);
    expect(routeByName("user-add").meta.isPublic).toBe(false);
  });

  it("gives /switch, /forms and /gelderse-handen the empty layout and nothing else", () => {
    const empty = ROUTES.filter((r) => r.meta.layout === "empty").map((r) => r.pattern);
    expect(empty.sort()).toEqual(["/forms/:token?", "/gelderse-handen", "/switch"]);
  });

  it("has a title text for every title key, in both languages", () => {
    for (const key of ROUTE_TITLES) {
      expect(en.routes[key], key).toBeTruthy();
      expect(nl.routes[key], key).toBeTruthy();
    }
    // spec §2: the two titles it names.
    expect(nl.routes[routeByName("user-add").meta.title]).toBe("Gebruiker toevoegen");
    expect(en.routes[routeByName("analytics").meta.title]).toBe("Volunteerly Analytics");
  });
});

describe("canonicalPath", () => {
  const canonical = (path: string) => {
    const match = matchRoute(path);
    if (!match) throw new Error(`no route for ${path}`);
    return canonicalPath(path, match);
  };

  it("spells static segments as the table does and drops a trailing slash", () => {
    expect(canonical("/AUTH/Login-1/")).toBe("/auth/login-1");
    expect(canonical("/Form_Builder/7/Submissions/9")).toBe("/form_builder/7/submissions/9");
    expect(canonical("/NIEUWS/")).toBe("/nieuws");
    expect(canonical("/")).toBe("/");
    expect(canonical("//auth//login-1")).toBe("/auth/login-1");
  });

  it("keeps parameter values exactly as requested, escapes included", () => {
    expect(canonical("/Nieuws/Een-Bericht")).toBe("/nieuws/Een-Bericht");
    expect(canonical("/AZC-Ede/Activiteiten/12")).toBe("/AZC-Ede/activiteiten/12");
    expect(canonical("/Over-Ons/")).toBe("/Over-Ons");
    expect(canonical("/forms/AbC%2Dd")).toBe("/forms/AbC%2Dd");
  });

  it("leaves every row's own pattern path as it is", () => {
    for (const route of ROUTES) {
      if (route.pattern.includes(":")) continue;
      expect(canonical(route.pattern), route.pattern).toBe(route.pattern);
    }
  });
});

describe("matchRoute", () => {
  it("ignores case and a trailing slash (spec §2)", () => {
    expect(matchRoute("/Dashboard/")?.route.name).toBe("dashboard");
    expect(matchRoute("/AUTH/LOGIN-1")?.route.name).toBe("sign-in");
    expect(matchRoute("/users/12/EDIT/")).toMatchObject({
      route: { name: "user-edit" },
      params: { id: "12" },
    });
  });

  it("prefers static segments over parameters", () => {
    expect(matchRoute("/vacancies/search")?.route.name).toBe("vacancy-search");
    expect(matchRoute("/vacancies/add")?.route.name).toBe("vacancy-add");
    expect(matchRoute("/vacancies/42")?.route.name).toBe("vacancy");
    // The back office's list and bulk edit, beside the public vacancy pages.
    expect(matchRoute("/vacancies")?.route.name).toBe("vacancies");
    expect(matchRoute("/vacancies/bulk-edit")?.route.name).toBe("vacancy-bulk-edit");
    expect(matchRoute("/vacancies/42/edit")?.route.name).toBe("vacancy-edit");
    expect(matchRoute("/activiteitenkalender/overzicht/42/deelnemers")?.route.name).toBe(
      "activity-attendees",
    );
    expect(matchRoute("/organizations/signup/success")?.route.name).toBe(
      "organization-signup-success",
    );
    expect(matchRoute("/activiteiten/7")?.route.name).toBe("activity");
    expect(matchRoute("/azc-ede/activiteiten/7")?.route.name).toBe("desk-activity");
    expect(matchRoute("/dashboard")?.route.name).toBe("dashboard");
    expect(matchRoute("/over-ons")?.route.name).toBe("content");
    expect(matchRoute("/periodieke-mail/afmelden")?.route.name).toBe("periodic-mail-unsubscribe");
  });

  it("matches an optional last parameter with and without it", () => {
    expect(matchRoute("/")).toMatchObject({ route: { name: "content" }, params: {} });
    expect(matchRoute("/nieuws")?.route.name).toBe("news");
    expect(matchRoute("/nieuws/zomerfeest")).toMatchObject({ params: { slug: "zomerfeest" } });
    expect(matchRoute("/forms")?.route.name).toBe("form");
  });

  it("matches nothing for paths no row describes", () => {
    expect(matchRoute("/does/not/exist")).toBeNull();
    expect(matchRoute("/users/1/edit/more")).toBeNull();
    expect(matchRoute("/bad%E0%A4%A/welkom")).toBeNull();
  });

  it("runs the validity checks: ids, slugs and known desks", () => {
    const valid = (p: string, desks?: string[]) => {
      const match = matchRoute(p);
      if (!match) throw new Error(`no match for ${p}`);
      return isValidMatch(match, desks ? new Set(desks) : undefined);
    };
    expect(valid("/vacancies/42")).toBe(true);
    expect(valid("/vacancies/abc")).toBe(false);
    expect(valid("/vacancies/0")).toBe(false);
    expect(valid("/vacancies/99999999999")).toBe(false);
    expect(valid("/users/7/add_role")).toBe(true);
    expect(valid("/form_builder/3/submissions/x")).toBe(false);
    expect(valid("/nieuws/Zomer%20feest")).toBe(false);
    expect(valid("/over-ons")).toBe(true);
    expect(valid("/forms/short")).toBe(false);
    expect(valid("/forms/abcdEFGH1234")).toBe(true);
    expect(valid("/azc-ede/welkom", ["azc-ede"])).toBe(true);
    expect(valid("/AZC-Ede/welkom", ["azc-ede"])).toBe(true);
    expect(valid("/onbekend/welkom", ["azc-ede"])).toBe(false);
    // Desks could not be loaded: the page decides, no blanket 404.
    expect(valid("/onbekend/welkom")).toBe(true);
    expect(valid("/azc-ede/activiteiten/x", ["azc-ede"])).toBe(false);
  });
});

/** Every route.ts under app/ outside app/api and app/metrics (the proxy's matcher skips those),
 *  as a URL shape with ':' for a parameter. */
function routeHandlers(dir = appDir, parts: string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "route.ts" ? [`/${parts.join("/")}`] : [];
    if (!entry.isDirectory() || entry.name.startsWith("_")) return [];
    if (parts.length === 0 && (entry.name === "api" || entry.name === "metrics")) return [];
    const full = path.join(dir, entry.name);
    if (/^\(.+\)$/.test(entry.name)) return routeHandlers(full, parts);
    return routeHandlers(full, [...parts, /^\[.+\]$/.test(entry.name) ? ":" : entry.name]);
  });
}

describe("addresses no route matches (proxy.ts)", () => {
  it("go to the 404 page unless they name a file", () => {
    expect(isUnknownPageAddress("/no-such-section/page")).toBe(true);
    expect(isUnknownPageAddress("/no-such-section/")).toBe(true);
    expect(isUnknownPageAddress("/")).toBe(true);
    expect(isUnknownPageAddress("/activiteiten/12/agenda.ics")).toBe(false);
    expect(isUnknownPageAddress("/.well-known/security.txt")).toBe(false);
  });

  it("leave every route handler the proxy sees to Next: it has a row or names a file", () => {
    const handlers = routeHandlers();
    expect(handlers.length).toBeGreaterThan(2);
    // Its files are all `<name>.xml`, which the proxy's matcher skips.
    const namesFiles = new Set(["/sitemaps/:"]);
    for (const shape of handlers) {
      if (namesFiles.has(shape)) continue;
      const hasRow = ROUTES.some((route) => shapes(route.pattern).includes(shape.toLowerCase()));
      expect(hasRow || !isUnknownPageAddress(shape), `route handler ${shape}`).toBe(true);
    }
  });
});
