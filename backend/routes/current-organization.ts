import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { documentQuery } from "../http/inputs";
import { organizationResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import {
  findOrganization,
  type TOrganization,
  userOrganizations,
  withOrganizationRelations,
} from "../queries/organizations";

/**
 * GET /api/v1/current_organization: the organization the signed-in user works in. The
 * `Current-Organization-Id` header names it; the user must hold a role on it (policy
 * current_organization.read: 403), and it must be the tenant's (404). Without the
 * header, spec §4's selection rule picks one; a user without organizations gets null.
 */

const HEADER = "current-organization-id";
const MAX_ID = 2 ** 31 - 1;

/** The header's id; undefined when absent or empty (no selection). */
function requestedId(request: FastifyRequest): number | undefined {
  const raw = request.headers[HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === "") return undefined;
  if (!/^\d+$/.test(value.trim())) {
    throw badRequest(
      "Current-Organization-Id must be an organization id.",
      "Current-Organization-Id",
    );
  }
  return Number(value.trim());
}

/** spec §4: the first School or VolunteerCenter, otherwise the first one. */
export function selectOrganization<T extends Pick<TOrganization, "type">>(list: readonly T[]) {
  return list.find((o) => o.type === "School" || o.type === "VolunteerCenter") ?? list[0] ?? null;
}

export async function currentOrganizationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/current_organization",
    summary:
      "The organization the signed-in user works in: Current-Organization-Id, else spec §4's choice",
    auth: "signed_in",
    query: documentQuery(organizationResource, ["address", "profile"]),
    action: "current_organization.read",
    // The header's organization, found in the tenant (404 otherwise); without the header
    // the choice is among the user's own organizations, which needs no further check.
    load: async ({ tx, tenant, session, request }) => {
      const id = requestedId(request);
      if (id === undefined) {
        return selectOrganization((await userOrganizations(tx, tenant.id, session.user.id)).rows);
      }
      const chosen = id <= MAX_ID ? await findOrganization(tx, tenant.id, id) : undefined;
      if (!chosen) throw notFound();
      return chosen;
    },
    facts: (_ctx, chosen) => ({ organizationId: chosen?.id ?? null }),
    response: { resource: organizationResource, many: false },
    handler: async ({ tx, tenant, query }, chosen) => {
      if (!chosen) return serialize(organizationResource, null, query);
      const [withRelations] = await withOrganizationRelations(tx, tenant.id, [chosen]);
      return serialize(organizationResource, withRelations, query);
    },
  });
}
