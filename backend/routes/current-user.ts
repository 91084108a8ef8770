import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate } from "../auth/authenticate";
import { rolesOf } from "../auth/roles";
import { withTenant } from "../db/client";
import { toProfileChanges, ZProfileChanges } from "../domain/user-profile";
import { notFound } from "../errors";
import { isObject } from "../jsonapi/document-attributes";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import {
  invalidAttribute,
  parameterMissing,
  parseAttributes,
  unprocessable,
} from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { type TProfileChanges, updateUserProfile, userWithRelations } from "../queries/users";

/**
 * GET and PATCH /api/v1/current_user: the signed-in user's own record (spec §7). Any
 * signed-in user may read it and change their own name, phone and locale (policy
 * current_user.read/update); signed out gets devise's 401 from `authenticate`. Email and
 * password change through the devise endpoints, never here.
 */

const INCLUDABLE = ["roles", "organizations.address", "organizations.profile"];

export const ZCurrentUserChanges = ZProfileChanges;

/** spec §7 sends `{ user: {...} }`; a JSON:API `{ data: { type: "users", attributes } }` also works. */
function attributesOf(body: unknown): unknown {
  if (isObject(body) && "user" in body) {
    if (!isObject(body.user)) throw parameterMissing("user");
    return body.user;
  }
  if (isObject(body) && isObject(body.data)) {
    const { type, attributes } = body.data;
    if (type !== undefined && type !== "users" && type !== "user") {
      throw unprocessable([
        invalidAttribute(["type"], "is not included in the list", "inclusion", "/data"),
      ]);
    }
    if (!isObject(attributes)) throw parameterMissing("attributes");
    return attributes;
  }
  throw parameterMissing("user");
}

function changesOf(body: unknown): TProfileChanges {
  return toProfileChanges(parseAttributes(ZCurrentUserChanges, attributesOf(body)));
}

export async function currentUserRoutes(app: FastifyInstance) {
  const options = (request: FastifyRequest) => {
    const query = request.query as TQuery;
    return {
      include: parseInclude(query, userResource, INCLUDABLE),
      fields: parseFields(query),
    };
  };

  app.get("/current_user", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const { include, fields } = options(request);
    const data = await withTenant(app.db, tenantId, async (tx) => {
      // One roles query serves both the policy and the document.
      const roles = await rolesOf(tx, tenantId, user.id);
      authorize({ id: user.id, roles }, "current_user.read", { userId: user.id });
      return userWithRelations(tx, tenantId, user, {
        organizationRelations: include.some((path) => path.startsWith("organizations")),
        roles,
      });
    });
    return sendDocument(reply, serialize(userResource, data, { include, fields }));
  });

  app.patch("/current_user", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const { include, fields } = options(request);
    // Validate everything before the transaction: a rejected write changes nothing.
    const changes = changesOf(request.body);
    const data = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, user), "current_user.update", { userId: user.id });
      const updated = await updateUserProfile(tx, tenantId, user.id, changes);
      if (!updated) throw notFound();
      return userWithRelations(tx, tenantId, updated, {
        organizationRelations: include.some((path) => path.startsWith("organizations")),
      });
    });
    return sendDocument(reply, serialize(userResource, data, { include, fields }));
  });
}
