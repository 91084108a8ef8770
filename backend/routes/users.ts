import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { sendConfirmationInstructions } from "../auth/confirmable";
import { siteOrigin } from "../auth/redirect-url";
import { addRole, removeRole, type TRoleResource, withRoleCondition } from "../auth/roles";
import { type AppDb, withTenant } from "../db/client";
import { ROLE_NAMES, type TUserStatus, USER_STATUSES, users } from "../db/schema";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { assertTransition } from "../domain/user-status";
import { badRequest, notFound } from "../errors";
import { documentAttributes, MAX_ID, pathId } from "../jsonapi/document-attributes";
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
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize, type TActor, type TUserFacts } from "../policies/policy";
import {
  findUser,
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
 */

const INCLUDABLE = ["roles", "organizations", "organizations.address", "organizations.profile"];
const FILTERABLE = {
  status: users.status,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  phone: users.phone,
  locale: users.locale,
  volunteer_center_id: users.volunteerCenterId,
  id: users.id,
  created_at: users.createdAt,
};
const SORTABLE = {
  id: users.id,
  email: users.email,
  first_name: users.firstName,
  last_name: users.lastName,
  status: users.status,
  created_at: users.createdAt,
  updated_at: users.updatedAt,
};
const EXTRA_FILTERS = ["organization_id_eq", "with_role"] as const;

/** `{data: {type: "users", id?, attributes}}` → attributes; 400/422 otherwise. */
const attributesOf = (body: unknown, id: number) =>
  documentAttributes(body, { types: ["users", "user"], id });

export const ZUserChanges = ZProfileChanges.extend({ status: z.enum(USER_STATUSES).optional() });

export const ZRoleChange = z.object({
  role: z.enum(ROLE_NAMES),
  resource_type: z.enum(["Organization", "Desk"]).nullable().optional(),
  resource_id: z.coerce.number().int().min(1).max(MAX_ID).nullable().optional(),
});

function changesOf(body: unknown, id: number) {
  const input = parseAttributes(ZUserChanges, attributesOf(body, id));
  return { changes: toProfileChanges(input), status: input.status as TUserStatus | undefined };
}

function roleChangeOf(body: unknown, id: number) {
  const input = parseAttributes(ZRoleChange, attributesOf(body, id));
  const resourceType = input.resource_type ?? null;
  const resourceId = input.resource_id ?? null;
  if (resourceId !== null && resourceType === null) {
    throw unprocessable([invalidAttribute(["resource_type"], "can't be blank", "blank")]);
  }
  return { role: input.role, resourceType, resourceId };
}

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
      let updated = await updateUserProfile(tx, tenantId, user.id, changes);
      if (updated && status !== undefined && status !== user.status) {
        updated = await setUserStatus(tx, tenantId, user.id, status, {
          revokeTokens: status === "archived",
        });
      }
      if (!updated) throw notFound();
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
      await setUserStatus(tx, tenantId, user.id, "archived", { revokeTokens: true });
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
        // does not hold removes nothing and still answers 200.
        if (kind === "add_role") await addRole(tx, tenantId, user.id, change.role, resource);
        else await removeRole(tx, tenantId, user.id, change.role, resource);
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
      // The mail module writes its own token and sends through the outbox (auth/confirmable).
      await sendConfirmationInstructions(
        request,
        user,
        siteOrigin(request, app.config.REDIRECT_HOSTS),
      );
      const send = await withTenant(app.db, tenantId, async (tx) => {
        const fresh = (await findUser(tx, tenantId, user.id)) ?? user;
        return sendUser(reply, tx, tenantId, fresh, include, fields);
      });
      return send();
    },
  );
}
