import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { authActivity } from "../auth/activity";
import { authenticate, impersonatorIdOf, skipRotation, tokenUseOf } from "../auth/authenticate";
import { issueClientToken, removeClient } from "../auth/token-store";
import { type AppDb, withTenant } from "../db/client";
import { userAuditCenter } from "../domain/user-audit-center";
import { AppError, notFound } from "../errors";
import { documentAttributes, pathId } from "../jsonapi/document-attributes";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize, type TUserFacts } from "../policies/policy";
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
function targetIdOf(body: unknown): number {
  const attributes = documentAttributes(body, { types: ["user", "users"] });
  const { user_id: raw } = parseAttributes(ZSignInAs, attributes);
  const text = String(raw).trim();
  if (text === "") throw unprocessable([invalidAttribute(["user_id"], "can't be blank", "blank")]);
  const id = pathId(text);
  if (id === null) throw unprocessable([invalidAttribute(["user_id"], "is invalid", "invalid")]);
  return id;
}

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
  app.post("/sign_in_as_user", { preHandler: authenticate }, async (request, reply) => {
    // The answer carries the other user's headers; the caller's must not change alongside.
    skipRotation(request);
    const me = request.user!;
    const tenantId = request.tenant.id;
    // One level only: acting as X, one does not become Y (the audit names one admin).
    if (impersonatorIdOf(request) !== null) throw alreadyImpersonating();
    const query = request.query as TQuery;
    const include = parseInclude(query, userResource, INCLUDABLE);
    const fields = parseFields(query);
    const targetId = targetIdOf(request.body);

    const { document, headers } = await withTenant(app.db, tenantId, async (tx) => {
      const target = await findUser(tx, tenantId, targetId);
      if (!target) throw notFound();
      const actor = await loadActor(tx, tenantId, me);
      const facts = await userFacts(tx, tenantId, target);
      authorize(actor, "users.sign_in_as", facts);
      const refused = refusal(request, target, facts);
      if (refused) throw unprocessable([invalidAttribute(["user_id"], ...refused)]);

      const issued = await issueClientToken(tx, target, app.authSettings, {
        impersonatorId: me.id,
      });
      // The target's activity panel shows the sign-in, by someone else (actor = the admin).
      await recordActivity(tx, authActivity(request, target, "signed_in", me.id), request.log);
      await recordAudit(tx, {
        tenantId,
        actorId: me.id,
        action: "signed_in_as",
        subject: { type: "User", id: target.id, label: target.email },
        volunteerCenterId: userAuditCenter(target, facts),
        at: app.authSettings.now(),
      });
      const data = await userWithRelations(tx, tenantId, target, {
        organizationRelations: false,
      });
      const included = include.includes("roles") ? include : [...include, "roles"];
      return {
        document: serialize(userResource, data, { include: included, fields }),
        headers: issued,
      };
    });
    reply.headers(headers);
    return sendDocument(reply, document);
  });

  app.delete("/sign_in_as_user", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const use = tokenUseOf(request);
    const actor = await withTenant(app.db, tenantId, (tx) => loadActor(tx, tenantId, me));
    authorize(actor, "users.end_sign_in_as", { userId: me.id });
    const impersonatorId = impersonatorIdOf(request);
    if (impersonatorId === null || !use) {
      throw unprocessable([
        {
          detail: "This session is not a sign-in as another user",
          code: "not_impersonating",
          source: { pointer: "" },
        },
      ]);
    }
    // The client is about to go: this answer carries no auth headers.
    skipRotation(request);
    const removed = await removeClient(app.db, tenantId, me.id, use.client, async (tx) => {
      const adminId = await existingUserId(tx, tenantId, impersonatorId);
      const facts = await userFacts(tx, tenantId, me);
      await recordActivity(tx, authActivity(request, me, "signed_out", adminId), request.log);
      await recordAudit(tx, {
        tenantId,
        actorId: adminId,
        action: "signed_in_as_ended",
        subject: { type: "User", id: me.id, label: me.email },
        volunteerCenterId: userAuditCenter(me, facts),
        at: app.authSettings.now(),
      });
    });
    // A sign-out that ran meanwhile took the client already.
    if (!removed) throw notFound();
    return reply.code(204).send();
  });
}
