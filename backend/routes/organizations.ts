import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDb } from "../db/client";
import { organizations } from "../db/schema";
import { ZOrganizationApproval, ZOrganizationChange } from "../domain/organization-input";
import { AppError } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { documentQuery, listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import type { TActor } from "../policies/policy";
import { auditOrganization } from "../queries/organization-audit";
import {
  centreDependents,
  deleteOrganization,
  editableScope,
  listOrganizations,
  withOrganizationRelations,
} from "../queries/organizations";
import { organizationStaff } from "../queries/vacancy-writes";
import { changeOrganization } from "../services/change-organization";
import {
  ORGANIZATION_INCLUDES,
  organizationBody,
  organizationDocument,
  organizationFacts,
  organizationQuery,
  organizationWithVacanciesResource,
  visibleOrganization,
  withPublicRelations,
} from "./organization-documents";

/**
 * /api/v1/organizations (spec §7; docs/api-organizations.md).
 * - GET list: signed-in staff (policy organizations.list), narrowed to the organizations
 *   they may edit: superadmins all of the tenant, a centre's admins the centre and its
 *   organizations, an organization's admins their own.
 * - GET :id: approved organizations are public profiles; any other status only for those
 *   who may edit it, else 404 (policy organizations.read).
 * - PUT :id (details, address, profile and/or status) and PUT :id/approve (status): the
 *   use-case services/change-organization.ts (policy, status machine, audit, mail).
 * - GET :id/staff: the active admins and members, names and addresses, for whoever writes its
 *   vacancies (policy organizations.list_staff; docs/vacancy-editor.md).
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

const params = pathParams(z.object({ id: ZPathId }));

/** A staff member as a colleague sees them: a name and an address, nothing of the account. */
const staffMemberResource: TResource = {
  type: "user",
  attributes: ["firstName", "lastName", "email"],
};
const one = { resource: organizationWithVacanciesResource, many: false } as const;

/** The tenant's organization the caller may see (404 otherwise), for the policy's facts. */
const load = (ctx: { tx: AppDb; tenant: { id: number }; actor: TActor; params: { id: number } }) =>
  visibleOrganization(ctx.tx, ctx.tenant.id, ctx.params.id, ctx.actor);

export async function organizationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/organizations",
    summary: "The organizations the caller may edit, by name",
    auth: "signed_in",
    query: listQuery({
      resource: organizationWithVacanciesResource,
      include: ORGANIZATION_INCLUDES,
      filter: FILTERABLE,
      sort: SORTABLE,
      defaultOrder: [asc(organizations.name)],
    }),
    action: "organizations.list",
    facts: () => ({}),
    response: { resource: organizationWithVacanciesResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const found = await listOrganizations(tx, tenant.id, {
        scope: editableScope(session.roles),
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const related = await withOrganizationRelations(tx, tenant.id, found.rows);
      const rows = await withPublicRelations(tx, request, related);
      return listDocument(request, organizationWithVacanciesResource, query, rows, found.records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/organizations/:id",
    summary: "One organization: an approved one for everyone, another for who may edit it",
    auth: "optional",
    params,
    query: organizationQuery,
    action: "organizations.read",
    load,
    facts: (_ctx, organization) => organizationFacts(organization),
    response: one,
    handler: async ({ tx, tenant, query, request }, organization) => {
      const related = await withOrganizationRelations(tx, tenant.id, [organization]);
      const [withRelations] = await withPublicRelations(tx, request, related);
      return organizationDocument(withRelations, query);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/organizations/:id/staff",
    summary: "The organization's active admins and members, by name (a vacancy's contact people)",
    auth: "signed_in",
    params,
    query: documentQuery(staffMemberResource),
    action: "organizations.list_staff",
    load,
    facts: (_ctx, organization) => organizationFacts(organization),
    response: { resource: staffMemberResource, many: true },
    handler: async ({ tx, tenant, query }, organization) =>
      serialize(staffMemberResource, await organizationStaff(tx, tenant.id, organization.id), {
        fields: query.fields,
      }),
  });

  for (const [url, body, summary] of [
    [
      "/organizations/:id",
      organizationBody(ZOrganizationChange, "id"),
      "Change an organization's details, address, profile or status",
    ],
    [
      "/organizations/:id/approve",
      organizationBody(ZOrganizationApproval, "id"),
      "Approve or deny an organization (its admins are mailed)",
    ],
  ] as const) {
    defineRoute(app, {
      method: "PUT",
      url,
      summary,
      auth: "signed_in",
      params,
      query: organizationQuery,
      body,
      // Seeing it is the entry; the service checks the update and status actions.
      action: "organizations.read",
      load,
      facts: (_ctx, organization) => organizationFacts(organization),
      response: one,
      handler: async ({ tx, tenant, actor, query, request, body: input }, current) => {
        const row = await changeOrganization(
          { tx, request, actor },
          current,
          organizationFacts(current),
          input,
        );
        const [withRelations] = await withOrganizationRelations(tx, tenant.id, [row]);
        return organizationDocument(withRelations, query);
      },
    });
  }

  defineRoute(app, {
    method: "DELETE",
    url: "/organizations/:id",
    summary: "Delete an organization; a centre with organizations, desks or users stays (409)",
    auth: "signed_in",
    params,
    action: "organizations.delete",
    load,
    facts: (_ctx, organization) => organizationFacts(organization),
    status: 204,
    handler: async ({ tx, tenant, session }, organization) => {
      const id = organization.id;
      if (organization.type === "VolunteerCenter") {
        if (tenant.defaultVolunteerCenterId === id) {
          throw new AppError(
            "conflict",
            "The tenant's default volunteer centre cannot be deleted.",
          );
        }
        const held = await centreDependents(tx, tenant.id, id);
        if (held.organizations > 0 || held.desks > 0 || held.users > 0) {
          throw new AppError(
            "conflict",
            `A volunteer centre with organizations (${held.organizations}), desks (${held.desks}) or users (${held.users}) cannot be deleted.`,
          );
        }
      }
      await deleteOrganization(tx, tenant.id, id);
      // The entry outlives the row: subject_label keeps the name (docs/audit-log.md).
      await auditOrganization(tx, {
        tenantId: tenant.id,
        actorId: session.user.id,
        action: "organization_deleted",
        organization,
      });
      return null;
    },
  });
}
