import type { FastifyInstance } from "fastify";
import { displayName, mailInvitation, newInvitationToken } from "../auth/invitable";
import { addRole } from "../auth/roles";
import { users } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { documentQuery } from "../http/inputs";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { roleResourceCenter, userWithEmail, userWithRelations } from "../queries/users";
import { auditUser } from "./user-audit";
import { INCLUDABLE, invitationBody } from "./user-params";

/**
 * POST /api/v1/users (spec §7 `data{type user, attributes}`; adding a user is inviting them
 * by mail, docs/api-registration-invitations.md): invites someone with a role on an
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
  defineRoute(app, {
    method: "POST",
    url: "/users",
    summary: "Invite someone by mail with a role on an organization or a desk",
    auth: "signed_in",
    query: documentQuery(userResource, INCLUDABLE),
    body: invitationBody,
    // Another tenant's organization or desk is simply not there.
    load: async ({ tx, tenant, body }) => {
      const resource = await roleResourceCenter(tx, tenant.id, body.resourceType, body.resourceId);
      if (!resource) {
        throw unprocessable([invalidAttribute(["resource_id"], "does not exist", "not_found")]);
      }
      return resource;
    },
    action: "users.invite",
    facts: ({ body }, { centerId }) => ({
      userId: 0,
      organizationIds: [],
      centerIds: centerId === null ? [] : [centerId],
      role: body.role,
      resourceType: body.resourceType,
      resourceId: body.resourceId,
      centerId,
    }),
    status: 201,
    response: { resource: userResource, many: false },
    handler: async ({ tx, tenant, session, body: invite, query, request }, resource) => {
      const me = session.user;
      const { centerId } = resource;
      // Any account of the tenant holds its address, whatever its status.
      if (await userWithEmail(tx, tenant.id, invite.email)) throw taken();
      const { raw, digest } = newInvitationToken();
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
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
          invitationSentAt: request.server.authSettings.now(),
          invitedById: me.id,
        })
        // An invitation that raced this one for the address.
        .onConflictDoNothing()
        .returning();
      if (!user) throw taken();
      await addRole(tx, tenant.id, user.id, invite.role, {
        type: invite.resourceType,
        id: invite.resourceId,
      });
      await auditUser({ tx, tenantId: tenant.id, actorId: me.id }, user, "user_invited", centerId, {
        role: invite.role,
        resource_type: invite.resourceType,
        resource_id: invite.resourceId,
      });
      await mailInvitation(tx, request, user, raw, {
        inviterName: displayName(me),
        role: { name: invite.role, resourceLabel: resource.label },
      });
      const data = await userWithRelations(tx, tenant.id, user, {
        organizationRelations: query.include.some((path) => path.startsWith("organizations")),
      });
      const included = query.include.includes("roles")
        ? query.include
        : [...query.include, "roles"];
      return serialize(userResource, data, { include: included, fields: query.fields });
    },
  });
}
