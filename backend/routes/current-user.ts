import type { FastifyInstance } from "fastify";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody, documentQuery } from "../http/inputs";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { updateUserProfile, userWithRelations } from "../queries/users";

/**
 * GET and PATCH /api/v1/current_user: the signed-in user's own record (spec §7). Any
 * signed-in user may read it and change their own name, phone and locale (policy
 * current_user.read/update); signed out gets devise's 401. Email and password change
 * through the devise endpoints, never here.
 */

const INCLUDABLE = ["roles", "organizations.address", "organizations.profile"];

export const ZCurrentUserChanges = ZProfileChanges;

const query = documentQuery(userResource, INCLUDABLE);
const withOrganizations = (include: readonly string[]) =>
  include.some((path) => path.startsWith("organizations"));

export async function currentUserRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/current_user",
    summary: "The signed-in user, with roles and organizations on request",
    auth: "signed_in",
    query,
    action: "current_user.read",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: userResource, many: false },
    handler: async ({ tx, tenant, session, query: { include, fields } }) => {
      const data = await userWithRelations(tx, tenant.id, session.user, {
        organizationRelations: withOrganizations(include),
        // One roles query serves the policy and the document.
        roles: session.roles,
      });
      return serialize(userResource, data, { include, fields });
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/current_user",
    summary: "Change the signed-in user's name, phone or locale",
    auth: "signed_in",
    query,
    // spec §7 sends `{ user: {...} }`; a JSON:API `{ data: { type: "users", attributes } }` too.
    body: attributesBody(ZCurrentUserChanges, { types: ["users", "user"], specKey: "user" }),
    action: "current_user.update",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: userResource, many: false },
    handler: async ({ tx, tenant, session, body, query: { include, fields } }) => {
      const updated = await updateUserProfile(
        tx,
        tenant.id,
        session.user.id,
        toProfileChanges(body),
      );
      if (!updated) throw notFound();
      const data = await userWithRelations(tx, tenant.id, updated, {
        organizationRelations: withOrganizations(include),
      });
      return serialize(userResource, data, { include, fields });
    },
  });
}
