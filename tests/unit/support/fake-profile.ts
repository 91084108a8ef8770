/**
 * A fake of the account api for the profile pages' unit tests, in the wire format
 * (JSON:API, snake_case; docs/volunteer-profiles.md): the caller's volunteer profile with its
 * tags, the tenant's tags, the current user, PATCHes and devise's PUT /auth.
 */
import { jsonResponse, type TSent } from "./fake-applications";

export { jsonResponse, type TSent };

export type TFakeProfile = {
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  postal_code: string | null;
  city: string | null;
  about: string;
  skills: string[];
  availability: string[];
  hours_per_week: number | null;
  languages: string[];
  in_pool: boolean;
  pool_opted_in_at: string | null;
  periodic_mail_frequency: string;
  periodic_mail_radius_km: number | null;
  tag_ids: string[];
};

export const TAGS = [
  { id: "11", name: "Onderwijs", slug: "onderwijs" },
  { id: "12", name: "Ouderen", slug: "ouderen" },
  { id: "13", name: "Natuur en milieu", slug: "natuur-en-milieu" },
];

export const emptyProfile = (): TFakeProfile => ({
  first_name: "Mila",
  last_name: "Visser",
  phone: null,
  postal_code: null,
  city: null,
  about: "",
  skills: [],
  availability: [],
  hours_per_week: null,
  languages: [],
  in_pool: false,
  pool_opted_in_at: null,
  periodic_mail_frequency: "never",
  periodic_mail_radius_km: null,
  tag_ids: [],
});

export const fullProfile = (): TFakeProfile => ({
  first_name: "Daan",
  last_name: "Smit",
  phone: "06 12345678",
  postal_code: "3811 AB",
  city: "Amersfoort",
  about: "Gepensioneerd docent.\nIk help graag met lezen.",
  skills: ["bijles geven", "voorlezen"],
  availability: ["tuesday_morning", "thursday_afternoon", "saturday_morning"],
  hours_per_week: 6,
  languages: ["nl", "de", "sgn"],
  in_pool: true,
  pool_opted_in_at: "2026-10-01T10:00:00.000Z",
  periodic_mail_frequency: "weekly",
  periodic_mail_radius_km: 15,
  tag_ids: ["11", "12"],
});

/** `saved` false: the empty profile of one who never saved (no timestamps). */
export function profileDocument(profile: TFakeProfile, saved = true) {
  const { tag_ids, ...attributes } = profile;
  return {
    data: {
      type: "volunteer_profile",
      id: "8",
      attributes: {
        ...attributes,
        latitude: null,
        longitude: null,
        created_at: saved ? "2026-10-01T10:00:00.000Z" : null,
        updated_at: saved ? "2026-10-01T10:00:00.000Z" : null,
      },
      relationships: { tags: { data: tag_ids.map((id) => ({ type: "tag", id })) } },
    },
    included: TAGS.filter((tag) => tag_ids.includes(tag.id)).map(({ id, ...rest }) => ({
      type: "tag",
      id,
      attributes: rest,
    })),
  };
}

export const tagsDocument = () => ({
  data: TAGS.map(({ id, ...attributes }) => ({ type: "tag", id, attributes })),
});

export type TFakeUser = {
  email: string;
  unconfirmed_email?: string | null;
  locale: string;
  notification_preferences: Record<string, string>;
};

export const userDocument = (user: TFakeUser) => ({
  data: {
    type: "user",
    id: "8",
    attributes: { first_name: "Daan", last_name: "Smit", ...user },
    relationships: { roles: { data: [] } },
  },
});

/** Records the request and parses its JSON body. */
export function record(sent: TSent[], input: RequestInfo | URL, init: RequestInit = {}) {
  const url = new URL(String(input), "http://site.invalid");
  const method = init.method ?? "GET";
  const body = init.body ? JSON.parse(String(init.body)) : undefined;
  const request = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), body };
  sent.push(request);
  return request;
}

export const notFound = () =>
  jsonResponse({ errors: [{ status: "404", title: "Not Found" }] }, 404);
