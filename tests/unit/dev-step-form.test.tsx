import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StepForm } from "@/components/dev-pages/step-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";

vi.mock("next/navigation", () => ({
  usePathname: () => "/test/step-form-2",
  useSearchParams: () => new URLSearchParams(),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
}));

// The two step forms of /test/step-form and /test/step-form-2 (docs/dev-pages.md): Next
// checks the step's own fields only, and the conditional step comes and goes with the answer.

const s = en.devPages.stepForm;
const required = (field: string) => en.validation.required.replace("{field}", field);
const heading = (n: number, total: number, title: string) =>
  s.stepHeading
    .replace("{n}", String(n))
    .replace("{total}", String(total))
    .replace("{title}", title);

function show(variant: "linear" | "conditional") {
  render(
    <NextIntlClientProvider locale="en" messages={en} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>
          <StepForm variant={variant} />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const next = () => fireEvent.click(screen.getByRole("button", { name: s.next }));

afterEach(cleanup);

describe("the step forms", () => {
  it("stays on a step whose fields are not valid, saying why, and moves on when they are", async () => {
    show("linear");
    expect(screen.getByRole("heading", { name: heading(1, 3, s.steps.person) })).toBeTruthy();
    next();
    expect(await screen.findByText(required(s.fields.name))).toBeTruthy();
    expect(screen.getByRole("heading", { name: heading(1, 3, s.steps.person) })).toBeTruthy();
    type(s.fields.name, "Sam");
    type(s.fields.email, "sam@example.org");
    next();
    const second = await screen.findByRole("heading", {
      name: heading(2, 3, s.steps.availability),
    });
    // The new step's heading takes focus, so a screen reader hears where it is.
    expect(document.activeElement).toBe(second);
    fireEvent.click(screen.getByRole("button", { name: s.back }));
    // Back keeps what was typed.
    expect(
      ((await screen.findByLabelText(s.fields.name, { exact: false })) as HTMLInputElement).value,
    ).toBe("Sam");
  });

  it("asks for the organisation only when an organisation signs up", async () => {
    show("conditional");
    type(s.fields.name, "Sam");
    type(s.fields.email, "sam@example.org");
    next();
    expect(await screen.findByRole("heading", { name: heading(2, 3, s.steps.kind) })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: s.kinds.organisation }));
    // One step more now.
    expect(await screen.findByRole("heading", { name: heading(2, 4, s.steps.kind) })).toBeTruthy();
    next();
    expect(
      await screen.findByRole("heading", { name: heading(3, 4, s.steps.organisation) }),
    ).toBeTruthy();
    next();
    expect(await screen.findByText(required(s.fields.organisation))).toBeTruthy();
    type(s.fields.organisation, "Buurthuis");
    next();
    expect(
      await screen.findByRole("heading", { name: heading(4, 4, s.steps.summary) }),
    ).toBeTruthy();
    expect(screen.getByText("Buurthuis")).toBeTruthy();
  });

  it("skips the organisation step for someone signing up themselves", async () => {
    show("conditional");
    type(s.fields.name, "Sam");
    type(s.fields.email, "sam@example.org");
    next();
    await screen.findByRole("heading", { name: heading(2, 3, s.steps.kind) });
    next();
    expect(
      await screen.findByRole("heading", { name: heading(3, 3, s.steps.summary) }),
    ).toBeTruthy();
  });
});
