import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrganizationSignupForm } from "@/components/signup/organization-signup-form";
import { SignupForm } from "@/components/signup/signup-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { apiErrorFromResponse } from "@/lib/api/errors";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { createToastStore } from "@/lib/toasts/toast-store";

const signUpVolunteer = vi.fn();
const registerOrganization = vi.fn();
const push = vi.fn();

vi.mock("@/lib/signup/signup-api", () => ({
  signUpVolunteer: (...args: unknown[]) => signUpVolunteer(...args),
  registerOrganization: (...args: unknown[]) => registerOrganization(...args),
}));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

async function renderWithIntl(node: ReactNode) {
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>{node}</ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

/** Messages tied to a field through aria-describedby (its hint included). */
function describedMessages(input: HTMLElement): string[] {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "");
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });

beforeEach(() => {
  signUpVolunteer.mockReset();
  registerOrganization.mockReset();
  push.mockReset();
  window.sessionStorage.clear();
});
afterEach(cleanup);

function fillVolunteer() {
  type("Voornaam", "Vera");
  type("Achternaam", "Smit");
  type("E-mailadres", "vera@example.nl");
  type("Wachtwoord", "geheim123");
  type("Herhaal wachtwoord", "geheim123");
}

describe("the volunteer sign-up form", () => {
  it("says a mismatch once, on the confirmation's blur, not while typing", async () => {
    await renderWithIntl(<SignupForm />);
    type("Wachtwoord", "geheim123");
    type("Herhaal wachtwoord", "geheim124");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(describedMessages(field("Herhaal wachtwoord"))).toEqual([]);

    // The form-level alert region is there, and empty: no message, no box.
    expect(screen.getByRole("alert").childElementCount).toBe(0);
    fireEvent.blur(field("Herhaal wachtwoord"));
    await waitFor(() =>
      expect(describedMessages(field("Herhaal wachtwoord"))).toEqual([
        "De wachtwoorden komen niet overeen.",
      ]),
    );
    // Untouched fields are not judged yet; a field's message is not a form-level one.
    expect(describedMessages(field("Voornaam"))).toEqual([]);
    expect(screen.getByRole("alert").childElementCount).toBe(0);
  });

  it("hands a return path on to /signup/success, for the sign-in after it", async () => {
    signUpVolunteer.mockResolvedValue(undefined);
    await renderWithIntl(<SignupForm returnTo="/vacancies/7#reageren" />);
    fillVolunteer();
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));
    await waitFor(() =>
      expect(push).toHaveBeenCalledWith("/signup/success?redirect=%2Fvacancies%2F7%23reageren"),
    );
  });

  it("sends the values with the interface language and goes to /signup/success with the address in sessionStorage", async () => {
    signUpVolunteer.mockResolvedValue(undefined);
    await renderWithIntl(<SignupForm />);
    fillVolunteer();
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));

    await waitFor(() => expect(push).toHaveBeenCalledWith("/signup/success"));
    expect(signUpVolunteer).toHaveBeenCalledWith(
      expect.anything(),
      {
        firstName: "Vera",
        lastName: "Smit",
        email: "vera@example.nl",
        password: "geheim123",
        passwordConfirmation: "geheim123",
      },
      { locale: defaultLocale, origin: window.location.origin },
    );
    expect(window.sessionStorage.getItem("volunteerly.signup.email")).toBe("vera@example.nl");
  });

  it("puts devise's 'has already been taken' on the e-mail field, offers sign-in and a new password, and keeps what was typed", async () => {
    signUpVolunteer.mockRejectedValue(
      apiErrorFromResponse(422, "Unprocessable Entity", {
        status: "error",
        errors: {
          email: ["has already been taken"],
          full_messages: ["Email has already been taken"],
        },
      }),
    );
    await renderWithIntl(<SignupForm />);
    fillVolunteer();
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));

    await waitFor(() =>
      expect(describedMessages(field("E-mailadres"))).toEqual([
        "Dit e-mailadres heeft al een account.",
      ]),
    );
    expect(document.activeElement).toBe(field("E-mailadres"));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Er is al een account met dit e-mailadres.");
    expect(within(alert).getByRole("link", { name: "Inloggen" }).getAttribute("href")).toBe(
      "/auth/login-1",
    );
    expect(
      within(alert).getByRole("link", { name: "Nieuw wachtwoord aanvragen" }).getAttribute("href"),
    ).toBe("/auth/recover");
    expect(field("Voornaam").value).toBe("Vera");
    expect(field("Wachtwoord").value).toBe("geheim123");
    expect(push).not.toHaveBeenCalled();
  });

  it("says 'too many attempts' for a 429", async () => {
    signUpVolunteer.mockRejectedValue(
      apiErrorFromResponse(
        429,
        "Too Many Requests",
        { errors: ["Too many attempts"] },
        new Headers({ "retry-after": "120" }),
      ),
    );
    await renderWithIntl(<SignupForm />);
    fillVolunteer();
    fireEvent.click(screen.getByRole("button", { name: "Account aanmaken" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Te veel pogingen. Probeer het over 2 minuten opnieuw.",
      ),
    );
  });
});

