import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { redirectAnswer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { recordActivity } from "../queries/activity-events";
import { updateAuthUser } from "../queries/auth-users";
import { authActivity } from "./activity";
import { DEVISE_ROUTE, deviseEmail, deviseFailure, railsNotFound } from "./http";
import { isLocked, sendUnlockInstructions, UNLOCKED } from "./lockable";
import { mailRecipient } from "./mail-recipient";
import { MESSAGES } from "./messages";
import type { TLimiters } from "./rate-limit";
import { randomToken, tokenDigest } from "./tokens";
import { ZDeviseMessage } from "./user-json";
import { findUserByMailedToken } from "./users-query";

/**
 * devise_token_auth UnlocksController (api-contract §1.4): POST /auth/unlock mails new
 * unlock instructions, GET /auth/unlock?unlock_token (the mailed link, through the web)
 * unlocks and redirects to the site root. No token goes into the URL (docs/decisions.md).
 */

const RESEND = deviseParams({ email: "The account's address" });
const UNLOCK = deviseParams({ unlock_token: "The mailed token" });

export async function unlockRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  // Its own transaction, after the mail limits (the token and its mail commit together).
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "POST",
    url: "/unlock",
    summary: "Mail new unlock instructions (only a locked account gets mail)",
    auth: "public",
    transaction: "none",
    query: RESEND.query,
    body: RESEND.body,
    response: ZDeviseMessage,
    handler: async ({ request, query, body }) => {
      const email = deviseEmail(deviseValues(query, body).email);
      if (!email) return deviseFailure(401, [MESSAGES.missingEmail]);
      const found = await mailRecipient(request, limiters, email);
      if ("refusal" in found) return found.refusal;
      const { user } = found;
      // Only a locked account gets mail; the answer is the same either way.
      if (isLocked(user, app.authSettings.now(), app.authSettings)) {
        const raw = randomToken();
        await withTenant(app.db, request.tenant.id, async (tx) => {
          await updateAuthUser(tx, user.id, { unlockToken: tokenDigest(raw) });
          await sendUnlockInstructions(tx, request, user, raw);
        });
      }
      return { success: true, message: MESSAGES.unlockSent(email) };
    },
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/unlock",
    summary: "The mailed unlock link: unlocks and redirects to the site root",
    auth: "public",
    transaction: "none",
    query: UNLOCK.query,
    status: 302,
    handler: async ({ request, query }) => {
      const raw = deviseValues(query, undefined).unlock_token;
      const user = await findUserByMailedToken(app.db, request.tenant.id, "unlockToken", raw);
      if (!user) return railsNotFound();
      await withTenant(app.db, request.tenant.id, async (tx) => {
        await updateAuthUser(tx, user.id, { ...UNLOCKED });
        // By the user (the mailed link proved it); a lock that had run out is not unlocked now.
        if (isLocked(user, app.authSettings.now(), app.authSettings)) {
          const event = authActivity(request, user, "account_unlocked", user.id);
          await recordActivity(tx, event, request.log);
        }
      });
      return redirectAnswer("/");
    },
  });
}
