import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { VacancyForm } from "@/components/vacancies/vacancy-form";
import { ApiError } from "@/lib/api/errors";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { createToastStore } from "@/lib/toasts/toast-store";
import type { TManagedVacancy } from "@/lib/vacancies/managed-vacancy-types";
import { EMPTY_VACANCY_FORM, type TVacancyDocument } from "@/lib/vacancies/vacancy-form";
import nl from "@/messages/nl.json";
import { stubLayoutForProseMirror } from "./support/prosemirror-dom";

beforeAll(stubLayoutForProseMirror);
afterEach(cleanup);

const f = nl.vacancyForm;
const SAVED = { id: "90", title: "Voorlezen", status: "draft" } as TManagedVacancy;

async function renderForm(
  save: (document: TVacancyDocument) => Promise<TManagedVacancy>,
  options: {
    submitStatus?: TVacancyStatusName | null;
    applicationForms?: { value: string; label: string }[];
  } = {},
) {
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>
          <VacancyForm
            defaultValues={{ ...EMPTY_VACANCY_FORM, organizationId: "7" }}
            organizations={[{ value: "7", label: "Bibliotheek Oldebroek" }]}
            tags={[
              { id: "3", name: "Taal", slug: "taal", nameEn: "Language" },
              { id: "5", name: "Sport", slug: "sport" },
            ]}
            contactPeople={[
              { value: "41", label: "Mila Visser" },
              { value: "42", label: "Bram Bakker" },
            ]}
            applicationForms={options.applicationForms}
            submitStatus={options.submitStatus === undefined ? "pending" : options.submitStatus}
            saveLabel={f.actions.saveDraft}
            save={save}
            invalidates={() => []}
            success={(saved) => `Opgeslagen: ${saved.title}`}
            failureTitle={f.toasts.createFailed}
            cancelHref="/vacancies"
          />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  await screen.findByRole("textbox", { name: f.fields.description });
}

const input = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const messageOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");
const required = (field: string) => nl.validation.required.replace("{field}", field);

