import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { confirmationInstructionsIn } from "../auth/confirmable";
import { invitationInstructionsIn } from "../auth/invitable";
import { siteOrigin } from "../auth/redirect-url";
import { addRole, removeRole, type TRoleResource, withRoleCondition } from "../auth/roles";
import type { AppDb } from "../db/client";
import { assertTransition } from "../domain/user-status";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { documentQuery, pathParams, ZPathId } from "../http/inputs";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { authorize } from "../policies/policy";
import {
  findUser,
  holdsExactRole,
  listUsers,
  memberOfOrganization,
  roleResourceCenter,
  setUserStatus,
  type TUser,
  updateUserProfile,
  userFacts,
  usersWithRelations,
  userWithRelations,
  visibleTo,
} from "../queries/users";
import { auditRole, auditUser, changedAttributes, userCentre } from "./user-audit";
import { INCLUDABLE, roleChangeBody, userChangesBody, userListQuery } from "./user-params";

/**
 * /api/v1/users (spec §7, docs/api-users.md): the back office's users. Every route needs a
 * signed-in user (devise's 401 otherwise) and goes through the policy's users.* actions
 * (docs/permissions.md). A user of another tenant is never found (404), nothing read or
 * written; a user of this tenant the caller may not read is a 403 (users.read), checked
 * before the body is (`bodyAfterPolicy`), so a refused request learns nothing about
 * validation either. The action a route is for (update, archive, …) is checked next.
 *
 * DELETE archives (status archived, every token revoked) rather than deleting: records
 * keep pointing at the user, and the spec's account deletion with anonymisation is
 * /account/verwijderen, a flow of its own.
 *
 * Every change is an audit entry in the change's transaction (docs/audit-log.md,
 * user-audit.ts); a no-op (same values, a role already held or not held) records nothing.
 * POST /api/v1/users (inviting) is routes/user-invitations.ts.
 */

const params = pathParams(z.object({ id: ZPathId }));
const query = documentQuery(userResource, INCLUDABLE);
const one = { resource: userResource, many: false } as const;

/** The :id's user (404 outside the tenant) and the facts the policy judges them by. */
async function loadTarget({
  tx,
  tenant,
  params,
}: {
  tx: AppDb;
  tenant: { id: number };
  params: { id: number };
}) {
  const user = await findUser(tx, tenant.id, params.id);
  if (!user) throw notFound();
  return { user, facts: await userFacts(tx, tenant.id, user) };
}

const withOrganizations = (include: readonly string[]) =>
  include.some((path) => path.startsWith("organizations"));

async function userDocument(
  tx: AppDb,
  tenantId: number,
  user: TUser,
  { include, fields }: { include: string[]; fields: Record<string, string[]> },
) {
  const data = await userWithRelations(tx, tenantId, user, {
    organizationRelations: withOrganizations(include),
  });
  return serialize(userResource, data, { include, fields });
}

/** The role routes answer the user with their roles, asked for or not. */
const withRoles = (include: string[]) =>
  include.includes("roles") ? include : [...include, "roles"];

