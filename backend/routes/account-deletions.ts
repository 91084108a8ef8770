import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { optionalAuthenticate } from "../auth/authenticate";
import { deliver } from "../auth/mails";
import { accountKey, consumeAll, sharedLimiters } from "../auth/rate-limit";
import { siteOrigin } from "../auth/redirect-url";
import { randomToken } from "../auth/tokens";
import type { TUser } from "../auth/user-json";
import { findUserByEmail } from "../auth/users-query";
import { withTenant } from "../db/client";
import { userAuditCenter } from "../domain/user-audit-center";
import { AppError } from "../errors";
import { documentAttributes } from "../jsonapi/document-attributes";
import { JSONAPI_CONTENT_TYPE } from "../jsonapi/errors";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { accountDeletionMail } from "../mail/templates/account-deletion";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import {
  anonymizeUser,
  lockUserByDeletionToken,
  storeDeletionToken,
} from "../queries/account-deletions";
import { recordAudit } from "../queries/audit-events";
import { userFacts } from "../queries/users";

/**
 * /api/v1/account_deletions (spec §2 /account/verwijderen, then /profiel/verwijderd;
 * docs/impersonation-and-account-deletion.md). Open to everyone (policy
 * account_deletions.request and .confirm): the mailed link is the proof.
 *
 * POST asks for the mail: by e-mail address, or for the signed-in caller's own account when
 * the address is left out. The answer is the same 202 whether or not the address has an
 * account, so it tells nobody who is registered; every request counts against the mail
 * limits of backend/auth/rate-limit.ts, per IP and per account.
 *
 * POST /confirm takes the mailed token and anonymises the account in one transaction.
 */

/** How long a mailed deletion link works. */
export const DELETION_VALID_MS = 24 * 3600_000;

export const REQUESTED_MESSAGE =
  "If this address belongs to an account, a link to confirm its deletion has been sent to it.";
export const DELETED_MESSAGE = "The account has been deleted.";

const TYPES = ["account_deletion", "account_deletions"];

const trimmed = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() || undefined : value;
const ZRequest = z.object({ email: z.preprocess(trimmed, z.email().max(254).nullish()) });
const ZConfirm = z.object({ token: z.string().trim().min(1).max(200) });

/** The attributes of the body; a signed-in caller may send no body at all. */
function attributesOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (request.user && (body === undefined || body === null || body === "")) return {};
  return documentAttributes(body, { types: TYPES });
}

const sendMeta = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type(JSONAPI_CONTENT_TYPE).send({ meta: { message } });

const tooManyRequests = (seconds: number) =>
  new AppError("too_many_requests", "Too many attempts. Try again later.", {
    headers: { "retry-after": String(seconds) },
  });

const tokenError = (message: string, code: string) =>
  unprocessable([invalidAttribute(["token"], message, code)]);

export async function accountDeletionRoutes(app: FastifyInstance) {
  const limiters = sharedLimiters(app);

  app.post("/account_deletions", { preHandler: optionalAuthenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const me = request.user;
    const actor = me
      ? await withTenant(app.db, tenantId, (tx) => loadActor(tx, tenantId, me))
      : null;
    authorize(actor, "account_deletions.request", {});
    const { email: given } = parseAttributes(ZRequest, attributesOf(request));
    const email = given ?? me?.email;
    if (!email) throw unprocessable([invalidAttribute(["email"], "can't be blank", "blank")]);

    const wait = await consumeAll([
      [limiters.mailPerIp, request.ip],
      [limiters.mailPerAccount, accountKey(tenantId, email)],
    ]);
    if (wait !== null) throw tooManyRequests(wait);

    // The caller's own account by the session when no address was given; otherwise whoever
    // holds the address (the mail goes to them, not to the caller).
    const user: TUser | null =
      given === undefined || given === null ? me : await findUserByEmail(app.db, tenantId, email);
    if (user && user.anonymizedAt === null) await sendDeletionLink(request, user);
    return sendMeta(reply, 202, REQUESTED_MESSAGE);
  });

  /** A new token (the one mailed before stops working) and the mail with the link. */
  async function sendDeletionLink(request: FastifyRequest, user: TUser) {
    const tenantId = request.tenant.id;
    const raw = randomToken();
    const origin = siteOrigin(request, app.config.REDIRECT_HOSTS);
    if (!origin) request.log.warn("account deletion mail without a link: the site is unknown");
    const link = origin
      ? `${origin}/account/verwijderen?${new URLSearchParams({ token: raw })}`
      : null;
    const mail = accountDeletionMail({
      locale: user.locale,
      tenantName: request.tenant.name,
      firstName: user.firstName,
      link,
    });
    // The token and its mail commit together. Sending happens in the job queue, so a mail
    // server that fails cannot change the answer (a 500 only for real accounts would tell
    // which addresses have one).
    await withTenant(app.db, tenantId, async (tx) => {
      await storeDeletionToken(tx, tenantId, user.id, raw, app.authSettings.now());
      await deliver(tx, request, user, mail);
    });
  }

  app.post("/account_deletions/confirm", async (request, reply) => {
    const tenantId = request.tenant.id;
    authorize(null, "account_deletions.confirm", {});
    const attributes = documentAttributes(request.body, { types: TYPES });
    const { token } = parseAttributes(ZConfirm, attributes);
    const now = app.authSettings.now();
    await withTenant(app.db, tenantId, async (tx) => {
      const user = await lockUserByDeletionToken(tx, tenantId, token);
      if (!user) throw tokenError("is invalid", "invalid");
      const sentAt = user.deletionSentAt?.getTime();
      if (sentAt === undefined || now.getTime() > sentAt + DELETION_VALID_MS) {
        throw tokenError("has expired, please request a new one", "expired");
      }
      // Read before the roles go: the audit entry's centre may come from them.
      const facts = await userFacts(tx, tenantId, user);
      await anonymizeUser(tx, tenantId, user.id, now);
      await recordAudit(tx, {
        tenantId,
        actorId: user.id,
        action: "account_deleted",
        subject: { type: "User", id: user.id, label: null },
        volunteerCenterId: userAuditCenter(user, facts),
        at: now,
      });
    });
    return sendMeta(reply, 200, DELETED_MESSAGE);
  });
}
