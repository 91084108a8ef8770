import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteHeader } from "@/components/layout/site-header";
import { userKeys } from "@/lib/api/query-keys";
import type { AuthStatus } from "@/lib/auth/auth-state";
import { timeZone } from "@/lib/i18n/config";
import type { Organization } from "@/lib/organizations/select-organization";
import { TENANTS } from "@/lib/tenants/tenants";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const refresh = vi.fn();
const select = vi.fn((_id: string) => true);
let pathname = "/";
let search = "";
let authStatus: AuthStatus = "SIGNED_OUT";
let organizations: Organization[] = [];

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh, prefetch: vi.fn() }),
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(search),
}));
vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: authStatus, user: null, roles: [], signIn: vi.fn(), signOut: vi.fn() }),
}));
vi.mock("@/lib/organizations/use-organizations", () => ({
  useOrganizations: () => ({
    organizations,
    selectedId: organizations[0]?.id ?? null,
    loaded: true,
    volunteerCenterId: null,
    selectedOrganization: organizations[0] ?? null,
    select,
    isPending: false,
    error: null,
  }),
}));

type Slug = keyof typeof TENANTS;

function renderHeader(
  slug: Slug,
  locale: "nl" | "en" = "nl",
  roles: {
    id: string;
    name: string;
    resourceType: string | null;
    resourceId: string | null;
  }[] = [],
) {
  // The current user as AuthProvider would have loaded it; never stale, so no request.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(userKeys.current(), {
    id: "12",
    email: "anouk@demo.volunteerly.test",
    firstName: "Anouk",
    lastName: "Jansen",
    roles,
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <SiteHeader tenant={TENANTS[slug]} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const mainNav = (name = "Hoofdmenu") => screen.getByRole("navigation", { name });
// The list is a popover, closed here as on a narrow screen: jsdom has the popover's UA
// style but not its API, so opening and closing are e2e's (e2e/shell.spec.ts).
const navLinks = (name?: string) =>
  within(mainNav(name))
    .getAllByRole("link", { hidden: true })
    .map((link) => [link.textContent, link.getAttribute("href")]);
const languageButton = () => screen.queryByRole("button", { name: /^(Taal|Language)/ });

beforeEach(() => {
  pathname = "/";
  search = "";
  authStatus = "SIGNED_OUT";
  organizations = [];
  refresh.mockReset();
  select.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookie
  document.cookie = "i18n_redirected=; Max-Age=0; Path=/";
});
afterEach(cleanup);

describe("the header's main navigation follows the tenant's switches (spec §1)", () => {
  it("oldebroek: activities and peer help worded as neighbour help", () => {
    renderHeader("oldebroek");
    expect(
      screen.getByRole("link", { name: "Vrijwilligerswerk Oldebroek" }).getAttribute("href"),
    ).toBe("/");
    expect(navLinks()).toEqual([
      ["Vacatures", "/vacancies/search"],
      ["Sociale kaart", "/sociale-kaart"],
      ["Activiteiten", "/activiteiten"],
      ["Burenhulp", "/een-op-een-hulp"],
      ["Nieuws", "/nieuws"],
    ]);
    expect(languageButton()).toBeNull();
  });

  it("oldebroek in English says 'Neighbour help'", () => {
    renderHeader("oldebroek", "en");
    expect(navLinks("Main").map(([text]) => text)).toContain("Neighbour help");
  });

  it("roermond: no peer help and no language button", () => {
    renderHeader("roermond");
    expect(navLinks().map(([text]) => text)).toEqual([
      "Vacatures",
      "Sociale kaart",
      "Activiteiten",
      "Nieuws",
    ]);
    expect(screen.queryByRole("link", { name: /hulp/i })).toBeNull();
    expect(languageButton()).toBeNull();
  });

  it("meedoen: no activities, no peer help, and the language button", () => {
    renderHeader("meedoen");
    expect(navLinks().map(([text]) => text)).toEqual(["Vacatures", "Sociale kaart", "Nieuws"]);
    expect(languageButton()).not.toBeNull();
  });

  it("public: one-on-one help, activities and the language button", () => {
    renderHeader("public");
    expect(navLinks().map(([text]) => text)).toEqual([
      "Vacatures",
      "Sociale kaart",
      "Activiteiten",
      "Een-op-een hulp",
      "Nieuws",
    ]);
    expect(languageButton()).not.toBeNull();
  });

  it("public in English says 'One-on-one help'", () => {
    renderHeader("public", "en");
    expect(navLinks("Main").map(([text]) => text)).toEqual([
      "Vacancies",
      "Social map",
      "Activities",
      "One-on-one help",
      "News",
    ]);
  });
});

describe("the current section", () => {
  const current = () =>
    within(mainNav())
      .getAllByRole("link", { hidden: true })
      .filter((link) => link.hasAttribute("aria-current"))
      .map((link) => [link.textContent, link.getAttribute("aria-current")]);

  it("is aria-current=page on its own page, also with a trailing slash or other case", () => {
    pathname = "/Sociale-Kaart/";
    renderHeader("public");
    expect(current()).toEqual([["Sociale kaart", "page"]]);
  });

  it("is aria-current=true deeper in the section", () => {
    pathname = "/vacancies/12";
    renderHeader("public");
    expect(current()).toEqual([["Vacatures", "true"]]);
  });

  it("is nothing on a path that only starts with the same letters", () => {
    pathname = "/activiteitenkalender";
    renderHeader("public");
    expect(current()).toEqual([]);
  });
});

describe("the Menu button (small screens)", () => {
  it("opens the list of sections as a popover, which needs no JavaScript", () => {
    renderHeader("public");
    const button = within(mainNav()).getByRole("button", { name: "Menu" });
    const list = document.getElementById(button.getAttribute("popovertarget")!);
    expect(list?.tagName).toBe("UL");
    expect(list?.getAttribute("popover")).toBe("auto");
    expect(mainNav().contains(list)).toBe(true);
    expect(within(list!).getAllByRole("link", { hidden: true })).toHaveLength(5);
    // Closed, the list is not shown (and so not in the accessibility tree).
    expect(within(mainNav()).queryAllByRole("link")).toHaveLength(0);
  });
});

describe("signed out", () => {
  it("offers sign-in that returns to this page and its query", () => {
    pathname = "/vacancies/search";
    search = "q=zorg&page%5Bsize%5D=50";
    renderHeader("demo");
    const link = screen.getByRole("link", { name: "Inloggen" });
    const url = new URL(link.getAttribute("href")!, "http://site.invalid");
    expect(url.pathname).toBe("/auth/login-1");
    expect(url.searchParams.get("redirect")).toBe("/vacancies/search?q=zorg&page%5Bsize%5D=50");
    expect(screen.queryByRole("button", { name: "Anouk Jansen" })).toBeNull();
  });

  it("gives no return path from an auth page, but keeps the sign-in page's own", () => {
    pathname = "/auth/recover";
    renderHeader("demo");
    expect(screen.getByRole("link", { name: "Inloggen" }).getAttribute("href")).toBe(
      "/auth/login-1",
    );
    cleanup();
    pathname = "/auth/login-1";
    search = "redirect=%2Fdashboard";
    renderHeader("demo");
    expect(screen.getByRole("link", { name: "Inloggen" }).getAttribute("href")).toBe(
      "/auth/login-1?redirect=%2Fdashboard",
    );
  });

  it("never passes on a return path off the site", () => {
    pathname = "/auth/login-1";
    search = "redirect=https%3A%2F%2Fevil.example";
    renderHeader("demo");
    expect(screen.getByRole("link", { name: "Inloggen" }).getAttribute("href")).toBe(
      "/auth/login-1",
    );
  });
});

describe("signed in: the account menu", () => {
  beforeEach(() => {
    authStatus = "SIGNED_IN";
  });

  const accountButton = () =>
    within(screen.getByRole("navigation", { name: "Account" })).getByRole("button", {
      name: "Anouk Jansen",
    });

  it("is a button with the user's name that discloses Dashboard and Sign out", () => {
    renderHeader("demo");
    expect(screen.queryByRole("link", { name: "Inloggen" })).toBeNull();
    const button = accountButton();
    expect(button.getAttribute("aria-expanded")).toBe("false");
    const panel = document.getElementById(button.getAttribute("aria-controls")!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole("link", { name: "Uitloggen" })).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(panel.hidden).toBe(false);
    expect(
      within(panel)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      ["Mijn dashboard", "/dashboard"],
      ["Reacties", "/applications"],
      ["Profiel", "/profiel"],
      ["Mijn rollen", "/account/roles"],
      ["Uitloggen", "/uitloggen"],
    ]);
    // One organization: nothing to choose.
    expect(within(panel).queryByRole("combobox")).toBeNull();
  });

  it("without volunteer profiles (meedoen) links to the language and notification settings instead", () => {
    renderHeader("meedoen");
    fireEvent.click(accountButton());
    const panel = document.getElementById(accountButton().getAttribute("aria-controls")!)!;
    const links = within(panel)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toContainEqual(["Taal en meldingen", "/profile-edit/settings"]);
    expect(links.map(([, href]) => href)).not.toContain("/profiel");
  });

  it("offers the admin of an organization its back-office pages, under 'Beheer'", () => {
    renderHeader("demo", "nl", [
      { id: "1", name: "admin", resourceType: "Organization", resourceId: "5" },
    ]);
    fireEvent.click(accountButton());
    const panel = document.getElementById(accountButton().getAttribute("aria-controls")!)!;
    expect(within(panel).getByText("Beheer")).toBeTruthy();
    const hrefs = within(panel)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href"));
    expect(hrefs).toContain("/organizations");
    expect(hrefs).toContain("/users");
    expect(hrefs).not.toContain("/nov/beheerders");
  });

  it("closes on Escape and puts focus back on its button", () => {
    renderHeader("demo");
    const button = accountButton();
    fireEvent.click(button);
    screen.getByRole("link", { name: "Uitloggen" }).focus();
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole("link", { name: "Uitloggen" })).toBeNull();
  });

  it("closes on a click outside and when focus moves out of it", () => {
    renderHeader("demo");
    const button = accountButton();
    fireEvent.click(button);
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute("aria-expanded")).toBe("false");

    fireEvent.click(button);
    const home = screen.getByRole("link", { name: "Volunteerly Demo" });
    fireEvent.blur(button, { relatedTarget: home });
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("offers the organization choice for more than one organization and selects through the store", () => {
    organizations = [
      { id: "1", name: "Vrijwilligerscentrale", type: "VolunteerCenter" },
      { id: "2", name: "De School", type: "School" },
    ];
    renderHeader("demo");
    fireEvent.click(accountButton());
    const choice = screen.getByRole("combobox", { name: "Organisatie" }) as HTMLSelectElement;
    expect(choice.value).toBe("1");
    expect([...choice.options].map((option) => option.textContent)).toEqual([
      "Vrijwilligerscentrale",
      "De School",
    ]);
    fireEvent.change(choice, { target: { value: "2" } });
    expect(select).toHaveBeenCalledWith("2");
  });
});

