import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProfileEditForm } from "@/components/profile/profile-edit-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore, type ToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";
import {
  emptyProfile,
  fullProfile,
  jsonResponse,
  notFound,
  profileDocument,
  record,
  type TFakeProfile,
  type TSent,
  tagsDocument,
} from "./support/fake-profile";

// /profile-edit: the whole profile in one form and one PATCH, against a fake api behind fetch.

let profile: TFakeProfile;
let patchReply: (() => Response) | null;
const sent: TSent[] = [];
let toasts: ToastStore;

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="nl" messages={nl} timeZone={timeZone}>
        <ToastProvider store={toasts}>
          <ProfileEditForm />
        </ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

const patches = () => sent.filter((r) => r.method === "PATCH");
const save = () => fireEvent.click(screen.getByRole("button", { name: "Profiel opslaan" }));
const field = (name: string) => screen.getByRole("textbox", { name }) as HTMLInputElement;

beforeEach(() => {
  sent.length = 0;
  patchReply = null;
  toasts = createToastStore();
  profile = fullProfile();
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = record(sent, input, init);
    if (request.path === "/api/v1/tags") return jsonResponse(tagsDocument());
    if (request.path === "/api/v1/current_user/volunteer_profile") {
      if (request.method === "PATCH") {
        if (patchReply) return patchReply();
        return jsonResponse(profileDocument(profile));
      }
      return jsonResponse(profileDocument(profile));
    }
    return notFound();
  });
});
afterEach(() => {
  cleanup();
  toasts.clear();
  vi.unstubAllGlobals();
});

