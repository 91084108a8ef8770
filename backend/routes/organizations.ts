import { asc } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { authenticate, optionalAuthenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { ORGANIZATION_STATUSES, organizations, type TOrganizationStatus } from "../db/schema";
import { canTransition, MAILED_STATUSES } from "../domain/organization-status";
import { AppError, notFound } from "../errors";
import { documentAttributes, pathId } from "../jsonapi/document-attributes";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { organizationResource } from "../jsonapi/resources";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, parseAttributes, unprocessable } from "../jsonapi/validation";
import { organizationStatusMail } from "../mail/templates/organization-status";
import { loadActor } from "../policies/actor";
import { authorize, can, type TActor, type TOrganizationFacts } from "../policies/policy";
import {
  centreDependents,
  deleteOrganization,
  editableScope,
  findOrganization,
  listOrganizations,
  organizationAdmins,
  type TOrganization,
  type TOrganizationChanges,
  updateOrganization,
  withOrganizationRelations,
} from "../queries/organizations";

/**
 * /api/v1/organizations (spec §7, issue 4; docs/api-organizations.md).
 * - GET list: signed-in staff (policy organizations.list), narrowed to the organizations
 *   they may edit: superadmins all of the tenant, a centre's admins the centre and its
 *   organizations, an organization's admins their own.
 * - GET :id: approved organizations are public profiles; any other status only for those
 *   who may edit it, else 404 (policy organizations.read).
 * - PUT :id (details and/or status) and PUT :id/approve (status): the status machine of
 *   domain/organization-status.ts; an organization's own admins edit its details, only its
 *   centre's admins and superadmins change its status. Approved or denied mails its admins.
 * - DELETE :id: its centre's admins and superadmins; a centre with organizations, desks or
 *   users stays (409).
 * Another tenant's id is never found (404), whatever the caller.
 */

/** Vacancies do not exist yet: the spec's `include=vacancies` gets an empty to-many. */
const vacancyResource: TResource = { type: "vacancy", attributes: [] };
export const organizationWithVacanciesResource: TResource = {
  ...organizationResource,
  relationships: {
    ...organizationResource.relationships,
    vacancies: { kind: "many", resource: () => vacancyResource },
  },
};
const INCLUDES = ["profile", "address", "vacancies"];

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

/** The spec sends type 'organizations' (plural), we emit 'organization': both are accepted. */
const attributesOf = (body: unknown, id: number) =>
  documentAttributes(body, { types: ["organizations", "organization"], id });

const blankAsNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blankAsNull, z.string().trim().max(max).nullable()).optional();

const ZStatus = z.enum(ORGANIZATION_STATUSES);
/** PUT :id: details for those who edit it, status for those who manage it. */
export const ZOrganizationChange = z.object({
  status: ZStatus.optional(),
  name: z.string().trim().min(1).max(200).optional(),
  email: z.preprocess(blankAsNull, z.email().max(254).nullable()).optional(),
  phone: optionalText(30),
  website: optionalText(300),
});
/** PUT :id/approve: the status alone (spec §7). */
export const ZOrganizationApproval = z.object({ status: ZStatus });

const factsOf = (o: TOrganization): TOrganizationFacts => ({
  organizationId: o.id,
  volunteerCenterId: o.volunteerCenterId,
  status: o.status,
});

const illegalTransition = (from: TOrganizationStatus, to: TOrganizationStatus) =>
  unprocessable([
    invalidAttribute(["status"], `cannot change from ${from} to ${to}`, "invalid_transition"),
  ]);

/** The tenant's organization that the caller may see, else 404 (never 403: it would tell). */
async function visibleOrganization(
  tx: Parameters<typeof findOrganization>[0],
  tenantId: number,
  id: number,
  actor: TActor,
): Promise<TOrganization> {
  const organization = await findOrganization(tx, tenantId, id);
  if (!organization || !can(actor, "organizations.read", factsOf(organization))) {
    throw notFound();
  }
  return organization;
}

type TMail = { organization: TOrganization; status: "approved" | "denied" };

