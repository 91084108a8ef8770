import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "@/components/ui/icon";
import type { Role } from "@/lib/auth/auth-state";
import { staffReach } from "@/lib/auth/staff-reach";
import {
  backOfficeHintCookie,
  decodeBackOfficeHint,
  encodeBackOfficeHint,
  readBackOfficeHint,
  uidTag,
} from "@/lib/navigation/back-office-hint";
import { backOfficeSections, currentSection } from "@/lib/navigation/back-office-sections";
import { ROUTES, routeByName, type TRouteDefinition, type TStaffReach } from "@/lib/routes";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const appDir = path.resolve(import.meta.dirname, "../../app");

/** The URL shape of every page.tsx under app/ ('/users/:' for app/(site)/users/[id]). */
function pageShapes(dir = appDir, parts: string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? [`/${parts.join("/")}`] : [];
    if (!entry.isDirectory() || entry.name.startsWith("_")) return [];
    const full = path.join(dir, entry.name);
    if (/^\(.+\)$/.test(entry.name)) return pageShapes(full, parts);
    return pageShapes(full, [...parts, /^\[.+\]$/.test(entry.name) ? ":" : entry.name]);
  });
}
const pages = new Set(pageShapes());
const shape = (pattern: string) =>
  `/${pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith(":") ? ":" : s.toLowerCase()))
    .join("/")}`;
/** A row answers with a page: its own, or the one it always sends on to. */
const hasPage = (route: TRouteDefinition) =>
  pages.has(shape(route.pattern)) ||
  (route.meta.redirect !== undefined && pages.has(shape(route.meta.redirect)));

const role = (name: string, resourceType: string | null = null, resourceId: string | null = null) =>
  ({ id: `${name}-${resourceType}-${resourceId}`, name, resourceType, resourceId }) satisfies Role;
const CENTRE = { id: "1", type: "VolunteerCenter" };
const SCHOOL = { id: "2", type: "School" };
const ORGANIZATIONS = [CENTRE, SCHOOL];

const reachOf = (roles: Role[], organizations = ORGANIZATIONS) =>
  [...staffReach(roles, organizations)].sort();
const sectionsOf = (roles: Role[], organizations = ORGANIZATIONS) =>
  backOfficeSections(staffReach(roles, organizations)).map(({ group, sections }) => [
    group,
    sections.map((s) => s.name),
  ]);

describe("staffReach: the levels a user's roles reach", () => {
  it("gives a volunteer, or someone without roles, nothing", () => {
    expect(reachOf([role("volunteer")])).toEqual([]);
    expect(reachOf([])).toEqual([]);
  });

  it("makes an organization's member staff who manage its vacancies, nothing more", () => {
    expect(reachOf([role("member", "Organization", "2")])).toEqual(["organizationStaff", "staff"]);
  });

  it("makes a desk manager staff and a desk manager", () => {
    expect(reachOf([role("desk_manager", "Desk", "9")])).toEqual(["deskManager", "staff"]);
  });

  it("makes a school's admin an organization admin, not a centre admin", () => {
    expect(reachOf([role("admin", "Organization", "2")])).toEqual([
      "organizationAdmin",
      "organizationStaff",
      "staff",
    ]);
  });

  it("makes the admin of a volunteer centre a centre admin, only for an organization of that type", () => {
    expect(reachOf([role("admin", "Organization", "1")])).toEqual([
      "centreAdmin",
      "centreStaff",
      "organizationAdmin",
      "organizationStaff",
      "staff",
    ]);
    // The same role while the user's organizations say nothing of a centre.
    expect(reachOf([role("admin", "Organization", "1")], [SCHOOL])).toEqual([
      "organizationAdmin",
      "organizationStaff",
      "staff",
    ]);
  });

  it("adds up the levels of combined roles", () => {
    expect(
      reachOf([
        role("volunteer"),
        role("member", "Organization", "2"),
        role("desk_manager", "Desk", "9"),
      ]),
    ).toEqual(["deskManager", "organizationStaff", "staff"]);
    expect(
      reachOf([role("admin", "Organization", "2"), role("admin", "Organization", "1")]),
    ).toEqual(["centreAdmin", "centreStaff", "organizationAdmin", "organizationStaff", "staff"]);
  });

  it("makes a centre's member centre staff (the volunteer pool), not a centre admin", () => {
    expect(reachOf([role("member", "Organization", "1")])).toEqual([
      "centreStaff",
      "organizationStaff",
      "staff",
    ]);
    expect(reachOf([role("member", "Organization", "1")], [SCHOOL])).toEqual([
      "organizationStaff",
      "staff",
    ]);
  });

  it("gives a superadmin every level, without any organization", () => {
    expect(reachOf([role("superadmin")], [])).toEqual([
      "centreAdmin",
      "centreStaff",
      "deskManager",
      "organizationAdmin",
      "organizationStaff",
      "staff",
      "superadmin",
    ]);
  });
});

