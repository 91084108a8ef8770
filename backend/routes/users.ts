import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authenticate } from "../auth/authenticate";
import { sendConfirmationInstructions } from "../auth/confirmable";
import { sendInvitationInstructions } from "../auth/invitable";
import { siteOrigin } from "../auth/redirect-url";
import { addRole, removeRole, type TRoleResource, withRoleCondition } from "../auth/roles";
import { type AppDb, withTenant } from "../db/client";
import { ROLE_NAMES } from "../db/schema";
import { assertTransition } from "../domain/user-status";
import { badRequest, notFound } from "../errors";
import { pathId } from "../jsonapi/document-attributes";
import { paginate } from "../jsonapi/pagination";
import {
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
  type TQuery,
} from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize, type TActor, type TUserFacts } from "../policies/policy";
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
import {
  changesOf,
  EXTRA_FILTERS,
  FILTERABLE,
  INCLUDABLE,
  roleChangeOf,
  SORTABLE,
} from "./user-params";

/**
 * /api/v1/users (spec §7, docs/api-users.md): the back office's users. Every route needs a
 * signed-in user (devise's 401 otherwise) and goes through the policy's users.* actions
 * (docs/permissions.md). A user of another tenant is never found (404), nothing read or
 * written; a user of this tenant the caller may not read is a 403 (users.read), checked
 * before the body is, so a refused request learns nothing about validation either.
 *
 * DELETE archives (status archived, every token revoked) rather than deleting: records
 * keep pointing at the user, and the spec's account deletion with anonymisation is
 * /account/verwijderen, a flow of its own.
 *
 * Every change is an audit entry in its own transaction (docs/audit-log.md, user-audit.ts);
 * a no-op (same values, a role already held or not held) records nothing.
 * POST /api/v1/users (inviting) is routes/user-invitations.ts.
 */

type TTarget = { user: TUser; facts: TUserFacts; actor: TActor };

/** The :id's user (404 outside the tenant), whom the caller must be allowed to read. */
async function targetOf(
  tx: AppDb,
  tenantId: number,
  me: { id: number },
  raw: string,
): Promise<TTarget> {
  const id = pathId(raw);
  if (id === null) throw notFound();
  const user = await findUser(tx, tenantId, id);
  if (!user) throw notFound();
  const actor = await loadActor(tx, tenantId, me);
  const facts = await userFacts(tx, tenantId, user);
  authorize(actor, "users.read", facts);
  return { user, facts, actor };
}

