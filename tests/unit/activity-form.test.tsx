import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const push = vi.fn();
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push, replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/activiteitenkalender/overzicht",
  useSearchParams: () => new URLSearchParams(),
}));

import { ActivityAdd } from "@/components/activities/activity-add";
import { ActivityEdit } from "@/components/activities/activity-edit";
import { ActivityForm, type TSaveIntent } from "@/components/activities/activity-form";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { EMPTY_ACTIVITY_FORM, type TActivityFormValues } from "@/lib/activities/activity-form";
import {
  saveActivityChanges,
  saveNewActivity,
  type TActivitySaved,
} from "@/lib/activities/activity-form-api";
import type { ApiClient } from "@/lib/api";
import { ApiError } from "@/lib/api/errors";
import { defaultLocale, timeZone } from "@/lib/i18n/config";
import { loadMessages } from "@/lib/i18n/load-messages";
import { createToastStore } from "@/lib/toasts/toast-store";
import nl from "@/messages/nl.json";
import { currentUser, jsonResponse } from "./support/fake-vacancies";
import { stubLayoutForProseMirror } from "./support/prosemirror-dom";

// The activity form (docs/activity-form.md): what it checks, what it hands to the save, the
// api's 422s on their fields with nothing typed lost, the series' dates and the scope of an
// edit; and the calls a save makes.

beforeAll(stubLayoutForProseMirror);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const f = nl.activityForm;
const SAVED: TActivitySaved = {
  title: "Taalcafé",
  count: 1,
  published: false,
  publishFailed: false,
};

type TSave = (values: TActivityFormValues, intent: TSaveIntent) => Promise<TActivitySaved>;

async function renderForm(
  save: TSave,
  options: {
    mode?: "add" | "edit";
    inSeries?: boolean;
    values?: Partial<TActivityFormValues>;
  } = {},
) {
  const messages = await loadMessages(defaultLocale);
  const onSaved = vi.fn();
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider store={createToastStore()}>
          <ActivityForm
            mode={options.mode ?? "add"}
            defaultValues={{ ...EMPTY_ACTIVITY_FORM, ...options.values }}
            desks={[{ value: "4", label: "AZC Dronten" }]}
            noDesk
            inSeries={options.inSeries}
            canPublish
            saveLabel={f.actions.saveDraft}
            save={save}
            failureTitle={f.toasts.createFailed}
            onSaved={onSaved}
            cancelHref="/activiteitenkalender/overzicht"
          />
        </ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  await screen.findByRole("textbox", { name: f.fields.description });
  return { onSaved };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const messageOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" | ");

function fillOneOff() {
  type(f.fields.title, "Taalcafé");
  type(f.fields.startDate, "2027-03-25");
  type(f.fields.startTime, "19:00");
  type(f.fields.endTime, "21:00");
}

describe("the activity form", () => {
  it("saves a one-off activity as a draft and hands on what was typed", async () => {
    const save = vi.fn<TSave>(async () => SAVED);
    const { onSaved } = await renderForm(save);
    fillOneOff();
    type(f.fields.capacity, "12");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    const [values, intent] = save.mock.calls[0];
    expect(intent).toBe("save");
    expect(values).toMatchObject({
      title: "Taalcafé",
      startDate: "2027-03-25",
      startTime: "19:00",
      endTime: "21:00",
      capacity: "12",
      repeats: false,
    });
  });

  it("asks for a start time, an end after the start and a capacity in range", async () => {
    const save = vi.fn<TSave>(async () => SAVED);
    await renderForm(save);
    type(f.fields.title, "Taalcafé");
    type(f.fields.startDate, "2027-03-25");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() =>
      expect(messageOf(field(f.fields.startTime))).toContain(
        nl.validation.required.replace("{field}", f.fields.startTime),
      ),
    );
    type(f.fields.startTime, "19:00");
    type(f.fields.endTime, "18:00");
    type(f.fields.capacity, "0");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() =>
      expect(messageOf(field(f.fields.endTime))).toContain(f.validation.endsBeforeStart),
    );
    expect(messageOf(field(f.fields.capacity))).toContain(
      f.validation.between
        .replace("{field}", f.fields.capacity)
        .replace("{min}", "1")
        .replace("{max}", "10000"),
    );
    expect(save).not.toHaveBeenCalled();
  });

  it("refuses a sign-up address the api would refuse (http), on its field", async () => {
    const save = vi.fn<TSave>(async () => SAVED);
    await renderForm(save);
    fillOneOff();
    type(f.fields.registrationUrl, "http://example.nl/aanmelden");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() =>
      expect(field(f.fields.registrationUrl).getAttribute("aria-invalid")).toBe("true"),
    );
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the api's 422 on the field its pointer names, and keeps what was typed", async () => {
    const save = vi.fn<TSave>(async () => {
      throw new ApiError({
        statusCode: 422,
        errors: [
          {
            status: "422",
            source: { pointer: "/data/attributes/postal_code" },
            detail: "Postal code is not a place we know",
            code: "unknown_place",
          },
        ],
      });
    });
    const { onSaved } = await renderForm(save);
    fillOneOff();
    type(f.fields.postalCode, "0000 XX");
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() =>
      expect(messageOf(field(f.fields.postalCode))).toContain(f.validation.unknownPlace),
    );
    expect(screen.getByText(f.checkFields)).toBeTruthy();
    expect(field(f.fields.title).value).toBe("Taalcafé");
    expect(field(f.fields.postalCode).value).toBe("0000 XX");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("repeats weekly until a day, shows the dates and skips the ones unticked", async () => {
    const save = vi.fn<TSave>(async () => ({ ...SAVED, count: 3, published: true }));
    await renderForm(save);
    fillOneOff();
    fireEvent.click(screen.getByRole("checkbox", { name: f.fields.repeats }));
    type(f.fields.until, "2027-04-15");
    const dates = screen.getByRole("group", { name: f.fields.exceptionDates });
    const boxes = within(dates).getAllByRole("checkbox") as HTMLInputElement[];
    expect(boxes).toHaveLength(4);
    expect(boxes.every((box) => box.checked)).toBe(true);
    fireEvent.click(boxes[1]);
    expect(within(dates).getByText(/^3 data/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: f.actions.publish }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    const [values, intent] = save.mock.calls[0];
    expect(intent).toBe("publish");
    expect(values).toMatchObject({
      repeats: true,
      intervalWeeks: "1",
      repeatEnd: "until",
      until: "2027-04-15",
      exceptionDates: ["2027-04-01"],
    });
  });

  it("asks an occurrence of a series whether the following change too", async () => {
    const save = vi.fn<TSave>(async () => SAVED);
    await renderForm(save, {
      mode: "edit",
      inSeries: true,
      values: { title: "Taalcafé", startDate: "2027-03-25", startTime: "19:00" },
    });
    // Editing adds no series.
    expect(screen.queryByRole("checkbox", { name: f.fields.repeats })).toBeNull();
    expect((screen.getByRole("radio", { name: f.scope.this }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("radio", { name: f.scope.following }));
    fireEvent.click(screen.getByRole("button", { name: f.actions.saveDraft }));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][0].scope).toBe("following");
  });
});

