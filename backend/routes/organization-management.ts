import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { ZNewOrganization, ZOrganizationMove } from "../domain/organization-input";
import { forbidden, notFound } from "../errors";
import { pathId } from "../jsonapi/document-attributes";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
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
  documentOptions,
  organizationAttributes,
  organizationFacts,
  sendOrganization,
  visibleOrganization,
} from "./organization-documents";

/**
 * The back office adds and moves organizations (issue 4, /organizations/add and
 * /organizations/:id/move; docs/api-organization-signup.md).
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
  app.post("/organizations", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    documentOptions(request);
    const input = parseAttributes(ZNewOrganization, organizationAttributes(request.body));
    const isCentre = input.type === "VolunteerCenter";
    if (isCentre && input.volunteer_center_id != null) {
      // A centre belongs to no centre (ARCHITECTURE decision 2).
      throw centreError("must be blank for a volunteer centre", "present");
    }
    const centreId = isCentre ? null : (input.volunteer_center_id ?? request.volunteerCenterId);
    if (!isCentre && centreId === null) throw centreError("can't be blank", "blank");
    const created = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      authorize(actor, "organizations.create", { type: input.type, volunteerCenterId: centreId });
      if (centreId !== null && !(await approvedCentre(tx, tenantId, centreId))) {
        throw centreError("must be an approved volunteer centre of this site", "required");
      }
      const organization = await insertOrganization(tx, tenantId, {
        type: input.type,
        name: input.name,
        status: "approved",
        volunteerCenterId: centreId,
        email: input.email ?? null,
        phone: input.phone ?? null,
        website: input.website ?? null,
      });
      if (input.address)
        await saveOrganizationAddress(tx, tenantId, organization.id, input.address);
      if (input.profile)
        await saveOrganizationProfile(tx, tenantId, organization.id, input.profile);
      await auditOrganization(tx, {
        tenantId,
        actorId: user.id,
        action: "organization_created",
        organization,
      });
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [organization]);
      return withRelations;
    });
    return sendOrganization(reply, request, created, 201);
  });

  app.put("/organizations/:id/move", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    documentOptions(request);
    const input = parseAttributes(ZOrganizationMove, organizationAttributes(request.body, id));
    const target = input.volunteer_center_id;
    const moved = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      const organization = await visibleOrganization(tx, tenantId, id, actor);
      // After the 404, so another tenant's id tells nothing about this tenant's switch.
      if (!(await tenantAllowsMoving(tx, tenantId))) {
        throw forbidden(
          "Moving organizations to another volunteer centre is not enabled on this site.",
        );
      }
      authorize(actor, "organizations.move", organizationFacts(organization));
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
      if (!(await approvedCentre(tx, tenantId, target))) {
        throw centreError("must be an approved volunteer centre of this site", "required");
      }
      const row = await moveOrganization(tx, tenantId, id, target);
      await auditOrganization(tx, {
        tenantId,
        actorId: user.id,
        action: "organization_moved",
        organization: row,
        details: { from_center_id: organization.volunteerCenterId, to_center_id: target },
        volunteerCenterId: target,
      });
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [row]);
      return withRelations;
    });
    return sendOrganization(reply, request, moved);
  });
}
