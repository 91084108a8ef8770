import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { badRequest, notFound } from "../errors";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { organizationResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
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
  app.get("/current_organization", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, organizationResource, ["address", "profile"]);
    const fields = parseFields(query);
    const id = requestedId(request);
    const organization = await withTenant(app.db, tenantId, async (tx) => {
      let chosen: TOrganization | null;
      if (id === undefined) {
        chosen = selectOrganization((await userOrganizations(tx, tenantId, user.id)).rows);
      } else {
        chosen = (id <= MAX_ID ? await findOrganization(tx, tenantId, id) : undefined) ?? null;
        if (!chosen) throw notFound();
        const actor = await loadActor(tx, tenantId, user);
        authorize(actor, "current_organization.read", { organizationId: chosen.id });
      }
      if (!chosen) return null;
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [chosen]);
      return withRelations;
    });
    return sendDocument(reply, serialize(organizationResource, organization, { include, fields }));
  });
}