describe("the organisation sign-up form", () => {
  it("has two fieldsets with legends and puts the api's nested pointers on their fields", async () => {
    registerOrganization.mockRejectedValue(
      apiErrorFromResponse(422, "Unprocessable Entity", {
        errors: [
          {
            status: "422",
            source: { pointer: "/data/attributes/organization/address/postal_code" },
            title: "Unprocessable Entity",
            detail: "Organization address postal code is not a valid postal code (1234 AB)",
            code: "invalid",
          },
          {
            status: "422",
            source: { pointer: "/data/attributes/user/email" },
            title: "Unprocessable Entity",
            detail: "User email has already been taken",
            code: "taken",
          },
        ],
      }),
    );
    await renderWithIntl(<OrganizationSignupForm />);
    const organization = screen.getByRole("group", { name: "Je organisatie" });
    const account = screen.getByRole("group", { name: "Jouw account" });
    const inOrganization = (label: string) => within(organization).getByLabelText(label);
    fireEvent.change(inOrganization("Naam van de organisatie"), {
      target: { value: "Stichting Buurtkracht" },
    });
    fireEvent.change(inOrganization("Soort organisatie"), { target: { value: "Organization" } });
    fireEvent.change(inOrganization("Straat"), { target: { value: "Oudestraat" } });
    fireEvent.change(inOrganization("Huisnummer"), { target: { value: "12a" } });
    fireEvent.change(inOrganization("Postcode"), { target: { value: "8261 CE" } });
    fireEvent.change(inOrganization("Plaats"), { target: { value: "Kampen" } });
    for (const [label, value] of [
      ["Voornaam", "Sanne"],
      ["Achternaam", "de Vries"],
      ["Jouw e-mailadres", "sanne@example.nl"],
      ["Wachtwoord", "geheim123"],
      ["Herhaal wachtwoord", "geheim123"],
    ]) {
      fireEvent.change(within(account).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole("button", { name: "Organisatie aanmelden" }));

    await waitFor(() =>
      expect(describedMessages(inOrganization("Postcode"))).toEqual([
        "Bijvoorbeeld 1234 AB",
        "Vul een geldige postcode in, bijvoorbeeld 1234 AB.",
      ]),
    );
    expect(describedMessages(within(account).getByLabelText("Jouw e-mailadres"))).toEqual([
      "Dit e-mailadres heeft al een account.",
    ]);
    expect(registerOrganization.mock.calls[0][1]).toMatchObject({
      organization: { type: "Organization", address: { postalCode: "8261 CE" } },
      user: { email: "sanne@example.nl" },
    });
    expect((inOrganization("Plaats") as HTMLInputElement).value).toBe("Kampen");
  });
});
