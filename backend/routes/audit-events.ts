import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES, auditEvents } from "../db/schema";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { auditCentersOf, auditScope, listAuditEvents } from "../queries/audit-events";

/**
 * GET /api/v1/audit_events: the audit log of administrative actions (docs/audit-log.md). Superadmins read every entry of the tenant; admins of a volunteer
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

export async function auditEventRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/audit_events",
    summary: "The audit log of administrative actions the caller may read, newest first",
    auth: "signed_in",
    query: listQuery({
      resource: auditEventResource,
      include: ["actor"],
      filter: FILTERABLE,
      // An unknown action or subject type is a 400, not an empty page.
      filterEnums: { action: AUDIT_ACTIONS, subject_type: AUDIT_SUBJECT_TYPES },
      sort: SORTABLE,
      defaultOrder: [desc(auditEvents.createdAt), desc(auditEvents.id)],
      tieBreaker: auditEvents.id,
    }),
    action: "audit_events.list",
    load: ({ tx, tenant, session }) => auditCentersOf(tx, tenant.id, session.roles),
    facts: (_ctx, centers) => ({ centerIds: centers }),
    response: { resource: auditEventResource, many: true },
    handler: async ({ tx, tenant, query, request }, centers) => {
      const { rows, records } = await listAuditEvents(tx, tenant.id, {
        where: [query.where, auditScope(centers)],
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, auditEventResource, query, rows, records);
    },
  });
}
