/**
 * A fake of the activity sign-up api for the web's unit tests, in the agreed wire format
 * (JSON:API, snake_case; docs/activity-sign-up.md): the caller's live registrations, the
 * activities with their counts, POST and DELETE that change both as the api would.
 */
import { jsonResponse, type TSent } from "./fake-applications";

export { jsonResponse, type TSent };

export type TFakeActivity = {
  id: string;
  title: string;
  status: "published" | "cancelled";
  starts_at: string;
  ends_at: string | null;
  all_day: boolean;
  registration_url: string | null;
  capacity: number | null;
  registrations_count: number;
  waitlist_count: number;
  spots_left: number | null;
  registration_open: boolean;
};

export type TFakeRegistration = {
  id: string;
  status: "registered" | "waitlisted";
  waitlist_position: number | null;
  activity_id: number;
};

const DAY = 24 * 60 * 60 * 1000;
/** A moment `days` from now (negative: past), so "upcoming" holds whenever the tests run. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export const fakeActivity = (overrides: Partial<TFakeActivity> = {}): TFakeActivity => ({
  id: "7",
  title: "Koffieochtend",
  status: "published",
  starts_at: daysFromNow(10),
  ends_at: null,
  all_day: false,
  registration_url: null,
  capacity: 12,
  registrations_count: 9,
  waitlist_count: 0,
  spots_left: 3,
  registration_open: true,
  ...overrides,
});

export const activityResource = ({ id, ...attributes }: TFakeActivity) => ({
  type: "activities",
  id,
  attributes: { ...attributes, summary: null, description: null, updated_at: attributes.starts_at },
});

export function registrationResource(registration: TFakeRegistration, withActivity = false) {
  const { id, ...attributes } = registration;
  return {
    type: "activity_registrations",
    id,
    attributes: {
      ...attributes,
      user_id: 3,
      attended: null,
      minutes: null,
      created_at: "2026-11-20T10:00:00.000Z",
      cancelled_at: null,
    },
    ...(withActivity
      ? {
          relationships: {
            activity: { data: { type: "activities", id: String(registration.activity_id) } },
          },
        }
      : {}),
  };
}

export const refusal = (code: string) =>
  jsonResponse(
    {
      errors: [
        {
          status: "422",
          code,
          title: "Unprocessable Entity",
          detail: code,
          source: { pointer: "/data/relationships/activity" },
        },
      ],
    },
    422,
  );

export type TFakeSignUpApi = {
  activities: TFakeActivity[];
  registrations: TFakeRegistration[];
  minutesThisYear: number | undefined;
  /** Whether GET ?include=activity puts the activities in `included`. */
  includeActivities: boolean;
  /** Replaces POST's own answer (a refusal). */
  postReply: (() => Response) | null;
  deleteReply: (() => Response) | null;
  sent: TSent[];
};

export function createFakeSignUpApi(): TFakeSignUpApi {
  return {
    activities: [fakeActivity()],
    registrations: [],
    minutesThisYear: 0,
    includeActivities: true,
    postReply: null,
    deleteReply: null,
    sent: [],
  };
}

let nextId = 100;
const notFound = () => jsonResponse({ errors: [{ status: "404", title: "Not Found" }] }, 404);

/** Answers fetch as the BFF would, changing `state` on POST and DELETE. */
export function fakeSignUpFetch(state: TFakeSignUpApi) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), "http://site.invalid");
    const method = init.method ?? "GET";
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    state.sent.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
    });
    const activity = (id: string | number) => state.activities.find((a) => a.id === String(id));

    const one = /^\/api\/v1\/activities\/(\w+)$/.exec(url.pathname);
    if (one && method === "GET") {
      const found = activity(one[1]);
      return found ? jsonResponse({ data: activityResource(found) }) : notFound();
    }
    if (url.pathname === "/api/v1/activity_registrations" && method === "GET") {
      const only = url.searchParams.get("filter[activity_id_eq]");
      const rows = state.registrations.filter((r) => !only || String(r.activity_id) === only);
      const include = url.searchParams.get("include") === "activity";
      const included =
        include && state.includeActivities
          ? rows.flatMap((r) => {
              const found = activity(r.activity_id);
              return found ? [activityResource(found)] : [];
            })
          : undefined;
      return jsonResponse({
        data: rows.map((r) => registrationResource(r, include)),
        ...(included ? { included } : {}),
        ...(state.minutesThisYear === undefined
          ? {}
          : { meta: { minutes_this_year: state.minutesThisYear } }),
      });
    }
    if (url.pathname === "/api/v1/activity_registrations" && method === "POST") {
      if (state.postReply) return state.postReply();
      const id = body?.data?.relationships?.activity?.data?.id;
      const found = activity(id);
      if (!found) return notFound();
      const full = found.spots_left === 0;
      const created: TFakeRegistration = {
        id: String(nextId++),
        status: full ? "waitlisted" : "registered",
        waitlist_position: full ? found.waitlist_count + 1 : null,
        activity_id: Number(found.id),
      };
      if (full) found.waitlist_count += 1;
      else {
        found.registrations_count += 1;
        if (found.spots_left !== null) found.spots_left -= 1;
      }
      state.registrations.push(created);
      return jsonResponse({ data: registrationResource(created) }, 201);
    }
    const del = /^\/api\/v1\/activity_registrations\/(\w+)$/.exec(url.pathname);
    if (del && method === "DELETE") {
      if (state.deleteReply) return state.deleteReply();
      const index = state.registrations.findIndex((r) => r.id === del[1]);
      if (index < 0) return notFound();
      const [gone] = state.registrations.splice(index, 1);
      const found = activity(gone.activity_id);
      if (found && gone.status === "registered") {
        found.registrations_count -= 1;
        if (found.spots_left !== null) found.spots_left += 1;
      }
      return new Response(null, { status: 204 });
    }
    return notFound();
  };
}
