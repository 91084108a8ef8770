import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeskProvider, useCurrentDesk } from "@/components/desks/desk-provider";
import { collectHeaders } from "@/lib/api/header-providers";
import { selectDesk } from "@/lib/desks/select-desk";
import { organizationStore } from "@/lib/organizations/organization-store";
import "@/lib/organizations/register-organization-headers";

const navigation = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({ usePathname: () => navigation.pathname }));

const desks = [
  { id: "1", slug: "azc-ede", volunteerCenterId: "3", organizationId: "11" },
  { id: "2", slug: "azc-zeist", volunteerCenterId: "4", organizationId: "12" },
];

function CurrentDesk() {
  return <p>{useCurrentDesk()?.slug ?? "none"}</p>;
}

const show = () =>
  render(
    <DeskProvider desks={desks}>
      <CurrentDesk />
    </DeskProvider>,
  );

beforeEach(() => {
  navigation.pathname = "/";
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  organizationStore.reset();
  organizationStore.setVolunteerCenterId(null);
});

describe("selectDesk (spec §4)", () => {
  it("takes the desk whose slug prefixes the path, else the selected organization's desk", () => {
    expect(selectDesk("/AZC-Zeist/welkom", desks, "11")?.slug).toBe("azc-zeist");
    expect(selectDesk("/vacancies/search", desks, "11")?.slug).toBe("azc-ede");
    expect(selectDesk("/vacancies/search", desks, "99")).toBeUndefined();
    expect(selectDesk("/azc-ede-oud/welkom", desks, null)).toBeUndefined();
  });
});

describe("DeskProvider", () => {
  it("makes the path's desk current and sends its volunteer centre with api calls", async () => {
    navigation.pathname = "/azc-zeist/activiteiten";
    show();
    expect(screen.getByText("azc-zeist")).toBeTruthy();
    expect(organizationStore.getSnapshot().volunteerCenterId).toBe("4");
    expect(await collectHeaders()).toMatchObject({ "Volunteer-Center-Id": "4" });
  });

  it("falls back to the desk of the selected organization, following the selection", () => {
    organizationStore.setOrganizations([
      { id: "11", type: "School" },
      { id: "12", type: "Foundation" },
    ]);
    show();
    expect(screen.getByText("azc-ede")).toBeTruthy();
    expect(organizationStore.getSnapshot().volunteerCenterId).toBe("3");
    act(() => {
      organizationStore.select("12");
    });
    expect(screen.getByText("azc-zeist")).toBeTruthy();
    expect(organizationStore.getSnapshot().volunteerCenterId).toBe("4");
  });

  it("clears the current centre back to the site default when no desk applies", () => {
    organizationStore.setVolunteerCenterId("3");
    show();
    expect(screen.getByText("none")).toBeTruthy();
    expect(organizationStore.getSnapshot().volunteerCenterId).toBeNull();
  });
});
