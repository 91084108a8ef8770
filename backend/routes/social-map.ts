import type { FastifyInstance } from "fastify";
import { ORGANIZATION_TYPES, type TOrganizationType } from "../db/schema";
import { badRequest } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import { bracketGroup, commaList, type TQuery, type TQueryValue } from "../jsonapi/query";
import { addressResource, organizationProfileResource } from "../jsonapi/resources";
import type { TResource } from "../jsonapi/serializer";
import { withOrganizationRelations } from "../queries/organizations";
import { publicCenterIds } from "../queries/public-scope";
import {
  listSocialMap,
  type TBbox,
  type TSocialMapFilters,
  withSocialMapRelations,
} from "../queries/social-map";

/**
 * GET /api/v1/social_map (docs/social-map.md): the organisations on this site's social map,
 * for everyone (policy social_map.list). Approved organisations of the public centres
 * (queries/public-scope.ts: the site's centre, or every centre of a sharing collaboration),
 * the centres themselves included, that have not opted out of the map. A dedicated
 * endpoint rather than filters on /organizations: that index is the back office's (what the
 * caller may edit, every status), and mixing the two scopes in one handler is how a
 * pending organisation would leak. `filter[id]` makes it the profile pages' read as well,
 * so /sociale-kaart/:id and /organizations/:id show exactly what the map shows.
 */

export const tagResource: TResource = {
  type: "tag",
  attributes: ["name", "slug", "nameEn", "archived"],
};

/** What an organisation's public page lists of a vacancy (the vacancy pages have the rest). */
export const publicVacancyResource: TResource = {
  type: "vacancy",
  attributes: ["title", "summary", "city", "hoursPerWeek", "remote", "publishedAt", "closesOn"],
};

export const socialMapOrganizationResource: TResource = {
  type: "organization",
  attributes: [
    "name",
    "type",
    "slug",
    "summary",
    "city",
    "latitude",
    "longitude",
    "logoUrl",
    "email",
    "phone",
    "website",
    "volunteerCenterId",
  ],
  relationships: {
    address: { kind: "one", resource: () => addressResource },
    profile: { kind: "one", resource: () => organizationProfileResource },
    tags: { kind: "many", resource: () => tagResource },
    vacancies: { kind: "many", resource: () => publicVacancyResource },
  },
};

const INCLUDES = ["address", "profile", "tags", "vacancies"];
const FILTERS = ["q", "tags", "type", "bbox", "id"];

const one = (value: TQueryValue | undefined) => (Array.isArray(value) ? value.join(",") : value);

/** `minLon,minLat,maxLon,maxLat` in WGS84 degrees; anything else is a 400. */
export function parseBbox(raw: string): TBbox {
  const parts = raw.split(",").map((p) => p.trim());
  const numbers = parts.map(Number);
  const bad = () => badRequest("bbox must be minLon,minLat,maxLon,maxLat", "filter[bbox]");
  if (parts.length !== 4 || parts.some((p) => p === "") || numbers.some((n) => !Number.isFinite(n)))
    throw bad();
  const [minLon, minLat, maxLon, maxLat] = numbers;
  const lonOk = (n: number) => n >= -180 && n <= 180;
  const latOk = (n: number) => n >= -90 && n <= 90;
  if (![minLon, maxLon].every(lonOk) || ![minLat, maxLat].every(latOk)) throw bad();
  if (minLon > maxLon || minLat > maxLat) throw bad();
  return { minLon, minLat, maxLon, maxLat };
}

export function parseSocialMapFilters(query: TQuery): TSocialMapFilters {
  const group = bracketGroup(query, "filter");
  for (const key of Object.keys(group)) {
    if (!FILTERS.includes(key)) throw badRequest(`${key} is not a filter here`, `filter[${key}]`);
  }
  const filters: TSocialMapFilters = {};
  const q = one(group.q)?.trim();
  if (q) filters.q = q.slice(0, 200);
  const tagSlugs = commaList(one(group.tags));
  if (tagSlugs.length > 0) filters.tagSlugs = tagSlugs;
  const types = commaList(one(group.type));
  if (types.length > 0) {
    const unknown = types.find((t) => !ORGANIZATION_TYPES.includes(t as TOrganizationType));
    if (unknown) throw badRequest(`${unknown} is not an organization type`, "filter[type]");
    filters.types = types as TOrganizationType[];
  }
  const bbox = one(group.bbox);
  if (bbox) filters.bbox = parseBbox(bbox);
  const ids = commaList(one(group.id));
  if (ids.length > 0) {
    if (ids.some((id) => !/^\d{1,9}$/.test(id)))
      throw badRequest("id must be a number", "filter[id]");
    filters.ids = ids.map(Number);
  }
  return filters;
}

export async function socialMapRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/social_map",
    summary: "Approved, visible organisations of the site's public centres for the social map",
    auth: "public",
    query: listQuery({
      resource: socialMapOrganizationResource,
      include: INCLUDES,
      extraFilters: FILTERS,
    }),
    action: "social_map.list",
    facts: () => ({}),
    response: { resource: socialMapOrganizationResource, many: true },
    handler: async ({ tx, tenant, volunteerCenterId, query, request }) => {
      const filters = parseSocialMapFilters(query.raw);
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const found = await listSocialMap(tx, tenant.id, {
        centerIds,
        filters,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const related = await withOrganizationRelations(tx, tenant.id, found.rows);
      const rows = await withSocialMapRelations(tx, tenant.id, related, centerIds, {
        vacancies: query.include.includes("vacancies"),
      });
      return listDocument(request, socialMapOrganizationResource, query, rows, found.records);
    },
  });
}