/** Mails every admin of the organization in their own language, after the commit. */
async function mailAdmins(app: FastifyInstance, request: FastifyRequest, mail: TMail) {
  const tenantId = request.tenant.id;
  const admins = await withTenant(app.db, tenantId, (tx) =>
    organizationAdmins(tx, tenantId, mail.organization.id),
  );
  for (const admin of admins) {
    const rendered = organizationStatusMail({
      locale: admin.locale,
      tenantName: request.tenant.name,
      firstName: admin.firstName,
      organizationName: mail.organization.name,
      status: mail.status,
    });
    try {
      await app.mailer.send({ to: admin.email, ...rendered, tenantId });
    } catch (error) {
      // The status changed and stays changed; a lost mail is logged, not a failed request.
      request.log.error({ err: error, to: admin.id }, "organization status mail not sent");
    }
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
      { include: INCLUDES, filter: FILTERABLE, sort: SORTABLE },
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
      return { ...found, rows: await withOrganizationRelations(tx, tenantId, found.rows) };
    });
    const { meta, links } = paginate(request, page, records);
    const data = rows.map((row) => ({ ...row, vacancies: [] }));
    return sendDocument(
      reply,
      serialize(organizationWithVacanciesResource, data, { include, fields, meta, links }),
    );
  });

  app.get("/organizations/:id", { preHandler: optionalAuthenticate }, async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, organizationWithVacanciesResource, INCLUDES);
    const fields = parseFields(query);
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    const organization = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, request.user ?? null);
      const found = await visibleOrganization(tx, tenantId, id, actor);
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [found]);
      return withRelations;
    });
    return sendDocument(
      reply,
      serialize(
        organizationWithVacanciesResource,
        { ...organization, vacancies: [] },
        { include, fields },
      ),
    );
  });

  /** The shared body of both PUTs: checks, the transition, the update; mails after commit. */
  async function change(
    request: FastifyRequest,
    id: number,
    input: z.output<typeof ZOrganizationChange>,
  ) {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const { status, ...details } = input;
    const result = await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      const current = await visibleOrganization(tx, tenantId, id, actor);
      const facts = factsOf(current);
      const statusChanges = status !== undefined && status !== current.status;
      const hasDetails = Object.keys(details).length > 0;
      if (hasDetails || !statusChanges) authorize(actor, "organizations.update", facts);
      if (statusChanges) {
        authorize(actor, "organizations.update_status", facts);
        if (!canTransition(current.status, status)) throw illegalTransition(current.status, status);
      }
      const changes: TOrganizationChanges = { ...details, ...(statusChanges ? { status } : {}) };
      const row =
        Object.keys(changes).length > 0
          ? await updateOrganization(tx, tenantId, id, changes)
          : current;
      const [withRelations] = await withOrganizationRelations(tx, tenantId, [row]);
      const mailed =
        statusChanges && MAILED_STATUSES.includes(status)
          ? { organization: row, status: status as TMail["status"] }
          : null;
      return { organization: withRelations, mailed };
    });
    if (result.mailed) await mailAdmins(app, request, result.mailed);
    return result.organization;
  }

  const respond = (
    reply: Parameters<typeof sendDocument>[0],
    request: FastifyRequest,
    organization: Awaited<ReturnType<typeof change>>,
  ) => {
    const query = request.query as TQuery;
    const include = parseInclude(query, organizationWithVacanciesResource, INCLUDES);
    return sendDocument(
      reply,
      serialize(
        organizationWithVacanciesResource,
        { ...organization, vacancies: [] },
        { include, fields: parseFields(query) },
      ),
    );
  };

  app.put("/organizations/:id", { preHandler: authenticate }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    // Validated before the transaction: a refused body changes nothing.
    parseInclude(request.query as TQuery, organizationWithVacanciesResource, INCLUDES);
    const input = parseAttributes(ZOrganizationChange, attributesOf(request.body, id));
    return respond(reply, request, await change(request, id, input));
  });

  app.put("/organizations/:id/approve", { preHandler: authenticate }, async (request, reply) => {
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    parseInclude(request.query as TQuery, organizationWithVacanciesResource, INCLUDES);
    const input = parseAttributes(ZOrganizationApproval, attributesOf(request.body, id));
    return respond(reply, request, await change(request, id, { status: input.status }));
  });

  app.delete("/organizations/:id", { preHandler: authenticate }, async (request, reply) => {
    const user = request.user!;
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    await withTenant(app.db, tenantId, async (tx) => {
      const actor = await loadActor(tx, tenantId, user);
      const organization = await visibleOrganization(tx, tenantId, id, actor);
      authorize(actor, "organizations.delete", factsOf(organization));
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
    });
    return reply.code(204).send();
  });
}
