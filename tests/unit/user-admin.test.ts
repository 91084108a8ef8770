import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { serializeQuery } from "@/lib/api/query-string";
import type { Role } from "@/lib/auth/auth-state";
import { parseListState } from "@/lib/lists/list-state";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import {
  choiceToChange,
  deskChoices,
  organizationChoices,
  roleChoicesFor,
} from "@/lib/users/role-choice";
import { auditEntryText } from "@/lib/users/user-history";
import { USER_LIST, userListQuery } from "@/lib/users/user-list";
import {
  administersUser,
  mayChangeRole,
  mayChangeStatus,
  mayResend,
  maySignInAs,
  statusActions,
} from "@/lib/users/user-permissions";
import { describeRole, roleChangeOf, sortRoles } from "@/lib/users/user-roles";
import type { TAuditEntry, TUserRecord } from "@/lib/users/user-types";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const t = createTranslator({ locale: "en", messages: en });
const tNl = createTranslator({ locale: "nl", messages: nl });

const role = (
  name: string,
  resourceType: string | null = null,
  resourceId: string | null = null,
): Role => ({
  id: `${name}-${resourceType}-${resourceId}`,
  name,
  resourceType,
  resourceId,
});
const organization = (
  id: string,
  attrs: Partial<TOrganizationRecord> = {},
): TOrganizationRecord => ({
  id,
  name: `Org ${id}`,
  type: "Organization",
  status: "approved",
  email: null,
  phone: null,
  website: null,
  volunteerCenterId: "1",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  ...attrs,
});
const user = (attrs: Partial<TUserRecord> = {}): TUserRecord => ({
  id: "50",
  email: "ina@example.nl",
  firstName: "Ina",
  lastName: "Jansen",
  phone: null,
  locale: "nl",
  status: "active",
  volunteerCenterId: null,
  confirmedAt: "2025-01-02T00:00:00Z",
  createdAt: "2025-01-01T00:00:00Z",
  updatedAt: "2025-01-01T00:00:00Z",
  roles: [],
  organizations: [],
  ...attrs,
});
const names = {
  organizations: new Map([["12", "Taalmaatjes"]]),
  desks: new Map([["3", "AZC Zeist"]]),
};

describe("/users list state → api query", () => {
  it("sends search, status, role (with_any_role), name sort as last then first name, page and includes", () => {
    const state = parseListState(
      new URLSearchParams(
        "q=ina&status=invited&role=member&sort=-name&page[number]=2&page[size]=50",
      ),
      USER_LIST,
    );
    expect(decodeURIComponent(serializeQuery(userListQuery(state)))).toBe(
      "include=organizations,roles&filter[first_name_or_last_name_or_email_cont]=ina&filter[status_eq]=invited&filter[with_any_role]=member&sort=-last_name,-first_name&page[number]=2&page[size]=50",
    );
  });

  it("drops values the page does not allow and sorts by name by default", () => {
    const state = parseListState(
      new URLSearchParams("status=deleted&role=king&sort=tokens"),
      USER_LIST,
    );
    const query = userListQuery(state);
    expect(query.filter).toEqual({});
    expect(query.sort).toBe("last_name,first_name");
  });

  it("sorts other columns by their own field", () => {
    const state = parseListState(new URLSearchParams("sort=-created_at"), USER_LIST);
    expect(userListQuery(state).sort).toBe("-created_at");
  });
});