describe("backOfficeSections: the navigation a set of roles gets, from the route table", () => {
  it("gives a volunteer no sections at all", () => {
    expect(sectionsOf([role("volunteer")])).toEqual([]);
  });

  it("gives an organisation's member the overview and its vacancies, a desk manager their desk, its activities and the volunteer pool too", () => {
    expect(sectionsOf([role("member", "Organization", "2")])).toEqual([
      ["overview", ["dashboard"]],
      ["organizations", ["vacancies", "form-builder"]],
    ]);
    expect(sectionsOf([role("desk_manager", "Desk", "9")])).toEqual([
      ["overview", ["dashboard", "my-desk", "activity-calendar-overview"]],
      ["people", ["volunteer-pool"]],
    ]);
  });

  it("gives an organization's admin its organisations and people", () => {
    expect(sectionsOf([role("admin", "Organization", "2")])).toEqual([
      ["overview", ["dashboard"]],
      ["organizations", ["organizations", "vacancies", "form-builder"]],
      ["people", ["users"]],
    ]);
  });

  it("gives a centre's admin its activities, approval, the audit log and the settings as well", () => {
    expect(sectionsOf([role("admin", "Organization", "1")])).toEqual([
      ["overview", ["dashboard", "activity-calendar-overview"]],
      ["organizations", ["organizations", "organization-approve", "vacancies", "form-builder"]],
      ["people", ["users", "volunteer-pool"]],
      [
        "centre",
        [
          "audit-log",
          "settings",
          "tags",
          "desk-management",
          "news-admin",
          "page-admin",
          "analytics",
          "notification-templates",
          "contact-messages",
        ],
      ],
    ]);
  });

  it("gives a superadmin every back-office row of the table, the platform's administrators included", () => {
    const groups = backOfficeSections(staffReach([role("superadmin")], []));
    expect(groups.map((g) => g.group)).toEqual([
      "overview",
      "organizations",
      "people",
      "centre",
      "platform",
    ]);
    const names = groups.flatMap((g) => g.sections.map((s) => s.name));
    expect(names.sort()).toEqual(
      ROUTES.filter((r) => r.meta.backOffice)
        .map((r) => r.name)
        .sort(),
    );
    expect(names).toContain("administrators");
  });

  it("links a section to its page, or to where its route sends on to", () => {
    const sections = backOfficeSections(new Set<TStaffReach>(["centreAdmin"])).flatMap(
      (g) => g.sections,
    );
    expect(sections.find((s) => s.name === "settings")).toMatchObject({
      href: "/instellingen/design",
      path: "/instellingen",
      title: "settings",
      icon: "settings",
    });
    expect(sections.find((s) => s.name === "audit-log")?.href).toBe("/logboek");
  });

  it("never shows a route whose page is not built, even to a superadmin", () => {
    const shown = new Set(
      backOfficeSections(staffReach([role("superadmin")], [])).flatMap((g) =>
        g.sections.map((s) => s.name),
      ),
    );
    const unbuilt = ROUTES.filter((route) => !route.meta.isPublic && !hasPage(route));
    expect(unbuilt.filter((route) => shown.has(route.name)).map((r) => r.name)).toEqual([]);
  });

  it("orders by the table's group and order, and follows a new row in the table", () => {
    const planned: TRouteDefinition = {
      ...routeByName("vacancies"),
      meta: {
        ...routeByName("vacancies").meta,
        backOffice: { group: "organizations", order: 15, icon: "list", reach: ["staff"] },
      },
    };
    const groups = backOfficeSections(new Set<TStaffReach>(["staff", "centreAdmin"]), [
      ...ROUTES,
      planned,
    ]);
    expect(groups.find((g) => g.group === "organizations")?.sections.map((s) => s.name)).toEqual([
      "vacancies",
      "organization-approve",
    ]);
  });

  it("has, for every row marked as back office, a page in app/, a title and a group text in both languages, and a bundled icon", () => {
    const rows = ROUTES.filter((route) => route.meta.backOffice);
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const route of rows) {
      const meta = route.meta.backOffice;
      if (!meta) continue;
      expect(hasPage(route), `${route.pattern} has no page in app/`).toBe(true);
      expect(route.pattern, `${route.name}: a section is a static path`).not.toContain(":");
      expect(route.meta.isPublic, `${route.name} is login-required`).toBe(false);
      expect(meta.reach.length, `${route.name} names who reaches it`).toBeGreaterThan(0);
      for (const messages of [nl, en]) {
        expect(messages.routes[route.meta.title], `routes.${route.meta.title}`).toBeTruthy();
        expect(
          messages.layout.backOfficeNav.groups[meta.group],
          `group ${meta.group}`,
        ).toBeTruthy();
      }
      expect(ICON_NAMES).toContain(meta.icon);
    }
  });
});

