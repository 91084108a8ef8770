import type { FastifyInstance, FastifyRequest } from "fastify";
import { confirmByToken, type TConfirmFailure } from "../auth/confirmable";
import { headersAfterEmailChange, sessionBeforeConfirming } from "../auth/reconfirmed-session";
import type { TUser } from "../auth/user-json";
import { withTenant } from "../db/client";
import { AppError, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { deviseParams, type TReader } from "../http/inputs";
import { userResource } from "../jsonapi/resources";
import { serialize } from "../jsonapi/serializer";
import { userWithRelations } from "../queries/users";

/**
 * POST /api/v1/confirm {confirmation_token} (spec §7): the web's /confirm page sends the
 * token from the confirmation mail. Public: the token is the proof. Answers with the
 * confirmed user as a JSON:API document, 404 for an unknown token, 422 otherwise. A token
 * of a change of address swaps the address in; sent with the user's own session, the
 * answer carries that client's new token with the new uid (auth/reconfirmed-session.ts).
 */

const POINTER = "/data/attributes/confirmation_token";

/**
 * The token at the top level (as the spec's call sends it) or under data.attributes;
 * undefined for anything else, which is devise's 'can't be blank', never a body error.
 */
const tokenBody: TReader<string | undefined> = {
  parse(raw) {
    const body = (raw ?? {}) as Record<string, unknown>;
    const data = body.data as { attributes?: Record<string, unknown> } | undefined;
    const value = body.confirmation_token ?? data?.attributes?.confirmation_token;
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  },
  bodySchema: () => {
    const token = { type: "object", properties: { confirmation_token: { type: "string" } } };
    return {
      oneOf: [
        token,
        {
          type: "object",
          properties: { data: { type: "object", properties: { attributes: token } } },
        },
      ],
    };
  },
};

// devise's wording (errors.messages.*), as full messages of the attribute they belong to.
const FAILURES: Record<Exclude<TConfirmFailure, "invalid">, [string, string, string]> = {
  blank: ["Confirmation token can't be blank", "blank", POINTER],
  already_confirmed: [
    "Email was already confirmed, please try signing in",
    "already_confirmed",
    "/data/attributes/email",
  ],
  expired: [
    "Email needs to be confirmed within 3 days, please request a new one",
    "confirmation_period_expired",
    "/data/attributes/email",
  ],
  // A change of address whose new address another account took meanwhile.
  taken: ["Email has already been taken", "taken", "/data/attributes/email"],
};

async function document(request: FastifyRequest, user: TUser) {
  const tenantId = request.tenant.id;
  const data = await withTenant(request.server.db, tenantId, (tx) =>
    userWithRelations(tx, tenantId, user),
  );
  return serialize(userResource, data);
}

export async function confirmRoutes(app: FastifyInstance) {
  // devise confirmable's own transactions (the confirmation and its activity event commit
  // before the document is read), as GET /auth/confirmation confirms.
  defineRoute(app, {
    method: "POST",
    url: "/confirm",
    summary: "Confirm an account by the mailed token",
    auth: "public",
    transaction: "none",
    // Rails ignores parameters it does not read; the web sends none.
    query: deviseParams({}).query,
    body: tokenBody,
    action: "auth.public",
    facts: () => ({}),
    response: { resource: userResource, many: false },
    tags: ["confirm"],
    handler: async ({ request, reply, body: token }) => {
      const before = await sessionBeforeConfirming(request);
      const result = await confirmByToken(request, token);
      if (!result.ok) {
        if (result.reason === "invalid") throw notFound();
        const [detail, code, pointer] = FAILURES[result.reason];
        throw new AppError("unprocessable_entity", detail, {
          items: [{ detail, code, source: { pointer } }],
        });
      }
      if (result.previousEmail !== undefined) {
        const headers = await headersAfterEmailChange(request, before, result.user);
        if (headers) reply.headers(headers);
      }
      return document(request, result.user);
    },
  });
}
