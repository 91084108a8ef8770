import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider } from "@/components/providers/auth-provider";
import { OrganizationProvider } from "@/components/providers/organization-provider";
import { QueryProvider } from "@/components/providers/query-provider";
import { useAuth } from "@/lib/auth/use-auth";
import { onAppError, setErrorMonitor } from "@/lib/errors/report";
import { organizationStore } from "@/lib/organizations/organization-store";
import { useOrganizations } from "@/lib/organizations/use-organizations";

const replace = vi.fn();
const router = { replace, push: vi.fn() }; // stable, like Next's own router
vi.mock("next/navigation", () => ({ useRouter: () => router }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

const currentUser = {
  data: {
    id: "12",
    type: "user",
    attributes: { email: "jane@example.com" },
    relationships: { roles: { data: [{ id: "3", type: "role" }] } },
  },
  included: [{ id: "3", type: "role", attributes: { name: "admin" } }],
};

const organizations = {
  data: [
    { id: "1", type: "organization", attributes: { name: "Club", type: "Foundation" } },
    { id: "2", type: "organization", attributes: { name: "De School", type: "School" } },
  ],
};

let organizationsResponse: () => Response;
let currentUserResponse: () => Response;
const requests: { url: string; headers: Headers }[] = [];

beforeEach(() => {
  requests.length = 0;
  replace.mockReset();
  currentUserResponse = () => json(currentUser);
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    requests.push({ url, headers: new Headers(init.headers) });
    if (url === "/api/v1/current_user?include=roles") return currentUserResponse();
    if (url === "/api/v1/current_organizations") return organizationsResponse();
    return json({ errors: [{ status: "404", title: "Not Found" }] }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  organizationStore.reset();
});

function Probe() {
  const { status, user, roles } = useAuth();
  const { selectedOrganization } = useOrganizations();
  return (
    <p>
      {status} {user?.email ?? "-"} {roles.map((role) => role.name).join(",") || "-"}{" "}
      {selectedOrganization?.name ?? "-"}
    </p>
  );
}

function App({ onError }: { onError?: (error: unknown) => void }) {
  return (
    <QueryProvider>
      <AuthProvider initialSignedIn>
        <OrganizationProvider onError={onError}>
          <Probe />
        </OrganizationProvider>
      </AuthProvider>
    </QueryProvider>
  );
}

describe("providers", () => {
  it("load the signed-in user with roles and select the first school", async () => {
    organizationsResponse = () => json(organizations);
    render(<App />);
    expect(await screen.findByText("SIGNED_IN jane@example.com admin De School")).toBeTruthy();
    expect(organizationStore.getSnapshot().selectedId).toBe("2");
    expect(replace).not.toHaveBeenCalled();
  });

  it("send the selected organization with later api calls", async () => {
    organizationsResponse = () => json(organizations);
    render(<App />);
    await screen.findByText(/De School/);
    const { api } = await import("@/lib/api");
    await api.get("/api/v1/anything").catch(() => undefined);
    const last = requests[requests.length - 1];
    expect(last.url).toBe("/api/v1/anything");
    expect(last.headers.get("Current-Organization-Id")).toBe("2");
  });

  it("report an organization load failure, after one retry, and go to /auth/no-organization", async () => {
    organizationsResponse = () => json({ errors: [{ status: "500", title: "Boom" }] }, 500);
    const onError = vi.fn();
    render(<App onError={onError} />);
    // The one retry of a 5xx waits about a second (TanStack's default delay).
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/auth/no-organization"), {
      timeout: 5000,
    });
    const organizationCalls = requests.filter((r) => r.url === "/api/v1/current_organizations");
    expect(organizationCalls).toHaveLength(2);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0][0]).toMatchObject({ statusCode: 500 });
  });

  it("report an organization load failure to error monitoring by default (spec §8)", async () => {
    organizationsResponse = () => json({ errors: [{ status: "503", title: "Down" }] }, 503);
    const records: { source: string; status?: number; monitoring: string }[] = [];
    const monitored: unknown[] = [];
    const stopListening = onAppError((record) => records.push(record));
    setErrorMonitor((error) => monitored.push(error));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      render(<App />);
      await waitFor(() => expect(replace).toHaveBeenCalledWith("/auth/no-organization"), {
        timeout: 5000,
      });
      expect(records).toEqual([
        expect.objectContaining({ source: "organizations", status: 503, monitoring: "send" }),
      ]);
      expect(monitored).toHaveLength(1);
    } finally {
      stopListening();
      setErrorMonitor(undefined);
    }
  });

  // Last: it signs the app's (module-wide) auth state out.
  it("sign out and go to /uitloggen when the current user answers 401", async () => {
    currentUserResponse = () =>
      json({ errors: ["You need to sign in or sign up before continuing."] }, 401);
    organizationsResponse = () => json(organizations);
    render(<App />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith("/uitloggen"));
    expect(await screen.findByText(/^SIGNED_OUT/)).toBeTruthy();
    const userCalls = requests.filter((r) => r.url.startsWith("/api/v1/current_user"));
    expect(userCalls).toHaveLength(1); // a 4xx is not retried
  });
});