/** A client that answers from a script and records what was asked. */
function scriptedClient(answers: Record<string, () => unknown>) {
  const calls: { method: string; path: string; body: unknown; query: unknown }[] = [];
  const call =
    (method: string) => async (path: string, body?: unknown, options?: { query?: unknown }) => {
      calls.push({ method, path, body, query: options?.query ?? {} });
      const answer = answers[`${method} ${path}`];
      if (!answer) throw new ApiError({ statusCode: 404 });
      return answer();
    };
  const client = {
    post: call("POST"),
    put: call("PUT"),
    patch: call("PATCH"),
  } as unknown as ApiClient;
  return { client, calls };
}

describe("saving", () => {
  const values: TActivityFormValues = {
    ...EMPTY_ACTIVITY_FORM,
    title: "Taalcafé",
    startDate: "2027-03-25",
    startTime: "19:00",
  };

  it("adds a series, then publishes its first occurrence and the following", async () => {
    const { client, calls } = scriptedClient({
      "POST /api/v1/activity_series": () => ({
        data: { id: "5", activityIds: ["31", "32", "33"] },
      }),
      "PUT /api/v1/activities/31/transition": () => ({ data: { id: "31" } }),
    });
    const saved = await saveNewActivity(
      client,
      { ...values, repeats: true, repeatEnd: "count", count: "3" },
      { publish: true },
    );
    expect(saved).toEqual({ title: "Taalcafé", count: 3, published: true, publishFailed: false });
    expect(calls.map((c) => [c.method, c.path, c.query])).toEqual([
      ["POST", "/api/v1/activity_series", {}],
      ["PUT", "/api/v1/activities/31/transition", { scope: "following" }],
    ]);
  });

  it("keeps a new activity that could not be published, as a draft, and says so", async () => {
    const { client } = scriptedClient({
      "POST /api/v1/activities": () => ({ data: { id: "40" } }),
    });
    expect(await saveNewActivity(client, values, { publish: true })).toEqual({
      title: "Taalcafé",
      count: 1,
      published: false,
      publishFailed: true,
    });
  });

  it("edits this occurrence and the following with scope=following", async () => {
    const { client, calls } = scriptedClient({
      "PATCH /api/v1/activities/31": () => ({
        data: { id: "31", title: "Taal" },
        meta: { changedIds: ["31", "32"] },
      }),
    });
    const saved = await saveActivityChanges(
      client,
      "31",
      { ...values, title: "Taal", scope: "following" },
      { initial: values, publish: false, inSeries: true },
    );
    expect(saved).toEqual({ title: "Taal", count: 2, published: false, publishFailed: false });
    expect(calls[0]).toMatchObject({
      query: { scope: "following" },
      body: { data: { type: "activities", id: "31", attributes: { title: "Taal" } } },
    });
  });
});

