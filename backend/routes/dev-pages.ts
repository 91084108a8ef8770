import type { FastifyInstance } from "fastify";
import { defineRoute } from "../http/define-route";
import { noQuery } from "../http/inputs";

/**
 * GET /api/v1/dev_pages/access: 204 when the signed-in user may open the developer and test
 * pages where they are switched off (production: superadmins only, docs/dev-pages.md); the
 * policy's 403 otherwise, devise's 401 signed out.
 *
 * The web asks this from a server component, before the page renders, so that everyone else
 * gets a real 404. A server component cannot write the session cookie, so this answer must
 * not rotate the token: it only reads, and carries no auth headers.
 */
export async function devPagesRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/dev_pages/access",
    summary: "Whether the signed-in user may open the developer pages (204), without rotating",
    auth: "signed_in",
    query: noQuery,
    action: "dev_pages.open",
    facts: () => ({}),
    status: 204,
    handler: async ({ session }) => {
      session.skipRotation();
      return null;
    },
  });
}
