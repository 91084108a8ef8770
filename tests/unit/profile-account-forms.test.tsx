import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EmailChangeForm } from "@/components/profile/email-change-form";
import { PeriodicMailForm } from "@/components/profile/periodic-mail-form";
import { SettingsForm } from "@/components/profile/settings-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";
import {
  fullProfile,
  jsonResponse,
  notFound,
  profileDocument,
  record,
  type TFakeProfile,
  type TFakeUser,
  type TSent,
  userDocument,
} from "./support/fake-profile";

// /profile-edit/settings, /profile-edit/periodieke-mail and /profile-edit/email against a
// fake api behind fetch.

const refresh = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh, prefetch: vi.fn() }),
  usePathname: () => "/profile-edit/settings",
  useSearchParams: () => new URLSearchParams(),
}));

let user: TFakeUser;
let profile: TFakeProfile;
let reply: ((method: string, path: string) => Response | null) | null;
const sent: TSent[] = [];
let toasts: ToastStore;

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
        <ToastProvider store={toasts}>{page}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const writes = () => sent.filter((r) => r.method !== "GET");
const toastTitles = () => toasts.getSnapshot().toasts.map((toast) => toast.title);

beforeEach(() => {
  sent.length = 0;
  reply = null;
  refresh.mockReset();
  toasts = createToastStore();
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the test's locale cookie
  document.cookie = "i18n_redirected=; max-age=0; path=/";
  user = {
    email: "daan@demo.test",
    locale: "nl",
    notification_preferences: { message_received: "mail" },
  };
  profile = fullProfile();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = record(sent, input, init);
    const own = reply?.(request.method, request.path);
    if (own) return own;
    if (request.path === "/api/v1/current_user") return jsonResponse(userDocument(user));
    if (request.path === "/api/v1/current_user/volunteer_profile")
      return jsonResponse(profileDocument(profile));
    if (request.path === "/api/auth" && request.method === "PUT")
      return jsonResponse({ status: "success", data: { id: 8, email: user.email } });
    return notFound();
  });
});
afterEach(() => {
  cleanup();
  toasts.clear();
  vi.unstubAllGlobals();
});