/** The pages on a fake api: a centre's member, its one desk, and what the managed list has. */
function fakeApi(options: {
  roles: { name: string; on: number | null }[];
  activities: unknown[];
  included?: unknown[];
}) {
  const sent: { method: string; path: string; query: Record<string, string>; body: unknown }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    sent.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: init.body ? JSON.parse(String(init.body)) : null,
    });
    switch (`${method} ${url.pathname}`) {
      case "GET /api/v1/current_user":
        return jsonResponse(currentUser(options.roles));
      case "GET /api/v1/current_organizations":
        return jsonResponse({
          data: [
            {
              type: "organization",
              id: "2",
              attributes: { name: "Cordaad", type: "VolunteerCenter" },
            },
          ],
        });
      case "GET /api/v1/meedoen/desks":
        return jsonResponse({
          data: [
            {
              type: "desk",
              id: "4",
              attributes: { azc_name: "AZC Dronten", slug: "azc-dronten", volunteer_center_id: 2 },
            },
            {
              type: "desk",
              id: "5",
              attributes: { azc_name: "AZC Zwolle", slug: "azc-zwolle", volunteer_center_id: 3 },
            },
          ],
        });
      case "GET /api/v1/managed_activities":
        return jsonResponse({
          data: options.activities,
          included: options.included ?? [],
          meta: { record_count: options.activities.length },
        });
      default:
        return jsonResponse({ errors: [{ status: "404" }] }, 404);
    }
  });
  return sent;
}

async function renderPage(page: React.ReactNode) {
  const messages = await loadMessages(defaultLocale);
  render(
    <NextIntlClientProvider locale={defaultLocale} messages={messages} timeZone={timeZone}>
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ToastProvider store={createToastStore()}>{page}</ToastProvider>
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
}

const memberOf = (on: number) => ({ name: "member", on });

describe("the pages", { timeout: 20_000 }, () => {
  it("reads the activity it edits from the managed list, in its centre's desks", async () => {
    const sent = fakeApi({
      roles: [memberOf(2)],
      activities: [
        {
          type: "activity",
          id: "31",
          attributes: {
            title: "Taalcafé",
            status: "published",
            starts_at: "2027-03-25T18:00:00.000Z",
            ends_at: null,
            all_day: false,
            online: false,
            capacity: null,
            desk_id: 4,
            volunteer_center_id: 2,
            series_id: null,
          },
        },
      ],
    });
    await renderPage(<ActivityEdit id="31" />);
    expect(
      await screen.findByRole(
        "heading",
        { level: 1, name: `Taalcafé bewerken` },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(sent.find((r) => r.path === "/api/v1/managed_activities")?.query).toMatchObject({
      "filter[id_eq]": "31",
    });
    expect(field(f.fields.startTime).value).toBe("19:00");
    const desk = screen.getByRole("combobox", {
      name: new RegExp(f.fields.desk),
    }) as HTMLSelectElement;
    expect(desk.value).toBe("4");
    // Its centre's desks only; published: saved, not published again; no series, no scope.
    expect(Array.from(desk.options).map((o) => o.text)).toEqual([f.noDesk, "AZC Dronten"]);
    expect(screen.queryByRole("button", { name: f.actions.publish })).toBeNull();
    expect(screen.getByRole("button", { name: f.actions.save })).toBeTruthy();
    expect(screen.queryByRole("radio", { name: f.scope.following })).toBeNull();
  });

  it("keeps an activity's desk on offer where the desks it may choose leave it out", async () => {
    fakeApi({
      roles: [memberOf(2)],
      activities: [
        {
          type: "activity",
          id: "32",
          attributes: {
            title: "Wandeling",
            status: "draft",
            starts_at: "2027-03-25T18:00:00.000Z",
            ends_at: null,
            all_day: false,
            online: false,
            capacity: null,
            desk_id: 6,
            volunteer_center_id: 2,
            series_id: 5,
          },
          relationships: { desk: { data: { type: "desk", id: "6" } } },
        },
      ],
      included: [{ type: "desk", id: "6", attributes: { azc_name: "AZC Oud", slug: "azc-oud" } }],
    });
    await renderPage(<ActivityEdit id="32" />);
    const desk = (await screen.findByRole(
      "combobox",
      { name: new RegExp(f.fields.desk) },
      { timeout: 5_000 },
    )) as HTMLSelectElement;
    expect(desk.value).toBe("6");
    expect(desk.selectedOptions[0].text).toBe("AZC Oud");
    // A draft in a series: publish, and the scope.
    expect(screen.getByRole("button", { name: f.actions.publish })).toBeTruthy();
    expect(screen.getByRole("radio", { name: f.scope.following })).toBeTruthy();
  });

  it("is the 404 screen for an activity the managed list does not have", async () => {
    fakeApi({ roles: [memberOf(2)], activities: [] });
    await renderPage(<ActivityEdit id="99" />);
    expect(
      await screen.findByRole("heading", { name: nl.errors.notFound.title }, { timeout: 5_000 }),
    ).toBeTruthy();
  });

  it("is the 403 screen for someone who runs no activity", async () => {
    fakeApi({ roles: [memberOf(9)], activities: [] });
    await renderPage(<ActivityAdd />);
    expect(
      await screen.findByRole("heading", { name: nl.errors.forbidden.title }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: f.fields.title })).toBeNull();
  });
});
