import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignInForm } from "@/components/auth/sign-in-form";
import { ApiError } from "@/lib/api/errors";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";

const signIn = vi.fn<(email: string, password: string) => Promise<unknown>>();
const replace = vi.fn();

vi.mock("@/lib/auth/use-auth", () => ({
  useAuth: () => ({ status: "SIGNED_OUT", user: null, roles: [], signIn, signOut: vi.fn() }),
}));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ replace, push: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

async function renderForm(redirectTo = "/dashboard") {
  // The app's default locale and its bundled messages: nothing here says "nl".
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <SignInForm redirectTo={redirectTo} />
    </NextIntlClientProvider>,
  );
  return {
    email: screen.getByLabelText("E-mailadres") as HTMLInputElement,
    password: screen.getByLabelText("Wachtwoord") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Inloggen" }),
  };
}

/** Messages tied to a field through aria-describedby. */
function describedMessages(input: HTMLElement): string[] {
  const ids = input.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "");
}

beforeEach(() => {
  signIn.mockReset();
  replace.mockReset();
});
afterEach(cleanup);

describe("sign-in form", () => {
  it("is in Dutch by default", async () => {
    const { submit } = await renderForm();
    expect(submit).toBeTruthy();
    expect(screen.getByRole("link", { name: "Wachtwoord vergeten?" }).getAttribute("href")).toBe(
      "/auth/recover",
    );
  });

  it("shows exactly one localized message when the empty e-mail field loses focus", async () => {
    const { email } = await renderForm();
    fireEvent.focus(email);
    fireEvent.blur(email);

    await screen.findByText("E-mailadres is verplicht.");
    expect(describedMessages(email)).toEqual(["E-mailadres is verplicht."]);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    // Only the blurred field is judged; the password field was never touched.
    expect(describedMessages(screen.getByLabelText("Wachtwoord"))).toEqual([]);
  });

  it("does not validate while typing, only on blur", async () => {
    const { email } = await renderForm();
    fireEvent.change(email, { target: { value: "not-an-email" } });
    fireEvent.change(email, { target: { value: "still-not-an-email" } });
    // Let any validation that would have been scheduled run.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(describedMessages(email)).toEqual([]);
    expect(email.getAttribute("aria-invalid")).toBeNull();

    fireEvent.blur(email);
    await screen.findByText("Vul een geldig e-mailadres in.");
    // The first failing rule only: not also "is verplicht".
    expect(describedMessages(email)).toEqual(["Vul een geldig e-mailadres in."]);
  });

  it("after a failed submit, still re-validates on blur and not while typing", async () => {
    const { email, submit } = await renderForm();
    fireEvent.click(submit);
    await screen.findByText("E-mailadres is verplicht.");
    expect(signIn).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: "jane@example.com" } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(describedMessages(email)).toEqual(["E-mailadres is verplicht."]);

    fireEvent.blur(email);
    await waitFor(() => expect(describedMessages(email)).toEqual([]));
  });

  it("signs in and goes to the redirect path", async () => {
    signIn.mockResolvedValue({ id: "1" });
    const { email, password, submit } = await renderForm("/inloggen");
    fireEvent.change(email, { target: { value: " jane@example.com " } });
    fireEvent.change(password, { target: { value: "secret password" } });
    fireEvent.click(submit);

    await waitFor(() => expect(replace).toHaveBeenCalledWith("/inloggen"));
    expect(signIn).toHaveBeenCalledWith("jane@example.com", "secret password");
  });

  it("shows the localized invalid-credentials message in an alert on a 401", async () => {
    signIn.mockRejectedValue(
      new ApiError({ statusCode: 401, errors: ["Invalid login credentials. Please try again."] }),
    );
    const { email, password, submit } = await renderForm();
    fireEvent.change(email, { target: { value: "jane@example.com" } });
    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(submit);

    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(
        "Ongeldige inloggegevens. Probeer het opnieuw.",
      ),
    );
    expect(replace).not.toHaveBeenCalled();
  });

  it("shows the wrong-website title and text of spec §8 for 'wrong center'", async () => {
    signIn.mockRejectedValue(new ApiError({ statusCode: 401, errors: ["wrong center"] }));
    const { email, password, submit } = await renderForm();
    fireEvent.change(email, { target: { value: "jane@example.com" } });
    fireEvent.change(password, { target: { value: "secret" } });
    fireEvent.click(submit);

    const alert = await screen.findByText("Ingelogd op de verkeerde website");
    expect(alert.closest("[role=alert]")?.textContent).toContain(
      "Dit gebruikersaccount is geregistreerd bij een van de andere partners",
    );
  });
});