describe("/profile-edit/settings", () => {
  it("shows a radio group per kind with its explanation; a kind never chosen is both", async () => {
    renderPage(<SettingsForm />);
    const message = await screen.findByRole("group", { name: "Nieuw bericht" });
    expect(
      within(message).getByText("Iemand heeft je een bericht gestuurd in een van je gesprekken."),
    ).toBeTruthy();
    expect(
      (within(message).getByRole("radio", { name: "Alleen per mail" }) as HTMLInputElement).checked,
    ).toBe(true);
    const received = screen.getByRole("group", { name: "Nieuwe reactie op een vacature" });
    expect(
      within(received)
        .getAllByRole("radio")
        .map((radio) => [radio.closest("label")?.textContent, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ["In de app en per mail", true],
      ["Alleen in de app", false],
      ["Alleen per mail", false],
      ["Niet", false],
    ]);
    expect(screen.getAllByRole("group")).toHaveLength(5);
    expect((screen.getByRole("radio", { name: "Nederlands" }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("saves language and every kind in one PATCH /current_user; a new language is the browser's too", async () => {
    renderPage(<SettingsForm />);
    const withdrawn = await screen.findByRole("group", { name: "Reactie teruggetrokken" });
    fireEvent.click(within(withdrawn).getByRole("radio", { name: "Niet" }));
    fireEvent.click(screen.getByRole("radio", { name: "English" }));
    fireEvent.click(screen.getByRole("button", { name: "Instellingen opslaan" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PATCH",
      path: "/api/v1/current_user",
      body: {
        user: {
          locale: "en",
          notification_preferences: {
            application_received: "both",
            application_status: "both",
            application_withdrawn: "none",
            message_received: "mail",
          },
        },
      },
    });
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(document.cookie).toContain("i18n_redirected=en");
    expect(toastTitles()).toEqual(["Je instellingen zijn opgeslagen."]);
  });

  it("the same language again: no cookie, no refresh", async () => {
    renderPage(<SettingsForm />);
    await screen.findByRole("group", { name: "Nieuw bericht" });
    fireEvent.click(screen.getByRole("button", { name: "Instellingen opslaan" }));
    await waitFor(() => expect(toastTitles()).toHaveLength(1));
    expect(refresh).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain("i18n_redirected=en");
  });
});

describe("/profile-edit/periodieke-mail", () => {
  it("says when the mail comes, and saves frequency and radius on the profile", async () => {
    renderPage(<PeriodicMailForm />);
    expect(await screen.findByText(nl.matches.periodicMail.howItWorks)).toBeTruthy();
    const often = screen.getByRole("group", { name: "Hoe vaak wil je de mail krijgen?" });
    expect(
      (within(often).getByRole("radio", { name: "Elke week" }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(often).getByRole("radio", { name: "Elke maand" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Afstand in kilometers" }), {
      target: { value: "25" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Keuzes opslaan" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PATCH",
      path: "/api/v1/current_user/volunteer_profile",
      body: {
        data: {
          type: "volunteer_profiles",
          attributes: { periodic_mail_frequency: "monthly", periodic_mail_radius_km: 25 },
        },
      },
    });
    // The interests are not touched by this page.
    expect((writes()[0].body as { data: object }).data).not.toHaveProperty("relationships");
    await waitFor(() =>
      expect(toastTitles()).toEqual(["Je keuzes voor de periodieke mail zijn opgeslagen."]),
    );
  });

  it("refuses a radius outside 1–200 before sending; without a place it says where to fill one in", async () => {
    profile = { ...profile, postal_code: null, city: null };
    renderPage(<PeriodicMailForm />);
    const radius = await screen.findByRole("textbox", { name: "Afstand in kilometers" });
    expect(screen.getByRole("link", { name: "Vul je woonplaats in" }).getAttribute("href")).toBe(
      "/profile-edit",
    );
    fireEvent.change(radius, { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Keuzes opslaan" }));
    expect(
      await screen.findByText("Afstand in kilometers is een heel getal van 1 tot en met 200."),
    ).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});

describe("/profile-edit/email", () => {
  const fill = (email: string, password: string) => {
    fireEvent.change(screen.getByRole("textbox", { name: "Nieuw e-mailadres" }), {
      target: { value: email },
    });
    fireEvent.change(screen.getByLabelText("Huidig wachtwoord"), { target: { value: password } });
    fireEvent.click(screen.getByRole("button", { name: "Bevestigingslink sturen" }));
  };

  it("sends the new address with the current password to PUT /api/auth and says what happens next", async () => {
    renderPage(<EmailChangeForm />);
    expect(await screen.findByText("daan@demo.test")).toBeTruthy();
    fill("daan.nieuw@demo.test", "Welkom123!");
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: "PUT",
      path: "/api/auth",
      body: { email: "daan.nieuw@demo.test", current_password: "Welkom123!" },
    });
    const done = await screen.findByText(
      "We hebben een bevestigingslink gestuurd naar daan.nieuw@demo.test. Tot je die volgt, blijft daan@demo.test je adres.",
    );
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByRole("button", { name: "Bevestigingslink sturen" })).toBeNull();
    expect(toastTitles()).toEqual([]);
  });

  it("says an address waiting for confirmation", async () => {
    user = { ...user, unconfirmed_email: "daan.nieuw@demo.test" };
    renderPage(<EmailChangeForm />);
    expect(
      await screen.findByText(
        "daan.nieuw@demo.test wacht nog op bevestiging. Volg de link in de mail die we naar dat adres stuurden. Tot die tijd blijft daan@demo.test je adres.",
      ),
    ).toBeTruthy();
  });

  it("checks before sending: an address, not the current one, and the password", async () => {
    renderPage(<EmailChangeForm />);
    await screen.findByText("daan@demo.test");
    fill("DAAN@demo.test", "");
    expect(await screen.findByText("Dit is al je e-mailadres.")).toBeTruthy();
    expect(screen.getByText("Huidig wachtwoord is verplicht.")).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("puts devise's 422 on its fields: a taken address, a wrong password", async () => {
    reply = (method, path) =>
      method === "PUT" && path === "/api/auth"
        ? jsonResponse(
            {
              status: "error",
              errors: {
                email: ["has already been taken"],
                current_password: ["is invalid"],
                full_messages: ["Email has already been taken", "Current password is invalid"],
              },
            },
            422,
          )
        : null;
    renderPage(<EmailChangeForm />);
    await screen.findByText("daan@demo.test");
    fill("mila@demo.test", "verkeerd1");
    expect(await screen.findByText(nl.signup.problems.taken)).toBeTruthy();
    expect(screen.getByText("Dit wachtwoord klopt niet.")).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("textbox", { name: "Nieuw e-mailadres" }),
      ),
    );
  });
});
