import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublicHeader } from "@/components/layout/public-header";
import { timeZone } from "@/lib/i18n/config";
import { TENANTS } from "@/lib/tenants/tenants";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";

const refresh = vi.fn();
let pathname = "/vacancies/search";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh, prefetch: vi.fn() }),
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams("q=zorg"),
}));

function renderHeader(slug: keyof typeof TENANTS, signedIn: boolean, locale: "nl" | "en" = "nl") {
  const messages = locale === "nl" ? nl : en;
  const toolbar = signedIn
    ? { locale, timeZone, messages, desks: [], profiles: TENANTS[slug].features.volunteerProfiles }
    : null;
  return render(
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      <PublicHeader tenant={TENANTS[slug]} signedIn={toolbar} />
    </NextIntlClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  pathname = "/vacancies/search";
});

describe("PublicHeader (the light header of the public pages)", () => {
  it("signed out: sign in back to this page inside the Account landmark, the sections with the current one marked", () => {
    renderHeader("demo", false);
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Inloggen" }).getAttribute("href")).toBe(
      "/auth/login-1?redirect=%2Fvacancies%2Fsearch%3Fq%3Dzorg",
    );
    const nav = screen.getByRole("navigation", { name: "Hoofdmenu" });
    // The list is a popover (closed, as on a narrow screen; e2e/shell.spec.ts opens it).
    expect(
      within(nav)
        .getByRole("link", { name: "Vacatures", hidden: true })
        .getAttribute("aria-current"),
    ).toBe("page");
    // No language panel where the tenant has one language (spec §1).
    expect(screen.queryByRole("button", { name: /Taal/ })).toBeNull();
  });

  it("signed in: a link to the dashboard stands in while the app menus load", () => {
    renderHeader("demo", true, "en");
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "My dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(within(account).queryByRole("link", { name: "Sign in" })).toBeNull();
  });

  it("words the peer-help section per tenant and offers the languages where the tenant switches", () => {
    renderHeader("oldebroek", false);
    expect(screen.getByRole("link", { name: "Burenhulp", hidden: true }).getAttribute("href")).toBe(
      "/een-op-een-hulp",
    );
    cleanup();
    renderHeader("public", false);
    expect(screen.getByRole("link", { name: "Een-op-een hulp", hidden: true })).toBeTruthy();
    const language = screen.getByRole("button", { name: /Taal/ });
    const panel = document.getElementById(language.getAttribute("popovertarget")!)!;
    const english = within(panel).getByRole("button", { name: "English", hidden: true });
    expect(english.getAttribute("lang")).toBe("en");
    // A plain form, no client code: the page loads again in the chosen language.
    const form = english.closest("form")!;
    expect([form.method, form.getAttribute("action")]).toEqual(["post", "/api/locale"]);
    // Keeps jsdom from submitting; a handler of the page (React's, at the root) still runs.
    form.addEventListener("submit", (event) => event.preventDefault());
    fireEvent.click(english);
    expect(refresh).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain("i18n_redirected=en");
  });
});