describe("currentSection: the section an address belongs to", () => {
  const sections = backOfficeSections(staffReach([role("superadmin")], [])).flatMap(
    (g) => g.sections,
  );

  it("is the section's own page, ignoring case and a trailing slash", () => {
    expect(currentSection("/users", sections)).toEqual({ name: "users", state: "page" });
    expect(currentSection("/Logboek/", sections)).toEqual({ name: "audit-log", state: "page" });
    expect(currentSection("/instellingen/design", sections)).toEqual({
      name: "settings",
      state: "page",
    });
  });

  it("is the closest section deeper in it", () => {
    expect(currentSection("/users/12/edit", sections)).toEqual({ name: "users", state: "true" });
    expect(currentSection("/instellingen/footer", sections)).toEqual({
      name: "settings",
      state: "true",
    });
    expect(currentSection("/organizations/approve", sections)).toEqual({
      name: "organization-approve",
      state: "page",
    });
    expect(currentSection("/organizations/5/move", sections)).toEqual({
      name: "organizations",
      state: "true",
    });
  });

  it("is none outside every section, also for a look-alike prefix", () => {
    expect(currentSection("/notificaties", sections)).toBeNull();
    expect(currentSection("/usersx", sections)).toBeNull();
  });
});

describe("the hint the server renders the frame from", () => {
  const uid = "admin@demo.volunteerly.test";
  const centre = new Set<TStaffReach>(["staff", "organizationAdmin", "centreAdmin"]);

  it("gives back the levels for the same account", () => {
    const value = encodeBackOfficeHint(uid, centre);
    expect(value).toBe(`${uidTag(uid)}.staff-organizationAdmin-centreAdmin`);
    expect([...decodeBackOfficeHint(value, uid)].sort()).toEqual([...centre].sort());
  });

  it("gives nothing to another account, signed out, or for a value that does not parse", () => {
    const value = encodeBackOfficeHint(uid, centre);
    expect(decodeBackOfficeHint(value, "volunteer@demo.volunteerly.test").size).toBe(0);
    expect(decodeBackOfficeHint(value, undefined).size).toBe(0);
    expect(decodeBackOfficeHint(undefined, uid).size).toBe(0);
    expect(decodeBackOfficeHint("", uid).size).toBe(0);
    expect(decodeBackOfficeHint(`${value}.extra`, uid).size).toBe(0);
    expect(decodeBackOfficeHint(`${uidTag(uid)}.${"x".repeat(300)}`, uid).size).toBe(0);
  });

  it("ignores levels it does not know", () => {
    expect([...decodeBackOfficeHint(`${uidTag(uid)}.root-superuser-staff`, uid)]).toEqual([
      "staff",
    ]);
  });

  it("is a cookie for the whole site that an empty value removes, Secure over https", () => {
    expect(backOfficeHintCookie("abc.staff", true)).toBe(
      "volunteerly_backoffice=abc.staff; Path=/; Max-Age=1209600; SameSite=Lax; Secure",
    );
    expect(backOfficeHintCookie(null, false)).toBe(
      "volunteerly_backoffice=; Path=/; Max-Age=0; SameSite=Lax",
    );
    expect(readBackOfficeHint("a=1; volunteerly_backoffice=abc.staff; b=2")).toBe("abc.staff");
    expect(readBackOfficeHint("a=1")).toBeUndefined();
  });
});
