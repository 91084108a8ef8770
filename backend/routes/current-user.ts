import type { FastifyInstance } from "fastify";
import { knownPreferences, ZNotificationPreferences } from "../domain/notification-preferences";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody, documentQuery } from "../http/inputs";
import { currentUserResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { updateUserProfile, userWithRelations } from "../queries/users";

/**
 * GET and PATCH /api/v1/current_user: the signed-in user's own record (spec §7). Any
 * signed-in user may read it and change their own name, phone, locale and notification
 * preferences (policy current_user.read/update); signed out gets devise's 401. Email and
 * password change through the devise endpoints, never here.
 *
 * The preferences live on the user, not on the volunteer profile: staff, and the users of
 * a tenant without volunteer profiles, are notified too (docs/volunteer-profiles.md).
 */

const INCLUDABLE = ["roles", "organizations.address", "organizations.profile"];

export const ZCurrentUserChanges = ZProfileChanges.extend({
  /** Merged over what is stored: a kind left out keeps its channel. */
  notification_preferences: ZNotificationPreferences.optional(),
});

const query = documentQuery(currentUserResource, INCLUDABLE);
type TUserDocumentRow = Awaited<ReturnType<typeof userWithRelations>>;
const document = (
  data: TUserDocumentRow,
  options: { include: string[]; fields: Record<string, string[]> },
) =>
  serialize(
    currentUserResource,
    { ...data, notificationPreferences: knownPreferences(data.notificationPreferences) },
    options,
  );
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
    response: { resource: currentUserResource, many: false },
    handler: async ({ tx, tenant, session, query: { include, fields } }) => {
      const data = await userWithRelations(tx, tenant.id, session.user, {
        organizationRelations: withOrganizations(include),
        // One roles query serves the policy and the document.
        roles: session.roles,
      });
      return document(data, { include, fields });
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/current_user",
    summary: "Change the signed-in user's name, phone, locale or notification preferences",
    auth: "signed_in",
    query,
    // spec §7 sends `{ user: {...} }`; a JSON:API `{ data: { type: "users", attributes } }` too.
    body: attributesBody(ZCurrentUserChanges, { types: ["users", "user"], specKey: "user" }),
    action: "current_user.update",
    facts: ({ session }) => ({ userId: session.user.id }),
    response: { resource: currentUserResource, many: false },
    handler: async ({ tx, tenant, session, body, query: { include, fields } }) => {
      const { notification_preferences: preferences, ...profile } = body;
      const updated = await updateUserProfile(
        tx,
        tenant.id,
        session.user.id,
        toProfileChanges(profile),
        preferences,
      );
      if (!updated) throw notFound();
      const data = await userWithRelations(tx, tenant.id, updated, {
        organizationRelations: withOrganizations(include),
      });
      return document(data, { include, fields });
    },
  });
}
