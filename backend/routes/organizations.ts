import { asc } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, optionalAuthenticate } from "../auth/authenticate";
import { deliver } from "../auth/mails";
import { type AppDb, withTenant } from "../db/client";
import { organizations, type TOrganizationStatus } from "../db/schema";
import {
  type TOrganizationChange,
  ZOrganizationApproval,
  ZOrganizationChange,
} from "../domain/organization-input";
import { canTransition, MAILED_STATUSES } from "../domain/organization-status";
import { AppError, notFound } from "../errors";
import { pathId } from "../jsonapi/document-attributes";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize } from "../jsonapi/serializer";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { organizationStatusMail } from "../mail/templates/organization-status";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { auditOrganization, statusAuditAction } from "../queries/organization-audit";
import {
  changedDetails,
  saveOrganizationAddress,
  saveOrganizationProfile,
} from "../queries/organization-writes";
import {
  centreDependents,
  deleteOrganization,
  editableScope,
  listOrganizations,
  organizationAdmins,
  type TOrganization,
  type TOrganizationChanges,
  updateOrganization,
  withOrganizationRelations,
} from "../queries/organizations";
import {
  documentOptions,
  ORGANIZATION_INCLUDES,
  organizationAttributes,
  organizationFacts,
  organizationWithVacanciesResource,
  sendOrganization,
  visibleOrganization,
  withPublicRelations,
} from "./organization-documents";

/**
 * /api/v1/organizations (spec §7, issue 4; docs/api-organizations.md).
 * - GET list: signed-in staff (policy organizations.list), narrowed to the organizations
 *   they may edit: superadmins all of the tenant, a centre's admins the centre and its
 *   organizations, an organization's admins their own.
 * - GET :id: approved organizations are public profiles; any other status only for those
 *   who may edit it, else 404 (policy organizations.read).
 * - PUT :id (details, address, profile and/or status) and PUT :id/approve (status): the
 *   status machine of domain/organization-status.ts; an organization's own admins edit its
 *   details, only its centre's admins and superadmins change its status. Approved or
 *   denied mails its admins.
 * - DELETE :id: its centre's admins and superadmins; a centre with organizations, desks or
 *   users stays (409).
 * Adding (POST) and moving live in organization-management.ts, sign-up in
 * organization-registrations.ts. Another tenant's id is never found (404), whatever the
 * caller. Every change is audited in its own transaction (docs/audit-log.md).
 */

const FILTERABLE = {
  name: organizations.name,
  status: organizations.status,
  type: organizations.type,
  volunteer_center_id: organizations.volunteerCenterId,
};
const SORTABLE = {
  name: organizations.name,
  created_at: organizations.createdAt,
  status: organizations.status,
};

const illegalTransition = (from: TOrganizationStatus, to: TOrganizationStatus) =>
  unprocessable([
    invalidAttribute(["status"], `cannot change from ${from} to ${to}`, "invalid_transition"),
  ]);

type TMail = { organization: TOrganization; status: "approved" | "denied" };

/** Mails every admin of the organization in their own language, enqueued in `tx`: the
 *  transaction of the status change. */
async function mailAdmins(tx: AppDb, request: FastifyRequest, mail: TMail) {
  const tenantId = request.tenant.id;
  const admins = await organizationAdmins(tx, tenantId, mail.organization.id);
  for (const admin of admins) {
    const rendered = organizationStatusMail({
      locale: admin.locale,
      tenantName: request.tenant.name,
      firstName: admin.firstName,
      organizationName: mail.organization.name,
      status: mail.status,
    });
    await deliver(tx, request, admin, rendered);
  }
}

