import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ActivityAttendees } from "@/components/activity-attendees/activity-attendees";
import { AttendanceForm } from "@/components/activity-attendees/attendance-form";
import { AttendeesLink } from "@/components/activity-attendees/attendees-link";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { checkAttendance, type TAttendee } from "@/lib/activity-registrations/attendees";
import { timeZone } from "@/lib/i18n/config";
import { createToastStore } from "@/lib/toasts/toast-store";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import { jsonResponse } from "./support/fake-vacancies";

// The attendee list (docs/activity-attendees.md): per person came or not with the minutes,
// checked before sending and refused by the api in words; the waiting list apart and in
// order; a place given back only before the activity begins, after a confirmation.

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/activiteitenkalender/overzicht/5/deelnemers",
  useSearchParams: () => new URLSearchParams(""),
}));

type TSent = { method: string; path: string; body: unknown };
const sent: TSent[] = [];
let attendanceAnswer: { status: number; body: unknown };
let peopleStatus: number;
let startsAt: string;
let endsAt: string | null;

const HOUR = 3_600_000;
const person = (over: Partial<TAttendee>): TAttendee => ({
  id: "11",
  status: "registered",
  waitlistPosition: null,
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.test",
  attended: null,
  minutes: null,
  createdAt: "2026-11-20T09:00:00.000Z",
  ...over,
});

const wire = (p: TAttendee) => ({
  type: "activity_registration",
  id: p.id,
  attributes: {
    status: p.status,
    waitlist_position: p.waitlistPosition,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    attended: p.attended,
    minutes: p.minutes,
    created_at: p.createdAt,
  },
});

const PEOPLE = [
  person({}),
  person({
    id: "13",
    status: "waitlisted",
    waitlistPosition: 2,
    firstName: "Cas",
    lastName: "Tweede",
    email: "cas@example.test",
    createdAt: "2026-11-20T09:02:00.000Z",
  }),
  person({
    id: "12",
    status: "waitlisted",
    waitlistPosition: 1,
    firstName: "Bo",
    lastName: "Eerste",
    email: "bo@example.test",
    createdAt: "2026-11-20T09:01:00.000Z",
  }),
];

function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Response {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  sent.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
  if (url.pathname === "/api/v1/activities/5") {
    return jsonResponse({
      data: {
        type: "activity",
        id: "5",
        attributes: {
          title: "Taalcafé",
          status: "published",
          starts_at: startsAt,
          ends_at: endsAt,
          all_day: false,
          capacity: 1,
          registrations_count: 1,
          waitlist_count: 2,
          spots_left: 0,
          registration_open: false,
        },
      },
    });
  }
  if (url.pathname === "/api/v1/activity_registrations" && method === "GET") {
    if (peopleStatus !== 200) {
      return jsonResponse({ errors: [{ status: "403", code: "forbidden" }] }, 403);
    }
    return jsonResponse({
      data: PEOPLE.map(wire),
      meta: { pagination: { current: 1, records: PEOPLE.length } },
    });
  }
  if (/^\/api\/v1\/activity_registrations\/\d+\/attendance$/.test(url.pathname)) {
    return jsonResponse(attendanceAnswer.body, attendanceAnswer.status);
  }
  if (/^\/api\/v1\/activity_registrations\/\d+$/.test(url.pathname) && method === "DELETE") {
    return jsonResponse(null, 204);
  }
  return jsonResponse({ errors: [{ status: "404" }] }, 404);
}

function renderWith(children: ReactNode, locale: "nl" | "en" = "nl") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider
        locale={locale}
        messages={locale === "nl" ? nl : en}
        timeZone={timeZone}
      >
        <ToastProvider store={createToastStore()}>{children}</ToastProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/** A control's name: its text, then whose (read to screen readers only). */
