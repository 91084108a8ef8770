import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, describe, expect, it, vi } from "vitest";
import { OrganizationForm } from "@/components/organizations/organization-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { ApiError } from "@/lib/api/errors";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { EMPTY_ORGANIZATION_FORM } from "@/lib/organizations/organization-form";
import type {
  TOrganizationAttributes,
  TOrganizationRecord,
} from "@/lib/organizations/organization-types";
import { createToastStore } from "@/lib/toasts/toast-store";

afterEach(cleanup);

async function renderForm(
  onSubmit: (attributes: TOrganizationAttributes) => Promise<TOrganizationRecord | undefined>,
) {
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>
          <OrganizationForm
            parts={["kind", "details", "address", "profile"]}
            defaultValues={EMPTY_ORGANIZATION_FORM}
            types={["Organization", "School"]}
            centres={[{ id: "4", name: "Centrale" }]}
            submitLabel="Toevoegen"
            pendingLabel="Bezig"
            save={async (attributes) => (await onSubmit(attributes)) as TOrganizationRecord}
            invalidates={() => []}
            success={(saved) => `Opgeslagen: ${saved.name}`}
            failureTitle="Opslaan mislukt"
          />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const describedBy = (input: HTMLElement) =>
  (input.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "");

describe("the organisation form", () => {
  it("puts the api's 422 on the field its pointer names and keeps everything typed", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        statusCode: 422,
        errors: [
          {
            status: "422",
            source: { pointer: "/data/attributes/address/postal_code" },
            detail: "Address postal code is not a valid postal code (1234 AB)",
            code: "invalid",
          },
        ],
      });
    });
    await renderForm(onSubmit);
    fireEvent.change(field("Naam"), { target: { value: "Stichting Buurtkracht" } });
    fireEvent.change(field("Postcode"), { target: { value: "8261 CE" } });
    fireEvent.change(field("Plaats"), { target: { value: "Kampen" } });
    fireEvent.click(screen.getByRole("button", { name: "Toevoegen" }));

    const postalCode = field("Postcode");
    await waitFor(() => expect(postalCode.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(postalCode)).toContain("Vul een postcode in als 1234 AB.");
    expect(document.activeElement).toBe(postalCode);
    expect(screen.getByRole("alert").textContent).toContain("Bekijk de gemarkeerde velden");
    // Nothing typed is lost.
    expect(field("Naam").value).toBe("Stichting Buurtkracht");
    expect(postalCode.value).toBe("8261 CE");
    expect(field("Plaats").value).toBe("Kampen");
    // Sent once, the address nested as the api takes it.
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: "Stichting Buurtkracht",
      type: "Organization",
      address: { postalCode: "8261 CE", city: "Kampen" },
    });
  });

  it("checks on blur and sends nothing while a field fails (spec §5)", async () => {
    const onSubmit = vi.fn(async () => undefined);
    await renderForm(onSubmit);
    const postalCode = field("Postcode");
    fireEvent.change(postalCode, { target: { value: "12345" } });
    fireEvent.blur(postalCode);
    await screen.findByText("Vul een postcode in als 1234 AB.");
    fireEvent.click(screen.getByRole("button", { name: "Toevoegen" }));
    await screen.findByText("Naam is verplicht.");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("offers no centre choice when there is only one centre to choose", async () => {
    await renderForm(async () => undefined);
    expect(screen.queryByLabelText("Vrijwilligerscentrale")).toBeNull();
    expect(screen.getByLabelText("Soort organisatie")).toBeTruthy();
  });
});
