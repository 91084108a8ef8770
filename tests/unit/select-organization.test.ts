import { describe, expect, it } from "vitest";
import { type Organization, selectOrganization } from "@/lib/organizations/select-organization";

const foundation: Organization = { id: "1", type: "Foundation" };
const school: Organization = { id: "2", type: "School" };
const centre: Organization = { id: "3", type: "VolunteerCenter" };

describe("selectOrganization", () => {
  it("keeps a stored id that is still in the list", () => {
    expect(selectOrganization([foundation, school, centre], "3")).toBe("3");
  });

  it("matches a stored numeric id against string ids", () => {
    expect(selectOrganization([foundation, school], 1)).toBe("1");
  });

  it("drops a stored id that is no longer in the list and picks the default", () => {
    expect(selectOrganization([foundation, school], "99")).toBe("2");
  });

  it("picks the first School or VolunteerCenter when nothing is selected", () => {
    expect(selectOrganization([foundation, centre, school], null)).toBe("3");
  });

  it("picks the first organization when none is a School or VolunteerCenter", () => {
    expect(selectOrganization([foundation, { id: "4", type: null }], undefined)).toBe("1");
  });

  it("selects nothing in an empty list, even with a stored id", () => {
    expect(selectOrganization([], "3")).toBeNull();
  });
});
