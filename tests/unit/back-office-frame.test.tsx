import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BackOfficeFrameView } from "@/components/layout/back-office-frame-view";
import { organizationKeys, userKeys } from "@/lib/api/query-keys";
import type { AuthStatus, Role } from "@/lib/auth/auth-state";
import { timeZone } from "@/lib/i18n/config";
import { readBackOfficeHint, uidTag } from "@/lib/navigation/back-office-hint";
import type { TStaffReach } from "@/lib/routes";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

let pathname = "/dashboard";
let authStatus: AuthStatus = "SIGNED_IN";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(),
}));
vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: authStatus, user: null, roles: [], signIn: vi.fn(), signOut: vi.fn() }),
}));

const UID = "admin@demo.volunteerly.test";
const CENTRE = { id: "1", type: "VolunteerCenter", name: "Vrijwilligerscentrale" };
const CENTRE_LEVELS: TStaffReach[] = [
  "staff",
  "organizationAdmin",
  "organizationStaff",
  "centreAdmin",
];
const role = (name: string, resourceType: string | null = null, resourceId: string | null = null) =>
  ({ id: `${name}-${resourceId}`, name, resourceType, resourceId }) satisfies Role;

type TLoaded = { roles: Role[]; organizations: object[] } | null;

/** The frame around a stand-in page; `loaded` is what the browser's queries hold (null: still loading). */
function renderFrame(initialReach: TStaffReach[], loaded: TLoaded, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  if (loaded) {
    queryClient.setQueryData(userKeys.current(), { id: "5", uid: UID, roles: loaded.roles });
    queryClient.setQueryData(organizationKeys.current(), loaded.organizations);
  }
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <BackOfficeFrameView initialReach={initialReach}>
          <main>page</main>
        </BackOfficeFrameView>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const frame = (name = "Beheer") => screen.queryByRole("navigation", { name });
// The list is a popover, closed as on a narrow screen; jsdom has no popover API, so opening
// it is e2e's (e2e/backoffice-frame.spec.ts).
const sectionLinks = (name = "Beheer") =>
  within(screen.getByRole("navigation", { name }))
    .getAllByRole("link", { hidden: true })
    .map((link) => [
      link.textContent,
      link.getAttribute("href"),
      link.getAttribute("aria-current"),
    ]);
const hint = () => readBackOfficeHint(document.cookie);
const setHint = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: arranging the test document's cookie
  document.cookie = `volunteerly_backoffice=${value}; Path=/`;
};

beforeEach(() => {
  pathname = "/dashboard";
  authStatus = "SIGNED_IN";
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie
  document.cookie = "volunteerly_backoffice=; Max-Age=0; Path=/";
  // Queries without data would ask the api: they stay pending here.
  vi.stubGlobal("fetch", () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the back office's frame", () => {
  it("renders the server's levels while the roles load: grouped sections, the current one marked", () => {
    pathname = "/Logboek/";
    renderFrame(CENTRE_LEVELS, null);
    expect(sectionLinks()).toEqual([
      ["Dashboard", "/dashboard", null],
      ["Organisaties", "/organizations", null],
      ["Organisaties goedkeuren", "/organizations/approve", null],
      ["Vacatures", "/vacancies", null],
      ["Formulieren", "/form_builder", null],
      ["Gebruikers", "/users", null],
      ["Logboek", "/logboek", "page"],
      ["Instellingen", "/instellingen/design", null],
      ["Tags", "/tags", null],
      ["Baliebeheer", "/nov/baliebeheer", null],
      ["Nieuwsbeheer", "/nieuwsbeheer", null],
      ["Paginabeheer", "/paginabeheer", null],
      ["Volunteerly Analytics", "/analytics", null],
      ["Notificatiesjablonen", "/notification_templates", null],
      ["Berichten contactformulier", "/contactformulier/berichten", null],
    ]);
    const nav = screen.getByRole("navigation", { name: "Beheer" });
    expect(
      within(nav)
        .getByRole("list", { name: "Vrijwilligerscentrale", hidden: true })
        .querySelectorAll("a"),
    ).toHaveLength(9);
    // The menu button opens the list as a popover; the page follows the frame.
    const button = within(nav).getByRole("button", { name: "Beheermenu" });
    expect(button.getAttribute("popovertarget")).toBe("back-office-nav-list");
    expect(document.getElementById("back-office-nav-list")?.getAttribute("popover")).toBe("auto");
    expect(nav.compareDocumentPosition(screen.getByRole("main"))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // Still loading: the hint is left as it is.
    expect(hint()).toBeUndefined();
  });

  it("marks a section deeper in it with aria-current=true", () => {
    pathname = "/users/12/edit";
    renderFrame(CENTRE_LEVELS, null);
    expect(sectionLinks().filter(([, , current]) => current)).toEqual([
      ["Gebruikers", "/users", "true"],
    ]);
  });

  it("follows the roles once loaded and leaves them as the hint for the server", async () => {
    renderFrame([], { roles: [role("admin", "Organization", "1")], organizations: [CENTRE] });
    expect(sectionLinks().map(([text]) => text)).toContain("Instellingen");
    await waitFor(() =>
      expect(hint()).toBe(
        `${uidTag(UID)}.staff-organizationAdmin-organizationStaff-centreStaff-centreAdmin`,
      ),
    );
  });

  it("shows an organisation's admin fewer sections, in English too", () => {
    renderFrame([], { roles: [role("admin", "Organization", "2")], organizations: [] }, "en");
    expect(sectionLinks("Administration").map(([text]) => text)).toEqual([
      "Dashboard",
      "Organisations",
      "Vacancies",
      "Forms",
      "Users",
    ]);
    expect(screen.getByRole("button", { name: "Administration menu" })).toBeTruthy();
  });

  it("gives a volunteer the page alone, whatever a stale hint said, and removes the hint", async () => {
    setHint(`${uidTag(UID)}.staff-organizationAdmin-centreAdmin`);
    renderFrame(CENTRE_LEVELS, { roles: [role("volunteer")], organizations: [] });
    expect(frame()).toBeNull();
    expect(screen.getByRole("main").textContent).toBe("page");
    await waitFor(() => expect(hint()).toBeUndefined());
  });

  it("gives a public page of the app layout no frame, also for staff", () => {
    pathname = "/signup";
    renderFrame(CENTRE_LEVELS, null);
    expect(frame()).toBeNull();
    pathname = "/does-not-exist";
    cleanup();
    renderFrame(CENTRE_LEVELS, null);
    expect(frame()).toBeNull();
  });

  it("signed out: no frame, and the hint goes", async () => {
    authStatus = "SIGNED_OUT";
    setHint(`${uidTag(UID)}.staff`);
    renderFrame(["staff"], null);
    expect(frame()).toBeNull();
    await waitFor(() => expect(hint()).toBeUndefined());
  });
});