export async function userRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/users",
    summary: "The users the caller administers, filtered, sorted and paged",
    auth: "signed_in",
    query: userListQuery,
    action: "users.list",
    facts: () => ({}),
    response: { resource: userResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }) => {
      const conditions = [query.where, visibleTo(tenant.id, actor.roles)];
      const { organizationId, withRole, withAnyRole } = query;
      if (withRole !== undefined) {
        const scope =
          organizationId === undefined
            ? undefined
            : { type: "Organization" as const, id: organizationId };
        conditions.push(withRoleCondition(tenant.id, withRole, scope));
      } else if (organizationId !== undefined) {
        conditions.push(memberOfOrganization(tenant.id, organizationId));
      }
      // Held anywhere: globally, on a class or on any instance (rolify's `:any`).
      if (withAnyRole !== undefined) {
        conditions.push(withRoleCondition(tenant.id, withAnyRole, "any"));
      }
      const { rows, records } = await listUsers(tx, tenant.id, {
        where: conditions,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = await usersWithRelations(tx, tenant.id, rows, {
        organizationRelations: withOrganizations(query.include),
      });
      return listDocument(request, userResource, query, data, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/users/:id",
    summary: "One user, with roles and organizations on request",
    auth: "signed_in",
    params,
    query,
    load: loadTarget,
    action: "users.read",
    facts: (_ctx, { facts }) => facts,
    response: one,
    handler: async ({ tx, tenant, query }, { user }) => userDocument(tx, tenant.id, user, query),
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/users/:id",
    summary: "Change a user's name, phone, locale or status",
    auth: "signed_in",
    params,
    query,
    body: userChangesBody,
    bodyAfterPolicy: true,
    load: loadTarget,
    action: "users.read",
    facts: (_ctx, { facts }) => facts,
    response: one,
    handler: async ({ tx, tenant, actor, body, query }, { user, facts }) => {
      const { changes, status } = body;
      authorize(actor, "users.update", facts);
      const statusChanges = status !== undefined && status !== user.status;
      if (statusChanges) {
        authorize(actor, "users.update_status", facts);
        assertTransition(user.status, status);
      }
      const changed = changedAttributes(user, changes);
      let updated = await updateUserProfile(tx, tenant.id, user.id, changes);
      if (updated && statusChanges) {
        updated = await setUserStatus(tx, tenant.id, user.id, status, {
          revokeTokens: status === "archived",
        });
      }
      if (!updated) throw notFound();
      const audit = { tx, tenantId: tenant.id, actorId: actor.id };
      // Editing one's own name is not an administrative action (nor is it through
      // PATCH /current_user); nobody changes their own status.
      if (changed.length > 0 && user.id !== actor.id) {
        await auditUser(audit, updated, "user_updated", userCentre(facts), { changed });
      }
      if (statusChanges) {
        const details = { from: user.status, to: status };
        await auditUser(audit, updated, "user_status_changed", userCentre(facts), details);
      }
      return userDocument(tx, tenant.id, updated, query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/users/:id",
    summary: "Archive a user: status archived, every token revoked",
    auth: "signed_in",
    params,
    load: loadTarget,
    action: "users.read",
    facts: (_ctx, { facts }) => facts,
    status: 204,
    handler: async ({ tx, tenant, actor }, { user, facts }) => {
      authorize(actor, "users.archive", facts);
      assertTransition(user.status, "archived");
      if (user.status === "archived") return null;
      await setUserStatus(tx, tenant.id, user.id, "archived", { revokeTokens: true });
      const audit = { tx, tenantId: tenant.id, actorId: actor.id };
      await auditUser(audit, user, "user_archived", userCentre(facts), { from: user.status });
      return null;
    },
  });

  for (const kind of ["add_role", "remove_role"] as const) {
    defineRoute(app, {
      method: kind === "add_role" ? "PUT" : "DELETE",
      url: `/users/:id/${kind}`,
      summary:
        kind === "add_role"
          ? "Give a user a role, globally or on an organization or desk (idempotent)"
          : "Take a role from a user (a role not held is a no-op)",
      auth: "signed_in",
      params,
      query,
      body: roleChangeBody,
      bodyAfterPolicy: true,
      load: loadTarget,
      action: "users.read",
      facts: (_ctx, { facts }) => facts,
      response: one,
      handler: async ({ tx, tenant, actor, body: change, query }, { user, facts }) => {
        let centerId: number | null = null;
        if (change.resourceType !== null && change.resourceId !== null) {
          const found = await roleResourceCenter(
            tx,
            tenant.id,
            change.resourceType,
            change.resourceId,
          );
          // Another tenant's organization or desk is simply not there.
          if (!found) {
            throw unprocessable([invalidAttribute(["resource_id"], "does not exist", "not_found")]);
          }
          centerId = found.centerId;
        }
        authorize(actor, `users.${kind}`, { ...facts, ...change, centerId });
        const resource: TRoleResource | undefined =
          change.resourceType === null
            ? undefined
            : { type: change.resourceType, id: change.resourceId ?? undefined };
        // rolify: add_role is first_or_create (idempotent); remove_role of a role the user
        // does not hold removes nothing and still answers 200. Only a change is audited.
        const audit = { tx, tenantId: tenant.id, actorId: actor.id };
        if (kind === "add_role") {
          const role = {
            name: change.role,
            resourceType: change.resourceType,
            resourceId: change.resourceId,
          };
          const held = await holdsExactRole(tx, tenant.id, user.id, role);
          await addRole(tx, tenant.id, user.id, change.role, resource);
          if (!held) await auditRole(audit, user, "role_added", role, userCentre(facts));
        } else {
          const removed = await removeRole(tx, tenant.id, user.id, change.role, resource);
          for (const role of removed) {
            await auditRole(audit, user, "role_removed", role, userCentre(facts));
          }
        }
        return userDocument(tx, tenant.id, user, {
          include: withRoles(query.include),
          fields: query.fields,
        });
      },
    });
  }

  defineRoute(app, {
    method: "POST",
    url: "/users/:id/resend_confirmation_instructions",
    summary: "Mail an invited user the invitation again, an unconfirmed one the confirmation",
    auth: "signed_in",
    params,
    query,
    load: loadTarget,
    action: "users.read",
    facts: (_ctx, { facts }) => facts,
    response: one,
    handler: async ({ tx, tenant, actor, session, request, query }, target) => {
      const { user, facts } = target;
      authorize(actor, "users.resend_confirmation", facts);
      if (user.status !== "invited" && user.confirmedAt !== null) {
        throw unprocessable([
          invalidAttribute(["status"], "is already confirmed", "already_confirmed"),
        ]);
      }
      if (user.status === "archived") {
        throw unprocessable([invalidAttribute(["status"], "is archived", "archived")]);
      }
      // The fresh token and its queued mail commit with this request. An invitee has no
      // password yet, so confirming alone would not let them in: they get the invitation
      // again, with a fresh token and a fresh 14 days (auth/invitable).
      if (user.status === "invited") {
        await invitationInstructionsIn(tx, request, user, session.user);
      } else {
        const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
        await confirmationInstructionsIn(tx, request, user, origin);
      }
      const fresh = (await findUser(tx, tenant.id, user.id)) ?? user;
      return userDocument(tx, tenant.id, fresh, query);
    },
  });
}
