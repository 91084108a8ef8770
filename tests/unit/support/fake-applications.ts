/**
 * A fake of the applications api for the web's unit tests, in the agreed wire format
 * (JSON:API, snake_case): an application resource with its vacancy and applicant included.
 */

export type TFakeApplication = {
  id: string;
  status: string;
  motivation?: string | null;
  created_at?: string;
  status_changed_at?: string | null;
  responded_at?: string | null;
  allowed_events?: string[];
  side?: "volunteer" | "organization";
  vacancy?: { id: string; title: string; closes_on?: string | null };
  user?: { id: string; first_name: string; last_name: string; email: string; phone: string | null };
  organization?: { id: string; name: string };
  /** The application's thread; its id only, as `include=conversation` gives it. */
  conversation?: { id: string };
  transitions?: {
    id: string;
    event: string;
    from_status: string;
    to_status: string;
    created_at: string;
  }[];
};

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

export function applicationResource(app: TFakeApplication) {
  const relationships: Record<string, unknown> = {};
  if (app.vacancy) relationships.vacancy = { data: { type: "vacancies", id: app.vacancy.id } };
  if (app.user) relationships.user = { data: { type: "users", id: app.user.id } };
  if (app.organization)
    relationships.organization = { data: { type: "organizations", id: app.organization.id } };
  if (app.conversation)
    relationships.conversation = { data: { type: "conversation", id: app.conversation.id } };
  if (app.transitions)
    relationships.transitions = {
      data: app.transitions.map((tr) => ({ type: "application_transitions", id: tr.id })),
    };
  return {
    type: "applications",
    id: app.id,
    attributes: {
      status: app.status,
      motivation: app.motivation ?? null,
      created_at: app.created_at ?? "2026-11-20T10:00:00.000Z",
      updated_at: app.created_at ?? "2026-11-20T10:00:00.000Z",
      status_changed_at: app.status_changed_at ?? null,
      responded_at: app.responded_at ?? null,
      allowed_events: app.allowed_events ?? [],
      side: app.side ?? "volunteer",
    },
    relationships,
  };
}

export function included(apps: TFakeApplication[]) {
  const seen = new Map<string, unknown>();
  for (const app of apps) {
    if (app.vacancy) {
      const { id, ...attributes } = app.vacancy;
      seen.set(`vacancies:${id}`, { type: "vacancies", id, attributes });
    }
    if (app.user) {
      const { id, ...attributes } = app.user;
      seen.set(`users:${id}`, { type: "users", id, attributes });
    }
    if (app.organization) {
      const { id, ...attributes } = app.organization;
      seen.set(`organizations:${id}`, { type: "organizations", id, attributes });
    }
    for (const tr of app.transitions ?? []) {
      const { id, ...attributes } = tr;
      seen.set(`application_transitions:${id}`, {
        type: "application_transitions",
        id,
        attributes,
      });
    }
  }
  return [...seen.values()];
}

export const listDocument = (apps: TFakeApplication[], records = apps.length, current = 1) => ({
  data: apps.map(applicationResource),
  included: included(apps),
  meta: { pagination: { current, records } },
});

export const oneDocument = (app: TFakeApplication) => ({
  data: applicationResource(app),
  included: included([app]),
});

export type TSent = { method: string; path: string; query: Record<string, string>; body: unknown };
