import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { displayName, mailInvitation, newInvitationToken } from "../auth/invitable";
import { addRole } from "../auth/roles";
import { withTenant } from "../db/client";
import { users } from "../db/schema";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { roleResourceCenter, userWithEmail, userWithRelations } from "../queries/users";
import { auditUser } from "./user-audit";
import { INCLUDABLE, invitationOf } from "./user-params";

/**
 * POST /api/v1/users (spec §7 `data{type user, attributes}`, issue 4 "add = invite by
 * mail"; docs/api-registration-invitations.md): invites someone with a role on an
 * organization or a desk. Who may call it: whoever may grant that role (policy users.invite,
 * the rule of users.add_role): superadmins, the organization's admins and its centre's
 * admins for admin or member, the centre's admins for desk_manager.
 *
 * The order of the checks: the body (422), the resource, which must be the tenant's (422, as
 * add_role answers), the policy (403), then the address (422 `taken`), so a caller who may
 * not invite learns nothing about which addresses exist. Nothing is written before all pass.
 */

const taken = () => unprocessable([invalidAttribute(["email"], "has already been taken", "taken")]);

export async function userInvitationRoutes(app: FastifyInstance) {
  app.post("/users", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, userResource, INCLUDABLE);
    const fields = parseFields(query);
    const invite = invitationOf(request.body);
    const { raw, digest } = newInvitationToken();
    const created = await withTenant(app.db, tenantId, async (tx) => {
      const resource = await roleResourceCenter(
        tx,
        tenantId,
        invite.resourceType,
        invite.resourceId,
      );
      // Another tenant's organization or desk is simply not there.
      if (!resource) {
        throw unprocessable([invalidAttribute(["resource_id"], "does not exist", "not_found")]);
      }
      const { centerId } = resource;
      const actor = await loadActor(tx, tenantId, me);
      authorize(actor, "users.invite", {
        userId: 0,
        organizationIds: [],
        centerIds: centerId === null ? [] : [centerId],
        role: invite.role,
        resourceType: invite.resourceType,
        resourceId: invite.resourceId,
        centerId,
      });
      // Any account of the tenant holds its address, whatever its status.
      if (await userWithEmail(tx, tenantId, invite.email)) throw taken();
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          email: invite.email,
          uid: invite.email,
          provider: "email",
          encryptedPassword: null,
          firstName: invite.firstName,
          lastName: invite.lastName,
          locale: invite.locale,
          status: "invited",
          volunteerCenterId: centerId,
          invitationToken: digest,
          invitationSentAt: app.authSettings.now(),
          invitedById: me.id,
        })
        // An invitation that raced this one for the address.
        .onConflictDoNothing()
        .returning();
      if (!user) throw taken();
      await addRole(tx, tenantId, user.id, invite.role, {
        type: invite.resourceType,
        id: invite.resourceId,
      });
      await auditUser({ tx, tenantId, actorId: me.id }, user, "user_invited", centerId, {
        role: invite.role,
        resource_type: invite.resourceType,
        resource_id: invite.resourceId,
      });
      await mailInvitation(tx, request, user, raw, {
        inviterName: displayName(me),
        role: { name: invite.role, resourceLabel: resource.label },
      });
      const data = await userWithRelations(tx, tenantId, user, {
        organizationRelations: include.some((path) => path.startsWith("organizations")),
      });
      return { user, data };
    });
    const included = include.includes("roles") ? include : [...include, "roles"];
    return sendDocument(
      reply,
      serialize(userResource, created.data, { include: included, fields }),
      201,
    );
  });
}
