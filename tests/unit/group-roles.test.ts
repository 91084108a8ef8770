import { describe, expect, it } from "vitest";
import { groupRoles } from "@/lib/account-roles/group-roles";
import type { Role } from "@/lib/auth/auth-state";

const role = (id: string, name: string, resourceType?: string | null, resourceId?: unknown) =>
  ({ id, name, resourceType, resourceId }) as Role;

const centre = { id: "3", name: "Vrijwilligerscentrale Kampen", type: "VolunteerCenter" };
const school = { id: "7", name: "CBS De Fontein", type: "School" };

describe("groupRoles (/account/roles)", () => {
  it("puts each role once: global, per organization in the list's order, per desk", () => {
    const groups = groupRoles(
      [
        role("1", "volunteer", null, null),
        role("2", "member", "Organization", 7),
        role("3", "admin", "Organization", "3"),
        role("4", "desk_manager", "Desk", 12),
        role("5", "admin", "Organization", "7"),
        role("6", "superadmin"),
      ],
      [centre, school],
    );
    expect(groups.global.map((r) => r.id)).toEqual(["1", "6"]);
    expect(
      groups.organizations.map((o) => [o.id, o.organization?.name, o.roles.map((r) => r.id)]),
    ).toEqual([
      ["3", "Vrijwilligerscentrale Kampen", ["3"]],
      ["7", "CBS De Fontein", ["2", "5"]],
    ]);
    expect(groups.desks).toEqual([{ id: "12", roles: [role("4", "desk_manager", "Desk", 12)] }]);
    expect(groups.broad).toEqual([]);
  });

  it("keeps a role on an organization the list does not have, without its details", () => {
    const groups = groupRoles([role("1", "admin", "Organization", 99)], [centre]);
    expect(groups.organizations).toEqual([
      { id: "99", roles: [role("1", "admin", "Organization", 99)] },
    ]);
  });

  it("leaves out organizations of the list on which the user holds no role", () => {
    expect(groupRoles([role("1", "volunteer")], [centre, school]).organizations).toEqual([]);
  });

  it("sets class-level roles and unknown kinds apart as broad roles", () => {
    const groups = groupRoles(
      [role("1", "admin", "Organization", null), role("2", "member", "Vacancy", 4)],
      [],
    );
    expect(groups.broad.map((r) => r.id)).toEqual(["1", "2"]);
    expect(groups.organizations).toEqual([]);
    expect(groups.global).toEqual([]);
  });
});