describe("who may do what with a user (mirrors backend/policies/policy.ts)", () => {
  const centreAdmin = { id: "1", roles: [role("admin", "Organization", "1")] };
  const orgAdmin = { id: "2", roles: [role("admin", "Organization", "12")] };
  const superadmin = { id: "3", roles: [role("superadmin")] };

  it("a centre's admins administer the users registered with it and the staff of its organizations", () => {
    expect(administersUser(centreAdmin, user({ volunteerCenterId: 1 }))).toBe(true);
    const staff = user({ organizations: [organization("12", { volunteerCenterId: 1 })] });
    expect(administersUser(centreAdmin, staff)).toBe(true);
    expect(administersUser(orgAdmin, staff)).toBe(true);
    expect(administersUser(orgAdmin, user({ volunteerCenterId: 1 }))).toBe(false);
    expect(administersUser(centreAdmin, user({ volunteerCenterId: 9 }))).toBe(false);
  });

  it("a superadmin user only by superadmins", () => {
    const boss = user({ volunteerCenterId: 1, roles: [role("superadmin")] });
    expect(administersUser(centreAdmin, boss)).toBe(false);
    expect(administersUser(superadmin, boss)).toBe(true);
  });

  it("signing in as someone: the user's centre admins and superadmins, an active confirmed account, never oneself", () => {
    const staff = user({ organizations: [organization("12", { volunteerCenterId: 1 })] });
    expect(maySignInAs(centreAdmin, staff)).toBe(true);
    // An organization's own admin manages its staff but may not become them.
    expect(maySignInAs(orgAdmin, staff)).toBe(false);
    expect(maySignInAs(centreAdmin, user({ volunteerCenterId: 1, status: "inactive" }))).toBe(
      false,
    );
    expect(maySignInAs(centreAdmin, user({ volunteerCenterId: 1, confirmedAt: null }))).toBe(false);
    expect(maySignInAs(centreAdmin, user({ id: "1", volunteerCenterId: 1 }))).toBe(false);
    const boss = user({ volunteerCenterId: 1, roles: [role("superadmin")] });
    expect(maySignInAs(centreAdmin, boss)).toBe(false);
    expect(maySignInAs(superadmin, boss)).toBe(true);
  });

  it("nobody changes their own status", () => {
    expect(mayChangeStatus(centreAdmin, user({ id: "1", volunteerCenterId: 1 }))).toBe(false);
    expect(mayChangeStatus(centreAdmin, user({ id: "7", volunteerCenterId: 1 }))).toBe(true);
  });

  it("offers the status changes the status machine allows, and no activation by hand for invitees", () => {
    expect(statusActions("active")).toEqual(["deactivate", "archive"]);
    expect(statusActions("inactive")).toEqual(["activate", "archive"]);
    expect(statusActions("invited")).toEqual(["archive"]);
    expect(statusActions("archived")).toEqual([]);
  });

  it("offers resending to invited and unconfirmed users only, never the archived", () => {
    expect(mayResend({ status: "invited", confirmedAt: "2025-01-01" })).toBe(true);
    expect(mayResend({ status: "active", confirmedAt: null })).toBe(true);
    expect(mayResend({ status: "active", confirmedAt: "2025-01-01" })).toBe(false);
    expect(mayResend({ status: "archived", confirmedAt: null })).toBe(false);
  });

  it("removing a role: the organization's or its centre's admins; a desk's centre's admins; global roles superadmins only", () => {
    const centreOf = {
      organization: (id: string) => (id === "12" ? "1" : null),
      desk: (id: string) => (id === "3" ? "1" : null),
    };
    expect(mayChangeRole(centreAdmin.roles, role("member", "Organization", "12"), centreOf)).toBe(
      true,
    );
    expect(mayChangeRole(orgAdmin.roles, role("member", "Organization", "12"), centreOf)).toBe(
      true,
    );
    expect(mayChangeRole(orgAdmin.roles, role("desk_manager", "Desk", "3"), centreOf)).toBe(false);
    expect(mayChangeRole(centreAdmin.roles, role("desk_manager", "Desk", "3"), centreOf)).toBe(
      true,
    );
    expect(mayChangeRole(centreAdmin.roles, role("volunteer"), centreOf)).toBe(false);
    expect(mayChangeRole(superadmin.roles, role("volunteer"), centreOf)).toBe(true);
  });
});