describe("the language panel", () => {
  const choice = (name: string) => screen.getByRole("button", { name, hidden: true });

  it("shows the current language and lists both, each in its own language, in a form for /api/locale", () => {
    renderHeader("public");
    const button = languageButton()!;
    expect(button.textContent).toContain("Nederlands");
    const panel = document.getElementById(button.getAttribute("popovertarget")!);
    expect(panel?.getAttribute("popover")).toBe("auto");
    const list = within(panel!).getByRole("list", { name: "Taal", hidden: true });
    const options = within(list).getAllByRole("button", { hidden: true });
    expect(options.map((option) => [option.textContent, option.lang])).toEqual([
      ["Nederlands", "nl"],
      ["English", "en"],
    ]);
    expect(options.map((option) => option.getAttribute("aria-current"))).toEqual(["true", null]);
    // Before hydration (and without JavaScript) the choice is a plain form post.
    const form = list.closest("form")!;
    expect([form.method, form.getAttribute("action")]).toEqual(["post", "/api/locale"]);
    const fields = options.map((option) => option as HTMLButtonElement);
    expect(fields.map((option) => [option.type, option.name, option.value])).toEqual([
      ["submit", "locale", "nl"],
      ["submit", "locale", "en"],
    ]);
  });

  it("once hydrated, stores the choice in the locale cookie and re-renders the server components in place", () => {
    renderHeader("public");
    fireEvent.click(choice("English"));
    expect(document.cookie).toContain("i18n_redirected=en");
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("does nothing when the current language is chosen", () => {
    renderHeader("public", "en");
    expect(languageButton()!.textContent).toContain("English");
    fireEvent.click(choice("English"));
    expect(refresh).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain("i18n_redirected=en");
  });
});
