import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DevPagesGate } from "@/components/dev-pages/dev-pages-gate";
import { userKeys } from "@/lib/api/query-keys";
import type { CurrentUser } from "@/lib/auth/auth-state";
import type { TDevPagesAccess } from "@/lib/dev-pages/access";
import { timeZone } from "@/lib/i18n/config";
import en from "@/messages/en.json";

vi.mock("next/navigation", () => ({
  usePathname: () => "/dev/colors",
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

/** The gate with what the api said about the user already known (no request is made). */
function show(access: TDevPagesAccess, user?: CurrentUser) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) client.setQueryData(userKeys.current(), user);
  return render(
    <QueryClientProvider client={client}>
      <NextIntlClientProvider locale="en" messages={en} timeZone={timeZone}>
        <DevPagesGate access={access}>
          <h1>Colours</h1>
        </DevPagesGate>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const withRoles = (...names: string[]): CurrentUser => ({
  id: "7",
  roles: names.map((name) => ({ id: name, name })),
});

const notFound = () => screen.getByRole("heading", { level: 1, name: en.errors.notFound.title });

beforeEach(() => {
  // Anything the gate would still fetch stays pending: the data above decides.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DevPagesGate (docs/dev-pages.md)", () => {
  it("where the pages are switched on, shows the page without asking who you are", () => {
    show("open");
    expect(screen.getByRole("heading", { level: 1, name: "Colours" })).toBeTruthy();
  });

  it("elsewhere shows the page to a superadmin", () => {
    show("superadmins", withRoles("superadmin"));
    expect(screen.getByRole("heading", { level: 1, name: "Colours" })).toBeTruthy();
  });

  it("and the 404 screen to a volunteer, a centre admin, and someone without roles", () => {
    for (const user of [withRoles("volunteer"), withRoles("admin"), withRoles()]) {
      show("superadmins", user);
      expect(notFound()).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Colours" })).toBeNull();
      cleanup();
    }
  });

  it("and the 404 screen when the session turns out to be gone (401) or refused (403)", async () => {
    for (const status of [401, 403]) {
      // What the BFF answers GET /api/v1/current_user then.
      vi.stubGlobal("fetch", async () =>
        Response.json({ errors: [{ status: String(status), title: "no" }] }, { status }),
      );
      show("superadmins");
      expect(
        await screen.findByRole("heading", { level: 1, name: en.errors.notFound.title }),
      ).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Colours" })).toBeNull();
      cleanup();
    }
  });

  it("waits for the user before it shows anything", () => {
    show("superadmins");
    expect(screen.getByRole("status").textContent).toBe(en.common.loading);
    expect(screen.queryByRole("heading", { name: "Colours" })).toBeNull();
  });
});