describe("/profile-edit", () => {
  it("opens with the profile as saved: fields, interests, the week grid, languages and consent", async () => {
    renderForm();
    await screen.findByRole("textbox", { name: "Voornaam" });
    expect(field("Voornaam").value).toBe("Daan");
    expect(field("Postcode").value).toBe("3811 AB");
    const interests = screen.getByRole("group", { name: "Interesses" });
    expect(
      within(interests)
        .getAllByRole("checkbox")
        .map((box) => [box.closest("label")?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ["Onderwijs", true],
      ["Ouderen", true],
      ["Natuur en milieu", false],
    ]);
    const week = screen.getByRole("group", { name: "Beschikbaarheid" });
    expect(within(week).getAllByRole("checkbox")).toHaveLength(21);
    expect(
      (within(week).getByRole("checkbox", { name: "Dinsdag, Ochtend" }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect(
      (within(week).getByRole("checkbox", { name: "Dinsdag, Avond" }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      within(week)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Ochtend", "Middag", "Avond"]);
    const languages = screen.getByRole("group", { name: "Talen" });
    expect(
      (within(languages).getByRole("checkbox", { name: "Duits" }) as HTMLInputElement).checked,
    ).toBe(true);
    const consent = screen.getByRole("checkbox", {
      name: "Centrale medewerkers mogen mij vinden in de vrijwilligerspool",
    }) as HTMLInputElement;
    expect(consent.checked).toBe(true);
    expect(consent.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(`${profile.about.length} van 1000 tekens`)).toBeTruthy();
  });

  it("starts out of the pool on an empty profile", async () => {
    profile = emptyProfile();
    renderForm();
    const consent = (await screen.findByRole("checkbox", {
      name: "Centrale medewerkers mogen mij vinden in de vrijwilligerspool",
    })) as HTMLInputElement;
    expect(consent.checked).toBe(false);
  });

  it("saves everything in one PATCH: attributes in the contract's order, the interests as tags", async () => {
    renderForm();
    await screen.findByRole("textbox", { name: "Voornaam" });
    fireEvent.change(field("Postcode"), { target: { value: "3811ab" } });
    fireEvent.change(field("Uren per week"), { target: { value: "8" } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Maandag, Avond" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Natuur en milieu" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Nederlands" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Engels" }));
    fireEvent.click(screen.getByRole("button", { name: "voorlezen verwijderen" }));
    fireEvent.change(field("Nieuwe vaardigheid"), { target: { value: "  koken " } });
    fireEvent.keyDown(field("Nieuwe vaardigheid"), { key: "Enter" });
    save();
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0].query).toEqual({ include: "tags" });
    expect(patches()[0].body).toEqual({
      data: {
        type: "volunteer_profiles",
        attributes: {
          first_name: "Daan",
          last_name: "Smit",
          phone: "06 12345678",
          postal_code: "3811 AB",
          city: "Amersfoort",
          about: "Gepensioneerd docent.\nIk help graag met lezen.",
          skills: ["bijles geven", "koken"],
          availability: [
            "monday_evening",
            "tuesday_morning",
            "thursday_afternoon",
            "saturday_morning",
          ],
          hours_per_week: 8,
          languages: ["en", "de", "sgn"],
          in_pool: true,
        },
        relationships: {
          tags: {
            data: [
              { type: "tags", id: "11" },
              { type: "tags", id: "12" },
              { type: "tags", id: "13" },
            ],
          },
        },
      },
    });
    await waitFor(() =>
      expect(toasts.getSnapshot().toasts.map((toast) => toast.title)).toEqual([
        "Je profiel is opgeslagen.",
      ]),
    );
  }, 15_000);

  it("checks the form's rules before sending: a postcode, hours, the about's length", async () => {
    renderForm();
    await screen.findByRole("textbox", { name: "Voornaam" });
    fireEvent.change(field("Postcode"), { target: { value: "12345" } });
    fireEvent.change(field("Uren per week"), { target: { value: "81" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Over jou" }), {
      target: { value: "x".repeat(1001) },
    });
    save();
    expect(
      await screen.findByText("Vul een geldige postcode in, bijvoorbeeld 1234 AB."),
    ).toBeTruthy();
    expect(screen.getByText("Uren per week is een heel getal van 0 tot en met 80.")).toBeTruthy();
    expect(screen.getByText("Over jou mag hoogstens 1000 tekens lang zijn.")).toBeTruthy();
    expect(field("Postcode").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(field("Postcode")));
    expect(patches()).toEqual([]);
  });

  it("keeps skills within their limits at the input: empty, too long, twice, the twenty-first", async () => {
    profile = { ...emptyProfile(), skills: Array.from({ length: 19 }, (_, i) => `skill ${i}`) };
    renderForm();
    const input = await screen.findByRole("textbox", { name: "Nieuwe vaardigheid" });
    const add = screen.getByRole("button", { name: "Toevoegen" });
    fireEvent.click(add);
    expect(screen.getByText("Typ eerst een vaardigheid.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "x".repeat(61) } });
    fireEvent.click(add);
    expect(screen.getByText("Een vaardigheid mag hoogstens 60 tekens lang zijn.")).toBeTruthy();
    fireEvent.change(input, { target: { value: "Skill 3" } });
    fireEvent.click(add);
    expect(screen.getByText("Skill 3 staat er al bij.")).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(input, { target: { value: "fietsen" } });
    fireEvent.click(add);
    expect(screen.getByRole("list", { name: "Je vaardigheden" }).children).toHaveLength(20);
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: "zwemmen" } });
    fireEvent.click(add);
    expect(
      screen.getByText("Je kunt hoogstens 20 vaardigheden noemen. Verwijder er eerst een."),
    ).toBeTruthy();
  });

  it("puts the api's 422s on their fields: an unknown place, a skill, the interests; the first gets focus", async () => {
    patchReply = () =>
      jsonResponse(
        {
          errors: [
            {
              status: "422",
              code: "unknown_place",
              title: "Unprocessable Entity",
              detail: "is not a known place",
              source: { pointer: "/data/attributes/postal_code" },
            },
            {
              status: "422",
              code: "too_long",
              title: "Unprocessable Entity",
              detail: "is too long (maximum is 60 characters)",
              source: { pointer: "/data/attributes/skills/1" },
            },
            {
              status: "422",
              code: "invalid",
              title: "Unprocessable Entity",
              detail: "is not a tag of this tenant",
              source: { pointer: "/data/relationships/tags" },
            },
          ],
        },
        422,
      );
    renderForm();
    await screen.findByRole("textbox", { name: "Voornaam" });
    save();
    expect(
      await screen.findByText("Deze plaats kennen we niet. Controleer je postcode of woonplaats."),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field("Postcode")));
    expect(screen.getByText("Vaardigheden mag hoogstens 60 tekens lang zijn.")).toBeTruthy();
    expect(screen.getByText("Interesses is niet geldig.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain(nl.validation.checkFields);
    expect(toasts.getSnapshot().toasts).toEqual([]);
  });
});
