import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { authActivity } from "../auth/activity";
import { issueClientToken, removeClient } from "../auth/token-store";
import type { AppDb } from "../db/client";
import { userAuditCenter } from "../domain/user-audit-center";
import { AppError, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody, documentQuery, refineReader } from "../http/inputs";
import { pathId } from "../jsonapi/document-attributes";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import type { TUserFacts } from "../policies/policy";
import { recordActivity } from "../queries/activity-events";
import { recordAudit } from "../queries/audit-events";
import { findUser, type TUser, userFacts, userWithRelations } from "../queries/users";

/**
 * /api/v1/sign_in_as_user (spec §7; docs/impersonation-and-account-deletion.md).
 *
 * POST: a signed-in superadmin, or an admin who administers the user (policy
 * users.sign_in_as, the reach of users.update_status), gets a fresh devise_token_auth
 * client of that user in the response headers, as sign-in does. The caller's own token is
 * not rotated on this request: the headers of the answer are the other user's. The new
 * client remembers who opened it (`impersonatorId` in users.tokens).
 *
 * DELETE: called with that client's own headers (policy users.end_sign_in_as); removes the
 * client and records the end in the name of the admin who started it. Any other client: 422.
 */

const INCLUDABLE = ["roles", "organizations"];

const ZSignInAs = z.object({ user_id: z.union([z.string(), z.number()]) });

/** The `user_id` attribute as an id; 422 on /data/attributes/user_id otherwise. */
const signInAsBody = refineReader(
  attributesBody(ZSignInAs, { types: ["user", "users"] }),
  ({ user_id: raw }) => {
    const text = String(raw).trim();
    if (text === "") {
      throw unprocessable([invalidAttribute(["user_id"], "can't be blank", "blank")]);
    }
    const id = pathId(text);
    if (id === null) throw unprocessable([invalidAttribute(["user_id"], "is invalid", "invalid")]);
    return id;
  },
);

/**
 * Why this user cannot be signed in as here, or null. Only an account that could sign in
 * on this site itself: active, confirmed, not anonymised, and of this site's centre (spec
 * §8 'wrong center'; superadmins serve every centre).
 */
function refusal(request: FastifyRequest, user: TUser, facts: TUserFacts): [string, string] | null {
  if (user.anonymizedAt !== null) return ["has been deleted", "anonymized"];
  if (user.status === "archived") return ["is archived", "archived"];
  if (user.status === "invited") return ["has not accepted the invitation yet", "invited"];
  if (user.status === "inactive") return ["is inactive", "inactive"];
  if (user.confirmedAt === null) return ["has not confirmed the email address yet", "unconfirmed"];
  if (
    user.volunteerCenterId !== null &&
    user.volunteerCenterId !== request.volunteerCenterId &&
    !facts.superadmin
  ) {
    return ["is registered with another volunteer centre", "wrong_center"];
  }
  return null;
}

const alreadyImpersonating = () =>
  new AppError("conflict", "Already signed in as another user; return to your own account first.", {
    items: [
      {
        detail: "Already signed in as another user; return to your own account first.",
        code: "already_impersonating",
        source: null,
      },
    ],
  });

/** The admin's id when that account still exists (audit and activity point at it). */
async function existingUserId(tx: AppDb, tenantId: number, id: number): Promise<number | null> {
  return (await findUser(tx, tenantId, id)) ? id : null;
}

export async function signInAsRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "POST",
    url: "/sign_in_as_user",
    summary: "Sign in as another user: the answer's auth headers are a new client of theirs",
    auth: "signed_in",
    query: documentQuery(userResource, INCLUDABLE),
    body: signInAsBody,
    load: async ({ tx, tenant, session, body: targetId }) => {
      // One level only: acting as X, one does not become Y (the audit names one admin).
      if (session.impersonatorId !== null) throw alreadyImpersonating();
      const target = await findUser(tx, tenant.id, targetId);
      if (!target) throw notFound();
      return { target, facts: await userFacts(tx, tenant.id, target) };
    },
    action: "users.sign_in_as",
    facts: (_ctx, { facts }) => facts,
    response: { resource: userResource, many: false },
    handler: async (ctx, { target, facts }) => {
      const { tx, tenant, session, query, request, reply, afterCommit } = ctx;
      const me = session.user;
      const refused = refusal(request, target, facts);
      if (refused) throw unprocessable([invalidAttribute(["user_id"], ...refused)]);
      const settings = request.server.authSettings;
      const issued = await issueClientToken(tx, target, settings, { impersonatorId: me.id });
      // The target's activity panel shows the sign-in, by someone else (actor = the admin).
      await recordActivity(tx, authActivity(request, target, "signed_in", me.id), request.log);
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: me.id,
        action: "signed_in_as",
        subject: { type: "User", id: target.id, label: target.email },
        volunteerCenterId: userAuditCenter(target, facts),
        at: settings.now(),
      });
      // The answer carries the other user's headers; the caller's must not change alongside.
      session.skipRotation();
      // Sent only once the new client is committed.
      afterCommit(async () => {
        reply.headers(issued);
      });
      const data = await userWithRelations(tx, tenant.id, target, {
        organizationRelations: false,
      });
      const include = query.include.includes("roles") ? query.include : [...query.include, "roles"];
      return serialize(userResource, data, { include, fields: query.fields });
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/sign_in_as_user",
    summary: "End a sign-in as another user: removes this client",
    auth: "signed_in",
    action: "users.end_sign_in_as",
    facts: ({ session }) => ({ userId: session.user.id }),
    status: 204,
    handler: async ({ tx, tenant, session, request }) => {
      const me = session.user;
      const { impersonatorId } = session;
      if (impersonatorId === null) {
        throw unprocessable([
          {
            detail: "This session is not a sign-in as another user",
            code: "not_impersonating",
            source: { pointer: "" },
          },
        ]);
      }
      // The client is about to go: this answer carries no auth headers.
      session.skipRotation();
      const removed = await removeClient(tx, tenant.id, me.id, session.client, async (inner) => {
        const adminId = await existingUserId(inner, tenant.id, impersonatorId);
        const facts = await userFacts(inner, tenant.id, me);
        await recordActivity(inner, authActivity(request, me, "signed_out", adminId), request.log);
        await recordAudit(inner, {
          tenantId: tenant.id,
          actorId: adminId,
          action: "signed_in_as_ended",
          subject: { type: "User", id: me.id, label: me.email },
          volunteerCenterId: userAuditCenter(me, facts),
          at: request.server.authSettings.now(),
        });
      });
      // A sign-out that ran meanwhile took the client already.
      if (!removed) throw notFound();
      return null;
    },
  });
}
