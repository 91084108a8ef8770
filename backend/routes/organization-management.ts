import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ZNewOrganization, ZOrganizationMove } from "../domain/organization-input";
import { forbidden } from "../errors";
import { defineRoute } from "../http/define-route";
import { pathParams, ZPathId } from "../http/inputs";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { auditOrganization } from "../queries/organization-audit";
import {
  approvedCentre,
  insertOrganization,
  moveOrganization,
  saveOrganizationAddress,
  saveOrganizationProfile,
  tenantAllowsMoving,
} from "../queries/organization-writes";
import { withOrganizationRelations } from "../queries/organizations";
import {
  organizationBody,
  organizationDocument,
  organizationFacts,
  organizationQuery,
  organizationWithVacanciesResource,
  visibleOrganization,
} from "./organization-documents";

/**
 * The back office adds and moves organizations (/organizations/add and /organizations/:id/move;
 * docs/api-organization-signup.md).
 * - POST /organizations: superadmins, and admins of the centre it joins (policy
 *   organizations.create); a centre only superadmins. Staff add it, so it starts approved.
 * - PUT /organizations/:id/move: only where the tenant allows it (spec §1, cordaad); its
 *   current centre's admins and superadmins (organizations.move; a centre itself nobody),
 *   to another approved centre of the same tenant. Its users and their roles stay as they are.
 * Signed in (devise's 401 otherwise); another tenant's id is a 404 and another tenant's
 * centre a 422, with nothing written.
 */

const centreError = (message: string, code: string) =>
  unprocessable([invalidAttribute(["volunteer_center_id"], message, code)]);

export async function organizationManagementRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "POST",
    url: "/organizations",
    summary: "Add an organization or a volunteer centre (approved: staff add it)",
    auth: "signed_in",
    query: organizationQuery,
    body: organizationBody(ZNewOrganization),
    // The centre it joins: the one named, else the site's; a centre joins none.
    load: async ({ body: input, volunteerCenterId }) => {
      const isCentre = input.type === "VolunteerCenter";
      if (isCentre && input.volunteer_center_id != null) {
        // A centre belongs to no centre (ARCHITECTURE decision 2).
        throw centreError("must be blank for a volunteer centre", "present");
      }
      const centreId = isCentre ? null : (input.volunteer_center_id ?? volunteerCenterId);
      if (!isCentre && centreId === null) throw centreError("can't be blank", "blank");
      return { centreId };
    },
    action: "organizations.create",
    facts: ({ body }, { centreId }) => ({ type: body.type, volunteerCenterId: centreId }),
    status: 201,
    response: { resource: organizationWithVacanciesResource, many: false },
    handler: async ({ tx, tenant, session, body: input, query }, { centreId }) => {
      if (centreId !== null && !(await approvedCentre(tx, tenant.id, centreId))) {
        throw centreError("must be an approved volunteer centre of this site", "required");
      }
      const organization = await insertOrganization(tx, tenant.id, {
        type: input.type,
        name: input.name,
        status: "approved",
        volunteerCenterId: centreId,
        email: input.email ?? null,
        phone: input.phone ?? null,
        website: input.website ?? null,
      });
      if (input.address) {
        await saveOrganizationAddress(tx, tenant.id, organization.id, input.address);
      }
      if (input.profile) {
        await saveOrganizationProfile(tx, tenant.id, organization.id, input.profile);
      }
      await auditOrganization(tx, {
        tenantId: tenant.id,
        actorId: session.user.id,
        action: "organization_created",
        organization,
      });
      const [created] = await withOrganizationRelations(tx, tenant.id, [organization]);
      return organizationDocument(created, query);
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/organizations/:id/move",
    summary: "Move an organization to another approved volunteer centre of the tenant",
    auth: "signed_in",
    params: pathParams(z.object({ id: ZPathId })),
    query: organizationQuery,
    body: organizationBody(ZOrganizationMove, "id"),
    load: async ({ tx, tenant, actor, params }) => {
      const organization = await visibleOrganization(tx, tenant.id, params.id, actor);
      // After the 404, so another tenant's id tells nothing about this tenant's switch.
      if (!(await tenantAllowsMoving(tx, tenant.id))) {
        throw forbidden(
          "Moving organizations to another volunteer centre is not enabled on this site.",
        );
      }
      return organization;
    },
    action: "organizations.move",
    facts: (_ctx, organization) => organizationFacts(organization),
    response: { resource: organizationWithVacanciesResource, many: false },
    handler: async ({ tx, tenant, session, params, body, query }, organization) => {
      const target = body.volunteer_center_id;
      if (organization.type === "VolunteerCenter") {
        // The policy already refuses a centre (it has no centre to move from); this guards a
        // centre stored with one, which the api never writes. Rails' errors[:base].
        throw unprocessable([
          {
            source: { pointer: "" },
            detail: "A volunteer centre cannot be moved.",
            code: "invalid",
          },
        ]);
      }
      if (target === organization.volunteerCenterId) {
        throw centreError("must be another volunteer centre than the current one", "unchanged");
      }
      if (!(await approvedCentre(tx, tenant.id, target))) {
        throw centreError("must be an approved volunteer centre of this site", "required");
      }
      const row = await moveOrganization(tx, tenant.id, params.id, target);
      await auditOrganization(tx, {
        tenantId: tenant.id,
        actorId: session.user.id,
        action: "organization_moved",
        organization: row,
        details: { from_center_id: organization.volunteerCenterId, to_center_id: target },
        volunteerCenterId: target,
      });
      const [moved] = await withOrganizationRelations(tx, tenant.id, [row]);
      return organizationDocument(moved, query);
    },
  });
}