describe("the vacancy form", () => {
  it("checks on blur with the contract's limits and sends nothing while a field fails", async () => {
    const save = vi.fn(async () => SAVED);
    await renderForm(save);
    const hours = input(f.fields.hoursPerWeek);
    fireEvent.change(hours, { target: { value: "81" } });
    fireEvent.blur(hours);
    await waitFor(() => expect(hours.getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(hours)).toContain(
      f.validation.between
        .replace("{field}", f.fields.hoursPerWeek)
        .replace("{min}", "0")
        .replace("{max}", "80"),
    );
    const title = input(f.fields.title);
    fireEvent.change(title, { target: { value: "x".repeat(151) } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(title)).toContain(
      f.validation.tooLong.replace("{field}", f.fields.title).replace("{max}", "150"),
    );
    expect(save).not.toHaveBeenCalled();
  });

  it("asks for a start date when the work is on dates, and an end not before it", async () => {
    const save = vi.fn(async () => SAVED);
    await renderForm(save);
    fireEvent.change(input(f.fields.title), { target: { value: "Voorlezen" } });
    fireEvent.click(screen.getByRole("radio", { name: f.period.dates }));
    const starts = await screen.findByLabelText(f.fields.startsOn);
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(messageOf(starts)).toContain(required(f.fields.startsOn)));
    fireEvent.change(starts, { target: { value: "2027-05-10" } });
    const ends = screen.getByLabelText(f.fields.endsOn);
    fireEvent.change(ends, { target: { value: "2027-05-01" } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(messageOf(ends)).toContain(f.validation.endsBeforeStart));
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the api's 422s on the fields their pointers name, in the form's words", async () => {
    const save = vi.fn(async () => {
      throw new ApiError({
        statusCode: 422,
        errors: [
          {
            status: "422",
            source: { pointer: "/data/attributes/postal_code" },
            detail: "Postal code is not a place we know",
            code: "unknown_place",
          },
          {
            status: "422",
            source: { pointer: "/data/relationships/contact_person" },
            detail: "Contact person must be staff of the organisation",
            code: "not_staff",
          },
        ],
      });
    });
    await renderForm(save);
    fireEvent.change(input(f.fields.title), { target: { value: "Voorlezen" } });
    fireEvent.change(input(f.fields.postalCode), { target: { value: "9999 ZZ" } });
    fireEvent.change(screen.getByLabelText(f.fields.contactPerson), { target: { value: "42" } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));

    const postalCode = input(f.fields.postalCode);
    await waitFor(() => expect(postalCode.getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf(postalCode)).toContain(f.validation.unknownPlace);
    expect(document.activeElement).toBe(postalCode);
    const contact = screen.getByLabelText(f.fields.contactPerson);
    expect(messageOf(contact)).toContain(f.validation.notStaff);
    expect(screen.getByRole("alert").textContent).toContain(f.checkFields);
    // Nothing typed is lost.
    expect(input(f.fields.title).value).toBe("Voorlezen");
    expect(postalCode.value).toBe("9999 ZZ");
  });

  it("submits a JSON:API document with the next status, the relationships and the place", async () => {
    const save = vi.fn(async (_document: TVacancyDocument) => SAVED);
    await renderForm(save);
    fireEvent.change(input(f.fields.title), { target: { value: "  Voorlezen op zaterdag " } });
    fireEvent.change(input(f.fields.summary), { target: { value: "Lezen met kinderen." } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Taal" }));
    fireEvent.change(input(f.fields.city), { target: { value: "Oldebroek" } });
    fireEvent.change(input(f.fields.hoursPerWeek), { target: { value: "4" } });
    fireEvent.change(input(f.fields.volunteersWanted), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(f.fields.closesOn), {
      target: { value: "2027-06-30" },
    });
    fireEvent.change(screen.getByLabelText(f.fields.contactPerson), { target: { value: "41" } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.submitForReview }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0]).toEqual({
      data: {
        type: "vacancies",
        attributes: {
          title: "Voorlezen op zaterdag",
          summary: "Lezen met kinderen.",
          description: null,
          remote: false,
          hoursPerWeek: 4,
          ongoing: true,
          closesOn: "2027-06-30",
          volunteersWanted: 2,
          street: null,
          postalCode: null,
          city: "Oldebroek",
          status: "pending",
        },
        relationships: {
          organization: { data: { type: "organizations", id: "7" } },
          tags: { data: [{ type: "tags", id: "3" }] },
          contactPerson: { data: { type: "users", id: "41" } },
        },
      },
    });
  });

  it("saves a draft without a status, and offers no submit when there is no next step", async () => {
    const save = vi.fn(async (_document: TVacancyDocument) => SAVED);
    await renderForm(save, { submitStatus: null });
    expect(screen.queryByRole("button", { name: f.actions.submitForReview })).toBeNull();
    expect(screen.queryByRole("button", { name: f.actions.publish })).toBeNull();
    fireEvent.change(input(f.fields.title), { target: { value: "Voorlezen" } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const sent = save.mock.calls[0][0].data;
    expect(sent.attributes.status).toBeUndefined();
    // No place typed: none sent, so a new vacancy takes its organisation's address.
    expect("postalCode" in sent.attributes).toBe(false);
    expect(sent.relationships.contactPerson).toEqual({ data: null });
  });

  it("asks applicants a published form's questions when one is chosen, and sends it", async () => {
    const save = vi.fn(async (_document: TVacancyDocument) => SAVED);
    await renderForm(save, { applicationForms: [{ value: "12", label: "Intakevragen" }] });
    const b = nl.formBuilder.vacancy;
    const choice = screen.getByLabelText(b.label) as HTMLSelectElement;
    expect([...choice.options].map((o) => o.textContent)).toEqual([b.noForm, "Intakevragen"]);
    fireEvent.change(input(f.fields.title), { target: { value: "Voorlezen" } });
    fireEvent.change(choice, { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][0].data.attributes.applicationFormId).toBe(12);
  });
});
