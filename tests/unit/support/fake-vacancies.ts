/**
 * A fake of the back office's vacancy api for the web's dom tests, in the agreed wire
 * format (JSON:API, snake_case): the managed list, the organisations and centre settings
 * the list reads beside it, and the signed-in user's roles.
 */

export type TFakeVacancy = {
  id: string;
  title: string;
  status: "draft" | "pending" | "published" | "closed" | "archived";
  closes_on?: string | null;
  organization_id?: number;
  volunteer_center_id?: number;
  applications_count?: number;
  open_applications_count?: number;
};

export type TSent = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/vnd.api+json" },
  });

export function vacancyResource(v: TFakeVacancy) {
  return {
    type: "vacancy",
    id: v.id,
    attributes: {
      title: v.title,
      status: v.status,
      closes_on: v.closes_on ?? null,
      published_at: null,
      organization_id: v.organization_id ?? 5,
      volunteer_center_id: v.volunteer_center_id ?? 1,
      contact_person_id: null,
      contact_name: null,
      applications_count: v.applications_count ?? 0,
      open_applications_count: v.open_applications_count ?? 0,
      created_at: "2026-11-01T10:00:00.000Z",
      updated_at: "2026-11-20T10:00:00.000Z",
    },
  };
}

export const listDocument = (rows: TFakeVacancy[], records = rows.length) => ({
  data: rows.map(vacancyResource),
  meta: { pagination: { current: 1, records } },
});

/** current_user with these role names on organisation `on` (null: global). */
export function currentUser(roles: { name: string; on: number | null }[]) {
  return {
    data: {
      type: "users",
      id: "3",
      attributes: { email: "staff@example.test" },
      relationships: {
        roles: { data: roles.map((_, index) => ({ type: "role", id: String(index + 1) })) },
      },
    },
    included: roles.map((role, index) => ({
      type: "role",
      id: String(index + 1),
      attributes: {
        name: role.name,
        resource_type: role.on === null ? null : "Organization",
        resource_id: role.on,
      },
    })),
  };
}

/** The common answers: organisations by id, the centre's settings, current organisations. */
export function commonAnswer(
  url: URL,
  options: { reviews: boolean; centreAdmin: boolean },
): Response | undefined {
  const organization = /^\/api\/v1\/organizations\/(\d+)$/.exec(url.pathname);
  if (organization) {
    return jsonResponse({
      data: {
        type: "organizations",
        id: organization[1],
        attributes: { name: `Organisatie ${organization[1]}`, type: "School", status: "approved" },
      },
    });
  }
  if (/^\/api\/v1\/site_settings\/\d+$/.test(url.pathname)) {
    return jsonResponse({
      data: {
        type: "site_setting",
        id: "1",
        attributes: { volunteer_center_id: 1, reviews_new_vacancies: options.reviews },
      },
    });
  }
  if (url.pathname === "/api/v1/current_organizations") {
    return jsonResponse({
      data: options.centreAdmin
        ? [
            {
              type: "organizations",
              id: "1",
              attributes: { name: "Centrale", type: "VolunteerCenter" },
            },
          ]
        : [{ type: "organizations", id: "5", attributes: { name: "School", type: "School" } }],
    });
  }
  if (url.pathname === "/api/v1/tags") {
    return jsonResponse({
      data: [
        { type: "tags", id: "3", attributes: { name: "Zorg", slug: "zorg" } },
        { type: "tags", id: "5", attributes: { name: "Sport", slug: "sport" } },
      ],
    });
  }
  return undefined;
}
