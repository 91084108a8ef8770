import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { redirectRules } from "../db/schema";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import type { TResource } from "../jsonapi/serializer";
import { serialize } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
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
  app.get("/redirect_rules", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    // No relationships: any include is a 400 naming it, not silently dropped.
    const { include, fields, where, orderBy, page } = parseListQuery(query, redirectRuleResource, {
      filter: FILTERABLE,
      sort: SORTABLE,
    });
    authorize(null, "redirect_rules.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, (tx) =>
      listRedirectRules(tx, tenantId, { where, orderBy, limit: page.size, offset: page.offset }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(redirectRuleResource, rows, { include, fields, meta, links }),
    );
  });
}
