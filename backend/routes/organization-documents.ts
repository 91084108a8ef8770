import type { FastifyRequest } from "fastify";
import type { AppDb } from "../db/client";
import { notFound } from "../errors";
import { attributesBody, documentQuery } from "../http/inputs";
import { documentAttributes, isObject } from "../jsonapi/document-attributes";
import { parseFields, parseInclude } from "../jsonapi/params";
import { organizationResource } from "../jsonapi/resources";
import { serialize, type TResource } from "../jsonapi/serializer";
import { can, type TActor, type TOrganizationFacts } from "../policies/policy";
import {
  findOrganization,
  type TOrganization,
  type TOrganizationWithRelations,
} from "../queries/organizations";
import { publicCenterIds } from "../queries/public-scope";
import {
  publishedVacanciesFor,
  type TPublicVacancyRow,
  type TTagRow,
  tagsFor,
} from "../queries/social-map";
import { publicVacancyResource, tagResource } from "./social-map";

/**
 * What every organizations route shares (docs/api-organizations.md): the resource with
 * its `vacancies` relationship, the request document, the 404 for what the caller may not
 * see, and the answer.
 */

/**
 * `include=vacancies` (spec §7) holds the organization's public vacancies (published, open,
 * of a public centre: queries/social-map.ts) on the GETs; `include=tags` its themes. The
 * answers to writes carry both empty: they are about the organization's own fields.
 */
export const organizationWithVacanciesResource: TResource = {
  ...organizationResource,
  relationships: {
    ...organizationResource.relationships,
    tags: { kind: "many", resource: () => tagResource },
    vacancies: { kind: "many", resource: () => publicVacancyResource },
  },
};
export const ORGANIZATION_INCLUDES = ["profile", "address", "tags", "vacancies"];

/** Tags and public vacancies of organizations for a GET, loaded only when included. */
export async function withPublicRelations(
  tx: AppDb,
  request: FastifyRequest,
  rows: readonly TOrganizationWithRelations[],
): Promise<(TOrganizationWithRelations & { tags: TTagRow[]; vacancies: TPublicVacancyRow[] })[]> {
  const { include } = documentOptions(request);
  const tenantId = request.tenant.id;
  const ids = rows.map((row) => row.id);
  const tagMap = include.includes("tags") ? await tagsFor(tx, tenantId, ids) : new Map();
  const vacancyMap = include.includes("vacancies")
    ? await publishedVacanciesFor(
        tx,
        tenantId,
        ids,
        await publicCenterIds(tx, request.tenant, request.volunteerCenterId),
      )
    : new Map();
  return rows.map((row) => ({
    ...row,
    tags: tagMap.get(row.id) ?? [],
    vacancies: vacancyMap.get(row.id) ?? [],
  }));
}

/** The spec sends type 'organizations' (plural), we emit 'organization': both are accepted. */
export const organizationAttributes = (body: unknown, id?: number) =>
  documentAttributes(body, { types: ["organizations", "organization"], id });

export const organizationFacts = (o: TOrganization): TOrganizationFacts => ({
  organizationId: o.id,
  volunteerCenterId: o.volunteerCenterId,
  status: o.status,
});

/** The tenant's organization that the caller may see, else 404 (never 403: it would tell). */
export async function visibleOrganization(
  tx: Parameters<typeof findOrganization>[0],
  tenantId: number,
  id: number,
  actor: TActor,
): Promise<TOrganization> {
  const organization = await findOrganization(tx, tenantId, id);
  if (!organization || !can(actor, "organizations.read", organizationFacts(organization))) {
    throw notFound();
  }
  return organization;
}

/** `include` and `fields` of the request; checked before any write, so a 400 changes nothing. */
/** `include` and `fields` of the request; checked before any write, so a 400 changes nothing. */
export function documentOptions(request: FastifyRequest) {
  const query = isObject(request.query) ? request.query : {};
  return {
    include: parseInclude(query, organizationWithVacanciesResource, ORGANIZATION_INCLUDES),
    fields: parseFields(query),
  };
}

/** The query reader of a route on the route layer that answers one organization. */
export const organizationQuery = documentQuery(
  organizationWithVacanciesResource,
  ORGANIZATION_INCLUDES,
);

/** The request document of a route on the route layer (`idParam` the path's id). */
export const organizationBody = <S extends Parameters<typeof attributesBody>[0]>(
  schema: S,
  idParam?: string,
) => attributesBody(schema, { types: ["organizations", "organization"], idParam });

type TOrganizationAnswer = TOrganizationWithRelations & {
  tags?: TTagRow[];
  vacancies?: TPublicVacancyRow[];
};

/** One organization's document; tags and vacancies empty unless loaded. */
export const organizationDocument = (
  organization: TOrganizationAnswer,
  options: { include: string[]; fields: Record<string, string[]> },
) =>
  serialize(
    organizationWithVacanciesResource,
    { tags: [], vacancies: [], ...organization },
    options,
  );

/** PostgreSQL's unique_violation, however deep the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
