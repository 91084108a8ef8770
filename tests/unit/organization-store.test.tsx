import { afterEach, describe, expect, it } from "vitest";
import { collectHeaders } from "@/lib/api/header-providers";
import {
  createOrganizationStore,
  ORGANIZATION_STORAGE_KEY,
  organizationHeaders,
  organizationStore,
} from "@/lib/organizations/organization-store";
import "@/lib/organizations/register-organization-headers";

const organizations = [
  { id: "1", type: "Foundation" },
  { id: "2", type: "School" },
  { id: "3", type: "VolunteerCenter" },
];

afterEach(() => {
  localStorage.clear();
  organizationStore.reset();
  organizationStore.setVolunteerCenterId(null);
});

describe("organization store", () => {
  it("selects the default organization and persists it in localStorage", () => {
    const store = createOrganizationStore();
    store.setOrganizations(organizations);
    expect(store.getSnapshot()).toMatchObject({ selectedId: "2", loaded: true });
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBe("2");
  });

  it("restores a stored selection in a new session", () => {
    localStorage.setItem(ORGANIZATION_STORAGE_KEY, "3");
    const store = createOrganizationStore();
    expect(store.getSnapshot().selectedId).toBeNull(); // not before the list is loaded
    store.setOrganizations(organizations);
    expect(store.getSnapshot().selectedId).toBe("3");
  });

  it("replaces a stored selection that is no longer in the list", () => {
    localStorage.setItem(ORGANIZATION_STORAGE_KEY, "99");
    const store = createOrganizationStore();
    store.setOrganizations(organizations);
    expect(store.getSnapshot().selectedId).toBe("2");
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBe("2");
  });

  it("selects only organizations of the list and persists the choice", () => {
    const store = createOrganizationStore();
    store.setOrganizations(organizations);
    expect(store.select("99")).toBe(false);
    expect(store.getSnapshot().selectedId).toBe("2");
    expect(store.select("1")).toBe(true);
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBe("1");
  });

  it("forgets organizations and the stored selection on reset, keeping the volunteer centre", () => {
    const store = createOrganizationStore();
    store.setOrganizations(organizations);
    store.setVolunteerCenterId("7");
    store.reset();
    expect(store.getSnapshot()).toEqual({
      organizations: [],
      selectedId: null,
      loaded: false,
      volunteerCenterId: "7",
    });
    expect(localStorage.getItem(ORGANIZATION_STORAGE_KEY)).toBeNull();
  });

  it("renders the initial state on the server whatever the browser holds", () => {
    const store = createOrganizationStore();
    store.setOrganizations(organizations);
    expect(store.getServerSnapshot().selectedId).toBeNull();
  });
});

describe("organization headers", () => {
  it("sends only the values that are set", () => {
    const store = createOrganizationStore();
    expect(organizationHeaders(store.getSnapshot())).toEqual({});
    store.setOrganizations(organizations);
    store.setVolunteerCenterId("3");
    expect(organizationHeaders(store.getSnapshot())).toEqual({
      "Current-Organization-Id": "2",
      "Volunteer-Center-Id": "3",
    });
  });

  it("reach the browser api client through the registered header provider", async () => {
    expect(await collectHeaders()).toEqual({});
    organizationStore.setOrganizations(organizations);
    expect(await collectHeaders()).toEqual({ "Current-Organization-Id": "2" });
  });
});
