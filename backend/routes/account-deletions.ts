import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { deliver, templateOf } from "../auth/mails";
import { accountKey, consumeAll, sharedLimiters } from "../auth/rate-limit";
import { siteOrigin } from "../auth/redirect-url";
import { randomToken } from "../auth/tokens";
import type { TUser } from "../auth/user-json";
import type { AppDb } from "../db/client";
import { userAuditCenter } from "../domain/user-audit-center";
import { AppError } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody, type TReader } from "../http/inputs";
import { documentAttributes } from "../jsonapi/document-attributes";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { accountDeletionMail } from "../mail/templates/account-deletion";
import {
  anonymizeUser,
  lockUserByDeletionToken,
  storeDeletionToken,
} from "../queries/account-deletions";
import { recordAudit } from "../queries/audit-events";
import { userByLoginEmail } from "../queries/auth-users";
import { userFacts } from "../queries/users";
import { withdrawOpenApplicationsOf } from "../services/applications";

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

/**
 * The request's attributes, or null for no body at all: what a signed-in caller may send
 * (their own account). The handler refuses it from a caller without a session, as the
 * document error an absent body is.
 */
const requestBody: TReader<{ email?: string | null } | null> = {
  parse(raw) {
    if (raw === undefined || raw === null || raw === "") return null;
    return parseAttributes(ZRequest, documentAttributes(raw, { types: TYPES }));
  },
  bodySchema: () => attributesBody(ZRequest, { types: TYPES }).bodySchema?.() ?? {},
};

const ZMeta = z.object({ meta: z.object({ message: z.string() }) });

const tooManyRequests = (seconds: number) =>
  new AppError("too_many_requests", "Too many attempts. Try again later.", {
    headers: { "retry-after": String(seconds) },
  });

const tokenError = (message: string, code: string) =>
  unprocessable([invalidAttribute(["token"], message, code)]);

/** A new token (the one mailed before stops working) and the mail with the link, in `tx`:
 *  the token and its mail commit together. */
async function sendDeletionLink(tx: AppDb, request: FastifyRequest, user: TUser) {
  const tenantId = request.tenant.id;
  const raw = randomToken();
  const origin = siteOrigin(request, request.server.config.REDIRECT_HOSTS);
  if (!origin) request.log.warn("account deletion mail without a link: the site is unknown");
  const link = origin
    ? `${origin}/account/verwijderen?${new URLSearchParams({ token: raw })}`
    : null;
  const mail = accountDeletionMail({
    ...(await templateOf(tx, request, user, "account.deletion")),
    locale: user.locale,
    tenantName: request.tenant.name,
    firstName: user.firstName,
    link,
  });
  // Sending happens in the job queue, so a mail server that fails cannot change the
  // answer (a 500 only for real accounts would tell which addresses have one).
  await storeDeletionToken(tx, tenantId, user.id, raw, request.server.authSettings.now());
  await deliver(tx, request, user, mail);
}

export async function accountDeletionRoutes(app: FastifyInstance) {
  const limiters = sharedLimiters(app);

  defineRoute(app, {
    method: "POST",
    url: "/account_deletions",
    summary: "Mail a link to delete an account: by address, or the signed-in caller's own",
    auth: "optional",
    body: requestBody,
    action: "account_deletions.request",
    facts: () => ({}),
    status: 202,
    response: ZMeta,
    handler: async ({ tx, request, session, body }) => {
      const tenantId = request.tenant.id;
      const me = session?.user ?? null;
      // Without a session a body is required: the error of any absent document.
      if (body === null && !me) documentAttributes(request.body, { types: TYPES });
      const given = body?.email;
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
        given === undefined || given === null ? me : await userByLoginEmail(tx, tenantId, email);
      if (user && user.anonymizedAt === null) await sendDeletionLink(tx, request, user);
      return { meta: { message: REQUESTED_MESSAGE } };
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/account_deletions/confirm",
    summary: "Delete (anonymise) the account a mailed deletion token belongs to",
    auth: "public",
    body: attributesBody(ZConfirm, { types: TYPES }),
    action: "account_deletions.confirm",
    facts: () => ({}),
    response: ZMeta,
    handler: async ({ tx, request, body: { token } }) => {
      const tenantId = request.tenant.id;
      const now = app.authSettings.now();
      const user = await lockUserByDeletionToken(tx, tenantId, token);
      if (!user) throw tokenError("is invalid", "invalid");
      const sentAt = user.deletionSentAt?.getTime();
      if (sentAt === undefined || now.getTime() > sentAt + DELETION_VALID_MS) {
        throw tokenError("has expired, please request a new one", "expired");
      }
      // Read before the roles go: the audit entry's centre may come from them.
      const facts = await userFacts(tx, tenantId, user);
      await withdrawOpenApplicationsOf(tx, {
        tenantId,
        userId: user.id,
        origin: siteOrigin(request, request.server.config.REDIRECT_HOSTS),
      });
      await anonymizeUser(tx, tenantId, user.id, now);
      await recordAudit(tx, {
        tenantId,
        actorId: user.id,
        action: "account_deleted",
        subject: { type: "User", id: user.id, label: null },
        volunteerCenterId: userAuditCenter(user, facts),
        at: now,
      });
      return { meta: { message: DELETED_MESSAGE } };
    },
  });
}
