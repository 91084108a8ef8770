import type { FastifyInstance } from "fastify";
import { redirectRules } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { listRedirectRules, redirectPathOrder } from "../queries/redirect-rules";

/**
 * GET /api/v1/redirect_rules: the X-Tenant's redirect rules (spec §2: 'configured on the
 * server per path'). Public (policy redirect_rules.list): the web's proxy needs them for
 * every visitor, signed in or not, and a rule says nothing a visitor would not see by
 * following it. Only the tenant's rules, by path; the usual page/sort/filter/fields.
 */

/** Type `redirect_rules` as the web asked for it (its deserializer drops the type anyway). */
export const redirectRuleResource: TResource = {
  type: "redirect_rule",
  attributes: ["path", "target", "permanent"],
};

const FILTERABLE = { path: redirectRules.path, permanent: redirectRules.permanent };
const SORTABLE = { path: redirectPathOrder, created_at: redirectRules.createdAt };

export async function redirectRuleRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/redirect_rules",
    summary: "The tenant's redirect rules",
    auth: "public",
    // No relationships: any include is a 400 naming it, not silently dropped.
    query: listQuery({ resource: redirectRuleResource, filter: FILTERABLE, sort: SORTABLE }),
    action: "redirect_rules.list",
    facts: () => ({}),
    response: { resource: redirectRuleResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listRedirectRules(tx, tenant.id, {
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, redirectRuleResource, query, rows, records);
    },
  });
}
