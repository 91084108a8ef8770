import { asc, desc, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, auditEvents } from "../db/schema";
import { badRequest } from "../errors";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { bracketGroup, commaList, stringParam } from "../jsonapi/query";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { auditCentersOf, auditScope, listAuditEvents } from "../queries/audit-events";

/**
 * GET /api/v1/audit_events: the audit log of administrative actions (issue 4 part 6,
 * docs/audit-log.md). Superadmins read every entry of the tenant; admins of a volunteer
 * centre read the entries of their centres; everyone else gets 403 (policy
 * audit_events.list), signed out devise's 401. Read-only: entries are written by the
 * actions themselves, in their own transactions, and the table is append-only.
 *
 * Newest first by default; `include=actor` adds who did it (name and e-mail address).
 * Filters: action, subject_type, subject_id, subject_label, actor_id, volunteer_center_id, created_at
 * (ransack predicates); an unknown action or subject type is a 400, not an empty page.
 */

const auditActorResource: TResource = {
  type: "user",
  attributes: ["firstName", "lastName", "email"],
};

export const auditEventResource: TResource = {
  type: "audit_event",
  attributes: [
    "action",
    "subjectType",
    "subjectId",
    "subjectLabel",
    "volunteerCenterId",
    "actorId",
    "details",
    "createdAt",
  ],
  relationships: {
    actor: { kind: "one", resource: () => auditActorResource, idField: "actorId" },
  },
};

const FILTERABLE = {
  action: auditEvents.action,
  subject_type: auditEvents.subjectType,
  subject_id: auditEvents.subjectId,
  subject_label: auditEvents.subjectLabel,
  actor_id: auditEvents.actorId,
  volunteer_center_id: auditEvents.volunteerCenterId,
  created_at: auditEvents.createdAt,
};
const SORTABLE = { created_at: auditEvents.createdAt, action: auditEvents.action };
const ENUMS: Record<string, readonly string[]> = {
  action: AUDIT_ACTIONS,
  subject_type: AUDIT_SUBJECT_TYPES,
};

/** Ties go by id in the direction of the last sort key, so pages never overlap. */
function orderOf(query: TQuery, requested: SQL[]): SQL[] {
  if (requested.length === 0) return [desc(auditEvents.createdAt), desc(auditEvents.id)];
  const last = commaList(stringParam(query, "sort")).at(-1) ?? "";
  return [...requested, last.startsWith("-") ? desc(auditEvents.id) : asc(auditEvents.id)];
}

/** A filter on action or subject_type with a value that does not exist is a 400. */
function checkEnumFilters(query: TQuery) {
  for (const [key, value] of Object.entries(bracketGroup(query, "filter"))) {
    const column = Object.keys(ENUMS).find((name) => key === `${name}_eq` || key === `${name}_in`);
    if (!column) continue;
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(","));
    for (const raw of values) {
      const item = raw.trim();
      if (item !== "" && !ENUMS[column].includes(item)) {
        throw badRequest(`'${item}' is not a valid value for filter[${key}]`, `filter[${key}]`);
      }
    }
  }
}

export async function auditEventRoutes(app: FastifyInstance) {
  app.get("/audit_events", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    checkEnumFilters(query);
    const { include, fields, where, orderBy, page } = parseListQuery(query, auditEventResource, {
      include: ["actor"],
      filter: FILTERABLE,
      sort: SORTABLE,
    });
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, me);
      const centers = await auditCentersOf(tx, tenantId, actor?.roles ?? []);
      authorize(actor, "audit_events.list", { centerIds: centers === "all" ? "all" : centers });
      return listAuditEvents(tx, tenantId, {
        where: [where, auditScope(centers)],
        orderBy: orderOf(query, orderBy),
        limit: page.size,
        offset: page.offset,
      });
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(auditEventResource, rows, { include, fields, meta, links }),
    );
  });
}
