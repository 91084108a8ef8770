import type { FastifyInstance } from "fastify";
import { redirectAnswer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { deviseParams, deviseValues } from "../http/inputs";
import { confirmByToken, sendConfirmationInstructions } from "./confirmable";
import { DEVISE_ROUTE, deviseEmail, deviseFailure, railsNotFound } from "./http";
import { mailRecipient } from "./mail-recipient";
import { MESSAGES } from "./messages";
import type { TLimiters } from "./rate-limit";
import { isAllowedRedirect, siteOrigin, withQuery } from "./redirect-url";
import { ZDeviseMessage } from "./user-json";

/**
 * devise_token_auth ConfirmationsController (api-contract §1.4): POST /auth/confirmation
 * resends the instructions, GET /auth/confirmation confirms and redirects. The web's own
 * flow is the /confirm page posting to POST /api/v1/confirm (routes/confirm.ts).
 */

const RESEND = deviseParams({
  email: "The account's address",
  redirect_url: "The site the link opens (an allowed host); else the request's site",
});
const CONFIRM = deviseParams({
  confirmation_token: "The mailed token",
  redirect_url: "Where to go afterwards (an allowed host), with account_confirmation_success",
});

export async function confirmationRoutes(app: FastifyInstance, opts: { limiters: TLimiters }) {
  const { limiters } = opts;
  const hosts = app.config.REDIRECT_HOSTS;

  // Its own transaction, after the mail limits (the token and its mail commit together).
  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "POST",
    url: "/confirmation",
    summary: "Mail the confirmation instructions again",
    auth: "public",
    transaction: "none",
    query: RESEND.query,
    body: RESEND.body,
    response: ZDeviseMessage,
    handler: async ({ request, query, body }) => {
      const values = deviseValues(query, body);
      const email = deviseEmail(values.email);
      if (!email) return deviseFailure(401, [MESSAGES.missingEmail]);
      const redirectUrl = values.redirect_url;
      if (redirectUrl && !isAllowedRedirect(redirectUrl, hosts)) {
        return deviseFailure(422, [MESSAGES.redirectNotAllowed(redirectUrl)], {
          status: "error",
          data: null,
        });
      }
      const found = await mailRecipient(request, limiters, email);
      if ("refusal" in found) return found.refusal;
      // Sent even to a confirmed user, as devise_token_auth does.
      const origin = redirectUrl ? new URL(redirectUrl).origin : siteOrigin(request, hosts);
      await sendConfirmationInstructions(request, found.user, origin);
      return { success: true, message: MESSAGES.confirmationSent(email) };
    },
  });

  defineRoute(app, {
    ...DEVISE_ROUTE,
    method: "GET",
    url: "/confirmation",
    summary: "The mailed confirmation link: confirms and redirects",
    auth: "public",
    transaction: "none",
    query: CONFIRM.query,
    status: 302,
    handler: async ({ request, query }) => {
      const values = deviseValues(query, undefined);
      const redirectUrl = values.redirect_url;
      const target = redirectUrl && isAllowedRedirect(redirectUrl, hosts) ? redirectUrl : null;
      const result = await confirmByToken(request, values.confirmation_token);
      if (!target) {
        return result.ok ? redirectAnswer("/?account_confirmation_success=true") : railsNotFound();
      }
      const success = result.ok ? "true" : "false";
      return redirectAnswer(withQuery(target, { account_confirmation_success: success }));
    },
  });
}
