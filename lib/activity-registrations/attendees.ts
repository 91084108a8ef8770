import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import {
  REGISTRATION_LIMITS,
  type TRegistrationStatus,
} from "@/lib/contract/activity-registrations";
import { registrationKeys } from "./registration-keys";

/**
 * The attendee list of an activity (docs/activity-attendees.md): its people as those who run
 * it see them, through GET /api/v1/activity_registrations?filter[activity_id_eq]=…
 */
export type TAttendee = {
  id: string;
  status: Exclude<TRegistrationStatus, "cancelled">;
  /** 1-based while waitlisted, else null. */
  waitlistPosition: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** null until someone marked it. */
  attended: boolean | null;
  minutes: number | null;
  createdAt: string;
};

const PATH = "/api/v1/activity_registrations";
/** The api's largest page: one call for any activity of ordinary size. */
const PAGE_SIZE = 500;

/**
 * Everyone with a place or on the waiting list, every page of them: the list and its CSV
 * are of the whole activity, not of one page.
 */
export async function fetchAttendees(
  client: ApiClient,
  activityId: string,
  signal?: AbortSignal,
): Promise<TAttendee[]> {
  const all: TAttendee[] = [];
  for (let number = 1; ; number += 1) {
    const response = await client.get<TAttendee[]>(PATH, {
      query: { filter: { activity_id_eq: activityId }, page: { number, size: PAGE_SIZE } },
      signal,
    });
    all.push(...response.data);
    const records = (response.meta?.pagination as { records?: unknown } | undefined)?.records;
    const total = typeof records === "number" ? records : all.length;
    if (response.data.length < PAGE_SIZE || all.length >= total) return all;
  }
}

export function attendeesQuery(activityId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: registrationKeys.attendees(activityId),
    queryFn: ({ signal }) => fetchAttendees(client, activityId, signal),
  });
}

/** Those with a place in the order they signed up, and the waiting list in its order. */
export function splitAttendees(people: readonly TAttendee[]) {
  const byAge = (a: TAttendee, b: TAttendee) =>
    a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id);
  const placed = people.filter((p) => p.status === "registered").sort(byAge);
  const waiting = people
    .filter((p) => p.status === "waitlisted")
    .sort(
      (a, b) =>
        (a.waitlistPosition ?? Number.MAX_SAFE_INTEGER) -
          (b.waitlistPosition ?? Number.MAX_SAFE_INTEGER) || byAge(a, b),
    );
  return { placed, waiting };
}

/** The name to show; empty when the account has none (a deleted account keeps none). */
export const attendeeName = (p: Pick<TAttendee, "firstName" | "lastName">) =>
  [p.firstName, p.lastName].filter(Boolean).join(" ").trim();

/** The search of the list: part of the name or the address, any case. */
export function matchesAttendee(p: TAttendee, q: string): boolean {
  const needle = q.trim().toLocaleLowerCase();
  if (needle === "") return true;
  return `${attendeeName(p)} ${p.email ?? ""}`.toLocaleLowerCase().includes(needle);
}

type TTimes = { startsAt: string; endsAt: string | null; allDay: boolean };

/**
 * The activity's length in minutes, as the api counts it by default (its end less its start,
 * at most a day); null for an all-day activity or one without an end.
 */
export function activityMinutes(activity: TTimes): number | null {
  if (activity.allDay || activity.endsAt === null) return null;
  const minutes = Math.round(
    (new Date(activity.endsAt).getTime() - new Date(activity.startsAt).getTime()) / 60_000,
  );
  return Math.max(0, Math.min(minutes, REGISTRATION_LIMITS.maxMinutes));
}

/** Attendance is marked once the activity has begun; a place is given back only before. */
export const hasBegun = (activity: Pick<TTimes, "startsAt">, now: number) =>
  new Date(activity.startsAt).getTime() <= now;

export type TAttendanceChoice = "came" | "absent";
export type TAttendanceCheck =
  | { ok: true; attended: boolean; minutes?: number }
  | { ok: false; error: "choose" | "minutesRequired" | "minutesRange" };

/**
 * The row's form as the api will take it: someone who came with their minutes (a whole
 * number from 0 to 1,440; needed when the activity has no length), someone who did not come
 * without any.
 */
export function checkAttendance(
  choice: TAttendanceChoice | null,
  minutesText: string,
  length: number | null,
): TAttendanceCheck {
  if (choice === null) return { ok: false, error: "choose" };
  if (choice === "absent") return { ok: true, attended: false };
  const text = minutesText.trim();
  if (text === "") {
    return length === null ? { ok: false, error: "minutesRequired" } : { ok: true, attended: true };
  }
  if (!/^\d{1,4}$/.test(text)) return { ok: false, error: "minutesRange" };
  const minutes = Number(text);
  if (minutes > REGISTRATION_LIMITS.maxMinutes) return { ok: false, error: "minutesRange" };
  return { ok: true, attended: true, minutes };
}

/** What the row's minutes field starts with: what was recorded, else the activity's length. */
export function initialMinutes(person: TAttendee, length: number | null): string {
  if (person.attended && person.minutes !== null) return String(person.minutes);
  return length === null ? "" : String(length);
}

/** PUT /api/v1/activity_registrations/:id/attendance. */
export async function markAttendance(
  client: ApiClient,
  id: string,
  value: { attended: boolean; minutes?: number },
): Promise<TAttendee> {
  const response = await client.put<TAttendee>(`${PATH}/${encodeURIComponent(id)}/attendance`, {
    data: { type: "activity_registrations", id, attributes: value },
  });
  return response.data;
}

/** Why the api refused attendance, by the codes of docs/activity-registrations.md. */
export type TAttendanceRefusal =
  | "notStarted"
  | "notRegistered"
  | "minutesRequired"
  | "minutesRange";

export function attendanceRefusal(error: unknown): TAttendanceRefusal | undefined {
  if (!isApiError(error) || error.statusCode !== 422) return undefined;
  const codes = error.errors.map((item) => item.code);
  if (codes.includes("not_started")) return "notStarted";
  if (codes.includes("not_registered")) return "notRegistered";
  const minutes = error.errors.find((item) => item.source?.pointer?.endsWith("/minutes"));
  if (minutes) return minutes.code === "blank" ? "minutesRequired" : "minutesRange";
  return undefined;
}
