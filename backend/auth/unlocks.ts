import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { users } from "../db/schema";
import { recordActivity } from "../queries/activity-events";
import { authActivity } from "./activity";
import { deviseError, emailParam, param, sendRailsNotFound } from "./http";
import { isLocked, sendUnlockInstructions, UNLOCKED } from "./lockable";
import { mailRecipient } from "./mail-recipient";
import { MESSAGES } from "./messages";
import type { TLimiters } from "./rate-limit";
import { randomToken, tokenDigest } from "./tokens";
import { findUserByMailedToken } from "./users-query";

/**
 * devise_token_auth UnlocksController (api-contract §1.4): POST /auth/unlock mails new
 * unlock instructions, GET /auth/unlock?unlock_token (the mailed link, through the web)
 * unlocks and redirects to the site root. No token goes into the URL (docs/decisions.md).
 */
export async function unlockRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;

  app.post("/unlock", async (request, reply) => {
    const email = emailParam(request);
    if (!email) return deviseError(reply, 401, [MESSAGES.missingEmail]);
    const user = await mailRecipient(app, request, reply, limiters, email);
    if (!user) return reply;
    // Only a locked account gets mail; the answer is the same either way.
    if (isLocked(user, app.authSettings.now(), app.authSettings)) {
      const raw = randomToken();
      await withTenant(app.db, request.tenant.id, async (tx) => {
        await tx
          .update(users)
          .set({ unlockToken: tokenDigest(raw) })
          .where(eq(users.id, user.id));
        await sendUnlockInstructions(tx, request, user, raw);
      });
    }
    return { success: true, message: MESSAGES.unlockSent(email) };
  });

  app.get("/unlock", async (request, reply) => {
    const raw = param(request, "unlock_token");
    const user = await findUserByMailedToken(app.db, request.tenant.id, "unlockToken", raw);
    if (!user) return sendRailsNotFound(reply);
    await withTenant(app.db, request.tenant.id, async (tx) => {
      await tx
        .update(users)
        .set({ ...UNLOCKED })
        .where(eq(users.id, user.id));
      // By the user (the mailed link proved it); a lock that had run out is not unlocked now.
      if (isLocked(user, app.authSettings.now(), app.authSettings)) {
        const event = authActivity(request, user, "account_unlocked", user.id);
        await recordActivity(tx, event, request.log);
      }
    });
    return reply.redirect("/", 302);
  });
}
