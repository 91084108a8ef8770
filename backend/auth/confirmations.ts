import type { FastifyInstance } from "fastify";
import { confirmByToken, sendConfirmationInstructions } from "./confirmable";
import { deviseError, emailParam, param, sendRailsNotFound } from "./http";
import { mailRecipient } from "./mail-recipient";
import { MESSAGES } from "./messages";
import type { TLimiters } from "./rate-limit";
import { isAllowedRedirect, siteOrigin, withQuery } from "./redirect-url";

/**
 * devise_token_auth ConfirmationsController (api-contract §1.4): POST /auth/confirmation
 * resends the instructions, GET /auth/confirmation confirms and redirects. The web's own
 * flow is the /confirm page posting to POST /api/v1/confirm (routes/confirm.ts).
 */
export async function confirmationRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;
  const hosts = app.config.REDIRECT_HOSTS;

  app.post("/confirmation", async (request, reply) => {
    const email = emailParam(request);
    if (!email) return deviseError(reply, 401, [MESSAGES.missingEmail]);
    const redirectUrl = param(request, "redirect_url");
    if (redirectUrl && !isAllowedRedirect(redirectUrl, hosts)) {
      return deviseError(reply, 422, [MESSAGES.redirectNotAllowed(redirectUrl)], {
        status: "error",
        data: null,
      });
    }
    const user = await mailRecipient(app, request, reply, limiters, email);
    if (!user) return reply;
    // Sent even to a confirmed user, as devise_token_auth does.
    const origin = redirectUrl ? new URL(redirectUrl).origin : siteOrigin(request, hosts);
    await sendConfirmationInstructions(request, user, origin);
    return { success: true, message: MESSAGES.confirmationSent(email) };
  });

  app.get("/confirmation", async (request, reply) => {
    const redirectUrl = param(request, "redirect_url");
    const target = redirectUrl && isAllowedRedirect(redirectUrl, hosts) ? redirectUrl : null;
    const result = await confirmByToken(request, param(request, "confirmation_token"));
    if (!target) {
      return result.ok
        ? reply.redirect("/?account_confirmation_success=true", 302)
        : sendRailsNotFound(reply);
    }
    const success = result.ok ? "true" : "false";
    return reply.redirect(withQuery(target, { account_confirmation_success: success }), 302);
  });
}
