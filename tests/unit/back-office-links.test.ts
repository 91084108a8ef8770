import { describe, expect, it } from "vitest";
import type { Role } from "@/lib/auth/auth-state";
import { backOfficeLinks } from "@/lib/auth/back-office-links";

const role = (
  name: string,
  resourceType: string | null = null,
  resourceId: string | null = null,
): Role => ({
  id: `${name}-${resourceId}`,
  name,
  resourceType,
  resourceId,
});
const CENTRE = { id: "1", type: "VolunteerCenter" };
const SCHOOL = { id: "2", type: "School" };
const keys = (roles: Role[], organizations = [CENTRE, SCHOOL]) =>
  backOfficeLinks(roles, organizations).map((l) => l.key);

describe("backOfficeLinks", () => {
  it("offers a volunteer nothing, an organisation's member its vacancies", () => {
    expect(keys([role("volunteer")])).toEqual([]);
    expect(keys([role("member", "Organization", "2")])).toEqual(["vacancies", "formBuilder"]);
  });

  it("offers a desk manager their desk, its activities and the volunteer pool (their desk's volunteers)", () => {
    expect(keys([role("desk_manager", "Desk", "9")])).toEqual([
      "myDesk",
      "activityCalendarOverview",
      "volunteerPool",
    ]);
  });

  it("offers a centre's member the centre's activities and the volunteer pool", () => {
    expect(keys([role("member", "Organization", "1")], [CENTRE])).toEqual([
      "activityCalendarOverview",
      "vacancies",
      "formBuilder",
      "volunteerPool",
    ]);
  });

  it("offers an organization's admin its organisation and its people", () => {
    expect(keys([role("admin", "Organization", "2")], [SCHOOL])).toEqual([
      "organizations",
      "vacancies",
      "formBuilder",
      "users",
    ]);
  });

  it("offers a centre's admin approval, the audit log and the settings as well", () => {
    expect(keys([role("admin", "Organization", "1")], [CENTRE])).toEqual([
      "activityCalendarOverview",
      "organizations",
      "organizationApprove",
      "vacancies",
      "formBuilder",
      "users",
      "volunteerPool",
      "auditLog",
      "settings",
      "tags",
      "deskManagement",
      "newsAdmin",
      "pageAdmin",
      "analytics",
      "notificationTemplates",
      "contactMessages",
    ]);
  });

  it("offers a superadmin everything, the centres' administrators included, with their paths", () => {
    const links = backOfficeLinks([role("superadmin")], []);
    expect(links.map((l) => l.key)).toEqual([
      "myDesk",
      "activityCalendarOverview",
      "organizations",
      "organizationApprove",
      "vacancies",
      "formBuilder",
      "users",
      "volunteerPool",
      "auditLog",
      "settings",
      "tags",
      "deskManagement",
      "newsAdmin",
      "pageAdmin",
      "analytics",
      "notificationTemplates",
      "contactMessages",
      "administrators",
      "jobs",
      "analyticsIndex2",
      "dataViewer",
    ]);
    expect(links.at(-4)).toEqual({ key: "administrators", href: "/nov/beheerders" });
    expect(links.at(-3)).toEqual({ key: "jobs", href: "/admin/jobs" });
    expect(links.at(-2)).toEqual({ key: "analyticsIndex2", href: "/analytics/index-2" });
    expect(links.at(-1)).toEqual({ key: "dataViewer", href: "/admin/data-viewer" });
  });
});