describe("role choices", () => {
  it("offers live organizations by name and only the desks of the admin's centres", () => {
    const list = [
      organization("2", { name: "Zonnebloem" }),
      organization("3", { name: "Archief", status: "archived" }),
      organization("4", { name: "Afgewezen", status: "denied" }),
      organization("5", { name: "Buurthuis", status: "pending" }),
    ];
    expect(organizationChoices(list).map((c) => c.label)).toEqual(["Buurthuis", "Zonnebloem"]);
    const desks = [
      { id: "3", azcName: "AZC Zeist", slug: "azc-zeist", volunteerCenterId: 1 },
      { id: "4", azcName: "AZC Budel", slug: "azc-budel", volunteerCenterId: 2 },
    ];
    expect(deskChoices(desks, { superadmin: false, centreIds: ["1"] })).toEqual([
      { value: "3", label: "AZC Zeist" },
    ]);
    expect(deskChoices(desks, { superadmin: true, centreIds: [] })).toHaveLength(2);
  });

  it("offers desk manager only with desks and organization roles only with organizations", () => {
    expect(roleChoicesFor(true, false)).toEqual(["admin", "member"]);
    expect(roleChoicesFor(false, true)).toEqual(["desk_manager"]);
    expect(choiceToChange("desk_manager", "3")).toEqual({
      role: "desk_manager",
      resourceType: "Desk",
      resourceId: "3",
    });
  });
});

describe("role texts", () => {
  it("names the organization or desk, the role alone when global, a number when unknown", () => {
    expect(describeRole(t, role("member", "Organization", "12"), names)).toBe(
      "Staff member of Taalmaatjes",
    );
    expect(describeRole(tNl, role("desk_manager", "Desk", "3"), names)).toBe(
      "Baliebeheerder van AZC Zeist",
    );
    expect(describeRole(t, role("volunteer"), names)).toBe("Volunteer");
    expect(describeRole(t, role("admin", "Organization", "99"), names)).toBe(
      "Administrator of organisation 99",
    );
    expect(describeRole(t, role("admin", "Organization"), names)).toBe(
      "Administrator of every organisation",
    );
  });

  it("sends remove_role the exact role and lists global roles first", () => {
    expect(
      roleChangeOf({ id: "8", name: "member", resourceType: "Organization", resourceId: 12 }),
    ).toEqual({
      role: "member",
      resourceType: "Organization",
      resourceId: "12",
    });
    const sorted = sortRoles([role("member", "Organization", "12"), role("volunteer")]);
    expect(sorted.map((r) => r.name)).toEqual(["volunteer", "member"]);
  });
});

describe("audit entries about a user", () => {
  const entry = (action: string, details: Record<string, unknown> = {}): TAuditEntry => ({
    id: "1",
    action,
    subjectType: "User",
    subjectId: "50",
    subjectLabel: "ina@example.nl",
    details,
    createdAt: "2025-01-01T00:00:00Z",
  });

  it("says what changed in the active language", () => {
    expect(
      auditEntryText(t, entry("user_updated", { changed: ["first_name", "phone"] }), names),
    ).toBe("Details changed: First name, Phone number");
    expect(
      auditEntryText(t, entry("user_status_changed", { from: "active", to: "inactive" }), names),
    ).toBe("Status changed from Active to Inactive");
    expect(auditEntryText(tNl, entry("user_archived"), names)).toBe("Gearchiveerd");
    expect(auditEntryText(t, entry("something_new"), names)).toBe("something_new");
  });

  it("names a role by the label it had when the entry was written", () => {
    const added = entry("role_added", {
      role: "member",
      resourceType: "Organization",
      resourceId: 12,
      resourceLabel: "Taalmaatjes Zeist (old name)",
    });
    expect(auditEntryText(t, added, names)).toBe(
      "Role added: Staff member of Taalmaatjes Zeist (old name)",
    );
    const invited = entry("user_invited", {
      role: "desk_manager",
      resourceType: "Desk",
      resourceId: 3,
    });
    expect(auditEntryText(t, invited, names)).toBe("Invited as Desk manager of AZC Zeist");
  });
});