const named = (label: string, who: string) => {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${literal(label)}\\s*${literal(who)}$`);
};
const attendanceCalls = () => sent.filter((s) => s.path.endsWith("/attendance"));
const attributesOf = (call: TSent | undefined) =>
  (call?.body as { data: { attributes: unknown } } | null)?.data.attributes;
const t = nl.activityAttendees.attendance;

beforeAll(() => {
  const proto = HTMLDialogElement.prototype;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute("open");
  };
});

beforeEach(() => {
  sent.length = 0;
  peopleStatus = 200;
  startsAt = new Date(Date.now() - HOUR).toISOString();
  endsAt = new Date(Date.now() + HOUR / 2).toISOString();
  attendanceAnswer = {
    status: 200,
    body: { data: wire(person({ attended: true, minutes: 90 })) },
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) =>
    fakeApi(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("checkAttendance", () => {
  it("asks for a choice, takes minutes from 0 to 1440, needs them only without a length", () => {
    expect(checkAttendance(null, "60", 60)).toEqual({ ok: false, error: "choose" });
    expect(checkAttendance("absent", "abc", null)).toEqual({ ok: true, attended: false });
    expect(checkAttendance("came", "", 90)).toEqual({ ok: true, attended: true });
    expect(checkAttendance("came", " ", null)).toEqual({ ok: false, error: "minutesRequired" });
    expect(checkAttendance("came", "0", null)).toEqual({ ok: true, attended: true, minutes: 0 });
    expect(checkAttendance("came", "1440", null)).toEqual({
      ok: true,
      attended: true,
      minutes: 1440,
    });
    for (const bad of ["1441", "-5", "12.5", "1e3"]) {
      expect(checkAttendance("came", bad, 60)).toEqual({ ok: false, error: "minutesRange" });
    }
  });
});

describe("AttendanceForm", { timeout: 20_000 }, () => {
  const renderForm = (p: TAttendee, length: number | null, locale: "nl" | "en" = "nl") =>
    renderWith(
      <AttendanceForm person={p} name="Anna de Vries" length={length} invalidates={[]} />,
      locale,
    );
  const minutesField = () =>
    screen.getByRole("spinbutton", { name: named(t.minutes, "Anna de Vries") });
  const save = () =>
    fireEvent.click(screen.getByRole("button", { name: named(t.save, "Anna de Vries") }));

  it("starts with the activity's length and sends the minutes as changed", async () => {
    renderForm(person({}), 90);
    expect(minutesField()).toHaveProperty("value", "90");
    fireEvent.click(screen.getByRole("radio", { name: t.came }));
    fireEvent.change(minutesField(), { target: { value: "75" } });
    save();
    await waitFor(() => expect(attendanceCalls()).toHaveLength(1));
    expect(attendanceCalls()[0].method).toBe("PUT");
    expect(attendanceCalls()[0].path).toBe("/api/v1/activity_registrations/11/attendance");
    expect(attributesOf(attendanceCalls()[0])).toEqual({ attended: true, minutes: 75 });
  });

  it("shows what was recorded, and sends no minutes for someone who did not come", async () => {
    renderForm(person({ attended: true, minutes: 30 }), 90);
    expect(screen.getByRole("radio", { name: t.came })).toHaveProperty("checked", true);
    expect(minutesField()).toHaveProperty("value", "30");
    fireEvent.click(screen.getByRole("radio", { name: t.absent }));
    expect(minutesField()).toHaveProperty("disabled", true);
    save();
    await waitFor(() => expect(attendanceCalls()).toHaveLength(1));
    expect(attributesOf(attendanceCalls()[0])).toEqual({ attended: false });
  });

  it("sends nothing until came or not is chosen, and says so", async () => {
    renderForm(person({}), 90);
    save();
    expect((await screen.findByRole("alert")).textContent).toContain(t.errors.choose);
    expect(attendanceCalls()).toHaveLength(0);
  });

  it("needs minutes when the activity has no length, and keeps them within a day", async () => {
    renderForm(person({}), null);
    expect(minutesField()).toHaveProperty("value", "");
    fireEvent.click(screen.getByRole("radio", { name: t.came }));
    save();
    expect((await screen.findByRole("alert")).textContent).toContain(t.errors.minutesRequired);
    expect(minutesField().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(minutesField(), { target: { value: "1441" } });
    save();
    expect(screen.getByRole("alert").textContent).toContain(
      t.errors.minutesRange.replace("{max}", "1440"),
    );
    expect(attendanceCalls()).toHaveLength(0);
    fireEvent.change(minutesField(), { target: { value: "1440" } });
    save();
    await waitFor(() => expect(attendanceCalls()).toHaveLength(1));
    expect(attributesOf(attendanceCalls()[0])).toEqual({ attended: true, minutes: 1440 });
  });

  it("shows the api's refusal in words, in either language", async () => {
    attendanceAnswer = {
      status: 422,
      body: { errors: [{ status: "422", code: "not_started", source: { pointer: "/data" } }] },
    };
    renderForm(person({}), 90, "en");
    fireEvent.click(screen.getByRole("radio", { name: en.activityAttendees.attendance.came }));
    fireEvent.click(
      screen.getByRole("button", {
        name: named(en.activityAttendees.attendance.save, "Anna de Vries"),
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(
        en.activityAttendees.attendance.errors.notStarted,
      ),
    );
    cleanup();

    attendanceAnswer = {
      status: 422,
      body: {
        errors: [{ status: "422", code: "blank", source: { pointer: "/data/attributes/minutes" } }],
      },
    };
    renderForm(person({}), 90);
    fireEvent.click(screen.getByRole("radio", { name: t.came }));
    save();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain(t.errors.minutesRequired),
    );
  });
});

describe("ActivityAttendees", { timeout: 20_000 }, () => {
  const a = nl.activityAttendees;

  it("lists those with a place, then the waiting list in its order; attendance once begun", async () => {
    renderWith(<ActivityAttendees id="5" />);
    expect(await screen.findByRole("heading", { level: 1, name: a.title })).toBeTruthy();
    const placed = await screen.findByRole("region", { name: a.placed.heading });
    const anna = within(placed).getByRole("rowheader", { name: "Anna de Vries" }).closest("tr");
    expect(anna?.textContent).toContain("anna@example.test");
    expect(anna?.textContent).toContain(a.status.registered);
    // 1.5 hours long: the minutes start at 90.
    expect(
      within(anna as HTMLElement).getByRole("spinbutton", {
        name: named(a.attendance.minutes, "Anna de Vries"),
      }),
    ).toHaveProperty("value", "90");
    expect(within(placed).queryByRole("rowheader", { name: "Bo Eerste" })).toBeNull();

    const waiting = screen.getByRole("region", { name: a.waiting.tableLabel });
    const names = within(waiting)
      .getAllByRole("rowheader")
      .map((cell) => cell.textContent);
    expect(names).toEqual(["Bo Eerste", "Cas Tweede"]);
    // Begun: nobody's place is given back any more.
    expect(screen.queryByRole("button", { name: new RegExp(a.giveBack.button) })).toBeNull();
  });

  it("before the start: no attendance, and a place is given back after a confirmation", async () => {
    startsAt = new Date(Date.now() + 24 * HOUR).toISOString();
    endsAt = null;
    renderWith(<ActivityAttendees id="5" />);
    const button = await screen.findByRole("button", {
      name: named(a.giveBack.button, "Anna de Vries"),
    });
    expect(screen.queryByRole("spinbutton")).toBeNull();
    fireEvent.click(button);
    const dialog = screen.getByRole("dialog", {
      name: a.giveBack.title.replace("{name}", "Anna de Vries"),
    });
    expect(sent.some((s) => s.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: a.giveBack.confirm }));
    await waitFor(() =>
      expect(sent.filter((s) => s.method === "DELETE").map((s) => s.path)).toEqual([
        "/api/v1/activity_registrations/11",
      ]),
    );
    expect(
      screen.getByRole("button", { name: named(a.giveBack.waitingButton, "Bo Eerste") }),
    ).toBeTruthy();
  });

  it("shows the 403 screen to someone who does not run the activity", async () => {
    peopleStatus = 403;
    renderWith(<ActivityAttendees id="5" />);
    expect(
      await screen.findByRole("heading", { level: 1, name: nl.errors.forbidden.title }),
    ).toBeTruthy();
  });
});

describe("AttendeesLink", () => {
  it("leads from a published or cancelled activity of the overview to its attendees; a draft has none", () => {
    for (const status of ["published", "cancelled"] as const) {
      renderWith(<AttendeesLink activity={{ id: "5", title: "Taalcafé", status }} />);
      expect(
        screen.getByRole("link", { name: named(nl.activityAttendees.rowAction, "Taalcafé") }),
      ).toHaveProperty("pathname", "/activiteitenkalender/overzicht/5/deelnemers");
      cleanup();
    }
    renderWith(<AttendeesLink activity={{ id: "6", title: "Breiclub", status: "draft" }} />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});
