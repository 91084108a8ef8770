import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WrongDeskGuard } from "@/components/desks-admin/wrong-desk-guard";
import { userKeys } from "@/lib/api/query-keys";
import type { CurrentUser } from "@/lib/auth/auth-state";

const navigation = vi.hoisted(() => ({ pathname: "/", replace: vi.fn() }));
vi.mock("next/navigation", () => ({
  usePathname: () => navigation.pathname,
  useRouter: () => ({ replace: navigation.replace }),
}));

const desks = [
  { id: "1", slug: "azc-ede", volunteerCenterId: "3", organizationId: null },
  { id: "2", slug: "azc-zeist", volunteerCenterId: "4", organizationId: null },
];

/** The guard with the signed-in user already known (no request is made). */
function show(user: CurrentUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userKeys.current(), user);
  return render(
    <QueryClientProvider client={client}>
      <WrongDeskGuard desks={desks} />
    </QueryClientProvider>,
  );
}

const managerOf = (deskId: string): CurrentUser => ({
  id: "7",
  roles: [{ id: "r1", name: "desk_manager", resourceType: "Desk", resourceId: deskId }],
});

beforeEach(() => {
  navigation.replace.mockReset();
  // Anything the guard would still fetch stays pending: the data above decides.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("WrongDeskGuard (spec §2's desk guard, the user's part)", () => {
  it("sends the manager of another desk from a desk's page to /wrong-desk, naming the desk", async () => {
    navigation.pathname = "/AZC-Zeist/welkom";
    show(managerOf("1"));
    await waitFor(() =>
      expect(navigation.replace).toHaveBeenCalledWith("/wrong-desk?balie=azc-zeist"),
    );
  });

  it("lets the desk's own manager stay, and leaves paths that are no desk's alone", async () => {
    navigation.pathname = "/azc-ede/activiteiten";
    const own = show(managerOf("1"));
    own.unmount();
    navigation.pathname = "/activiteiten";
    show(managerOf("1"));
    // Both renders have run their effects by now: nothing was replaced.
    await Promise.resolve();
    expect(navigation.replace).not.toHaveBeenCalled();
  });
});