export async function organizationRoutes(app: FastifyInstance) {
  app.get("/organizations", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const { include, fields, where, orderBy, page } = parseListQuery(
      query,
      organizationWithVacanciesResource,
      { include: ORGANIZATION_INCLUDES, filter: FILTERABLE, sort: SORTABLE },
    );
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      authorize(actor, "organizations.list", {});
      const found = await listOrganizations(tx, tenantId, {
        scope: editableScope(actor?.roles ?? []),
        where,
        orderBy: orderBy.length > 0 ? orderBy : [asc(organizations.name)],
        limit: page.size,
        offset: page.offset,
      });
      const related = await withOrganizationRelations(tx, tenantId, found.rows);
      return { ...found, rows: await withPublicRelations(tx, request, related) };
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(organizationWithVacanciesResource, rows, { include, fields, meta, links }),
    );
  });

  app.get("/organizations/:id", { preHandler: optionalAuthenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    documentOptions(request);
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    const organization = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, request.user ?? null);
      const found = await visibleOrganization(tx, tenantId, id, actor);
      const related = await withOrganizationRelations(tx, tenantId, [found]);
      const [withRelations] = await withPublicRelations(tx, request, related);
      return withRelations;
    });
    return sendOrganization(reply, request, organization);
  });

  /** The shared body of both PUTs: checks, the transition, the update and its audit
   *  entries; mails after commit. Only what actually differs is written. */
  async function change(request: FastifyRequest, id: number, input: TOrganizationChange) {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const { status, address, profile, ...details } = input;
    const result = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      const current = await visibleOrganization(tx, tenantId, id, actor);
      const facts = organizationFacts(current);
      const statusChanges = status !== undefined && status !== current.status;
      const hasDetails =
        Object.keys(details).length > 0 || address !== undefined || profile !== undefined;
      if (hasDetails || !statusChanges) authorize(actor, "organizations.update", facts);
      if (statusChanges) {
        authorize(actor, "organizations.update_status", facts);
        if (!canTransition(current.status, status)) throw illegalTransition(current.status, status);
      }
      const detailChanges = changedDetails(current, details);
      const changed: string[] = Object.keys(detailChanges);
      const changes: TOrganizationChanges = {
        ...detailChanges,
        ...(statusChanges ? { status } : {}),
      };
      const row =
        Object.keys(changes).length > 0
          ? await updateOrganization(tx, tenantId, id, changes)
          : current;
      if (address) changed.push(...(await saveOrganizationAddress(tx, tenantId, id, address)));
      if (profile) changed.push(...(await saveOrganizationProfile(tx, tenantId, id, profile)));
      const audit = { tenantId, actorId: user.id, organization: row };
      if (changed.length > 0) {
        await auditOrganization(tx, {
          ...audit,
          action: "organization_updated",
          details: { changed },
        });
      }
      if (statusChanges) {
        await auditOrganization(tx, {
          ...audit,
          action: statusAuditAction(current.status, status),
          details: { from: current.status, to: status },
        });
      }
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [row]);
      const mailed =
        statusChanges && MAILED_STATUSES.includes(status)
          ? { organization: row, status: status as TMail["status"] }
          : null;
      if (mailed) await mailAdmins(tx, request, mailed);
      return { organization: withRelations };
    });
    return result.organization;
  }

  app.put("/organizations/:id", { preHandler: authenticate }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    // Validated before the transaction: a refused body changes nothing.
    documentOptions(request);
    const input = parseAttributes(ZOrganizationChange, organizationAttributes(request.body, id));
    return sendOrganization(reply, request, await change(request, id, input));
  });

  app.put("/organizations/:id/approve", { preHandler: authenticate }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    documentOptions(request);
    const input = parseAttributes(ZOrganizationApproval, organizationAttributes(request.body, id));
    return sendOrganization(reply, request, await change(request, id, { status: input.status }));
  });

  app.delete("/organizations/:id", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      const organization = await visibleOrganization(tx, tenantId, id, actor);
      authorize(actor, "organizations.delete", organizationFacts(organization));
      if (organization.type === "VolunteerCenter") {
        if (request.tenant.defaultVolunteerCenterId === id) {
          throw new AppError(
            "conflict",
            "The tenant's default volunteer centre cannot be deleted.",
          );
        }
        const held = await centreDependents(tx, tenantId, id);
        if (held.organizations > 0 || held.desks > 0 || held.users > 0) {
          throw new AppError(
            "conflict",
            `A volunteer centre with organizations (${held.organizations}), desks (${held.desks}) or users (${held.users}) cannot be deleted.`,
          );
        }
      }
      await deleteOrganization(tx, tenantId, id);
      // The entry outlives the row: subject_label keeps the name (docs/audit-log.md).
      await auditOrganization(tx, {
        tenantId,
        actorId: user.id,
        action: "organization_deleted",
        organization,
      });
    });
    return reply.code(204).send();
  });
}