export async function userRoutes(app: FastifyInstance) {
  const docOptions = (request: FastifyRequest) => {
    const query = request.query as TQuery;
    return {
      include: parseInclude(query, userResource, INCLUDABLE),
      fields: parseFields(query),
    };
  };
  const organizationRelations = (include: string[]) =>
    include.some((path) => path.startsWith("organizations"));

  async function sendUser(
    reply: FastifyReply,
    tx: AppDb,
    tenantId: number,
    user: TUser,
    include: string[],
    fields: Record<string, string[]>,
  ) {
    const data = await userWithRelations(tx, tenantId, user, {
      organizationRelations: organizationRelations(include),
    });
    return () => sendDocument(reply, serialize(userResource, data, { include, fields }));
  }

  app.get("/users", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const { include, fields } = docOptions(request);
    const { where, extra } = parseFilter(query, FILTERABLE, { extra: EXTRA_FILTERS });
    const orderBy = parseSort(query, SORTABLE);
    const page = parsePage(query);
    const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v) as string | undefined;
    const organizationRaw = one(extra.organization_id_eq);
    const organizationId =
      organizationRaw === undefined ? undefined : pathId(organizationRaw.trim());
    if (organizationId === null) {
      throw badRequest("organization_id_eq is not a valid id", "filter[organization_id_eq]");
    }
    const withRole = one(extra.with_role);
    if (withRole !== undefined && !(ROLE_NAMES as readonly string[]).includes(withRole)) {
      throw badRequest(`${withRole} is not a role`, "filter[with_role]");
    }
    const roleName = withRole as (typeof ROLE_NAMES)[number] | undefined;
    const withAnyRole = one(extra.with_any_role);
    if (withAnyRole !== undefined && !(ROLE_NAMES as readonly string[]).includes(withAnyRole)) {
      throw badRequest(`${withAnyRole} is not a role`, "filter[with_any_role]");
    }
    const { data, records } = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, me);
      authorize(actor, "users.list", {});
      const conditions = [where, visibleTo(tenantId, actor?.roles ?? [])];
      if (roleName !== undefined) {
        const scope =
          organizationId === undefined
            ? undefined
            : { type: "Organization" as const, id: organizationId };
        conditions.push(withRoleCondition(tenantId, roleName, scope));
      } else if (organizationId !== undefined) {
        conditions.push(memberOfOrganization(tenantId, organizationId));
      }
      // Held anywhere: globally, on a class or on any instance (rolify's `:any`).
      if (withAnyRole !== undefined)
        conditions.push(withRoleCondition(tenantId, withAnyRole, "any"));
      const { rows, records } = await listUsers(tx, tenantId, {
        where: conditions,
        orderBy,
        limit: page.size,
        offset: page.offset,
      });
      const related = await usersWithRelations(tx, tenantId, rows, {
        organizationRelations: organizationRelations(include),
      });
      return { data: related, records };
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(userResource, data, { include, fields, meta, links }));
  });

  app.get("/users/:id", { preHandler: authenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const { include, fields } = docOptions(request);
    const send = await withTenant(app.db, tenantId, async (tx) => {
      const { user } = await targetOf(
        tx,
        tenantId,
        request.user!,
        (request.params as { id: string }).id,
      );
      return sendUser(reply, tx, tenantId, user, include, fields);
    });
    return send();
  });

  app.patch("/users/:id", { preHandler: authenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const raw = (request.params as { id: string }).id;
    const { include, fields } = docOptions(request);
    const id = pathId(raw);
    if (id === null) throw notFound();
    const send = await withTenant(app.db, tenantId, async (tx) => {
      const { user, facts, actor } = await targetOf(tx, tenantId, request.user!, raw);
      // The body is checked only for someone who may read the user.
      const { changes, status } = changesOf(request.body, id);
      authorize(actor, "users.update", facts);
      if (status !== undefined && status !== user.status) {
        authorize(actor, "users.update_status", facts);
        assertTransition(user.status, status);
      }
      const changed = changedAttributes(user, changes);
      let updated = await updateUserProfile(tx, tenantId, user.id, changes);
      if (updated && status !== undefined && status !== user.status) {
        updated = await setUserStatus(tx, tenantId, user.id, status, {
          revokeTokens: status === "archived",
        });
      }
      if (!updated) throw notFound();
      const audit = { tx, tenantId, actorId: request.user!.id };
      // Editing one's own name is not an administrative action (nor is it through
      // PATCH /current_user); nobody changes their own status.
      if (changed.length > 0 && user.id !== request.user!.id) {
        await auditUser(audit, updated, "user_updated", userCentre(facts), { changed });
      }
      if (status !== undefined && status !== user.status) {
        const details = { from: user.status, to: status };
        await auditUser(audit, updated, "user_status_changed", userCentre(facts), details);
      }
      return sendUser(reply, tx, tenantId, updated, include, fields);
    });
    return send();
  });

  app.delete("/users/:id", { preHandler: authenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    await withTenant(app.db, tenantId, async (tx) => {
      const { user, facts, actor } = await targetOf(
        tx,
        tenantId,
        request.user!,
        (request.params as { id: string }).id,
      );
      authorize(actor, "users.archive", facts);
      assertTransition(user.status, "archived");
      if (user.status === "archived") return;
      await setUserStatus(tx, tenantId, user.id, "archived", { revokeTokens: true });
      const audit = { tx, tenantId, actorId: request.user!.id };
      await auditUser(audit, user, "user_archived", userCentre(facts), { from: user.status });
    });
    return reply.code(204).send();
  });

  const roleRoute =
    (kind: "add_role" | "remove_role") => async (request: FastifyRequest, reply: FastifyReply) => {
      const tenantId = request.tenant.id;
      const raw = (request.params as { id: string }).id;
      const { include, fields } = docOptions(request);
      const id = pathId(raw);
      if (id === null) throw notFound();
      const send = await withTenant(app.db, tenantId, async (tx) => {
        const { user, facts, actor } = await targetOf(tx, tenantId, request.user!, raw);
        const change = roleChangeOf(request.body, id);
        let centerId: number | null = null;
        if (change.resourceType !== null && change.resourceId !== null) {
          const found = await roleResourceCenter(
            tx,
            tenantId,
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
        const audit = { tx, tenantId, actorId: request.user!.id };
        if (kind === "add_role") {
          const role = {
            name: change.role,
            resourceType: change.resourceType,
            resourceId: change.resourceId,
          };
          const held = await holdsExactRole(tx, tenantId, user.id, role);
          await addRole(tx, tenantId, user.id, change.role, resource);
          if (!held) await auditRole(audit, user, "role_added", role, userCentre(facts));
        } else {
          const removed = await removeRole(tx, tenantId, user.id, change.role, resource);
          for (const role of removed) {
            await auditRole(audit, user, "role_removed", role, userCentre(facts));
          }
        }
        const included = include.includes("roles") ? include : [...include, "roles"];
        return sendUser(reply, tx, tenantId, user, included, fields);
      });
      return send();
    };
  app.put("/users/:id/add_role", { preHandler: authenticate }, roleRoute("add_role"));
  app.delete("/users/:id/remove_role", { preHandler: authenticate }, roleRoute("remove_role"));

  app.post(
    "/users/:id/resend_confirmation_instructions",
    { preHandler: authenticate },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { include, fields } = docOptions(request);
      const user = await withTenant(app.db, tenantId, async (tx) => {
        const target = await targetOf(
          tx,
          tenantId,
          request.user!,
          (request.params as { id: string }).id,
        );
        authorize(target.actor, "users.resend_confirmation", target.facts);
        const { user } = target;
        if (user.status !== "invited" && user.confirmedAt !== null) {
          throw unprocessable([
            invalidAttribute(["status"], "is already confirmed", "already_confirmed"),
          ]);
        }
        if (user.status === "archived") {
          throw unprocessable([invalidAttribute(["status"], "is archived", "archived")]);
        }
        return user;
      });
      // The mail modules write their own token and send through the outbox. An invitee has
      // no password yet, so confirming alone would not let them in: they get the invitation
      // again, with a fresh token and a fresh 14 days (auth/invitable).
      if (user.status === "invited") {
        await sendInvitationInstructions(request, user, request.user!);
      } else {
        const origin = siteOrigin(request, app.config.REDIRECT_HOSTS);
        await sendConfirmationInstructions(request, user, origin);
      }
      const send = await withTenant(app.db, tenantId, async (tx) => {
        const fresh = (await findUser(tx, tenantId, user.id)) ?? user;
        return sendUser(reply, tx, tenantId, fresh, include, fields);
      });
      return send();
    },
  );
}
