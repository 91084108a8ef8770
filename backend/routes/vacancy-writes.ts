import { desc } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  VACANCY_STATUSES,
  ZVacancyAttributes,
  ZVacancyBulkUpdate,
} from "../../lib/contract/vacancies";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { vacancies } from "../db/schema";
import { notFound } from "../errors";
import type { Geocoder } from "../geo";
import { defineRoute, type TSession } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  queryParams,
  resourceBody,
  type TReader,
  ZPathId,
} from "../http/inputs";
import { isObject } from "../jsonapi/document-attributes";
import { serialize } from "../jsonapi/serializer";
import { managedVacancyResource } from "../jsonapi/vacancy-resources";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { can, type TActor } from "../policies/policy";
import { tagsOf } from "../queries/vacancies";
import {
  applicationCounts,
  findVacanciesForWrite,
  findVacancyForWrite,
  listManagedVacancies,
  managedScope,
  someManagedFacts,
  type TWriteVacancyRow,
  vacancyOrganization,
} from "../queries/vacancy-writes";
import {
  bulkRows,
  bulkUpdate,
  createVacancy,
  deleteVacancy,
  duplicateVacancy,
  type TWriteContext,
  transitionVacancy,
  updateVacancy,
  vacancyFacts,
} from "../services/vacancies";

/**
 * Writing vacancies (docs/vacancy-writes.md): POST, PATCH and DELETE /api/v1/vacancies,
 * PUT /vacancies/:id/transition, POST /vacancies/:id/duplicate and POST
 * /vacancies/bulk_update. The organisation's staff, its centre's admins and superadmins
 * write; the status machine is backend/domain/vacancy-status.ts. A vacancy the caller may
 * not manage is a 404 unless it is published (public, so a 403); another tenant's is a 404.
 * Every committed change empties the search's count cache, so the public side shows it on
 * the next search (within the web's own cache time).
 */

const TYPES = ["vacancies", "vacancy"];
const managedList = listQuery({
  resource: managedVacancyResource,
  include: ["tags"],
  filter: {
    status: vacancies.status,
    organization_id: vacancies.organizationId,
    closes_on: vacancies.closesOn,
    title: vacancies.title,
  },
  onlyFilters: [
    "status_eq",
    "status_in",
    "status_not_eq",
    "organization_id_eq",
    "organization_id_in",
    "closes_on_lt",
    "closes_on_lteq",
    "closes_on_gteq",
    "closes_on_null",
    "title_i_cont",
  ],
  filterEnums: { status: VACANCY_STATUSES },
  sort: {
    title: vacancies.title,
    status: vacancies.status,
    closes_on: vacancies.closesOn,
    published_at: vacancies.publishedAt,
    created_at: vacancies.createdAt,
    updated_at: vacancies.updatedAt,
  },
  defaultOrder: [desc(vacancies.updatedAt), desc(vacancies.id)],
  tieBreaker: vacancies.id,
  // The bulk edit selects from long lists.
  page: { defaultSize: 30, maxSize: 1000 },
});
const ORGANIZATION_LINK_TYPES = ["organizations", "organization"];
const TAG_TYPES = ["tags", "tag"];
const USER_TYPES = ["users", "user"];
const INCLUDABLE = ["tags"];
const params = pathParams(z.object({ id: ZPathId }));
const query = documentQuery(managedVacancyResource, INCLUDABLE);
const one = { resource: managedVacancyResource, many: false } as const;

type TWriteBody = {
  attributes: z.output<typeof ZVacancyAttributes>;
  organizationId: number | undefined;
  tagIds: number[] | undefined;
  contactPersonId: number | null | undefined;
};

/** The document of POST and PATCH: attributes, and organization, tags, contact_person. */
function writeBody(options: {
  organizationRequired: boolean;
  idParam?: string;
}): TReader<TWriteBody> {
  const inner = resourceBody(ZVacancyAttributes, {
    types: TYPES,
    attributesOptional: true,
    relationships: {
      organization: {
        types: ORGANIZATION_LINK_TYPES,
        kind: "one",
        required: options.organizationRequired,
      },
      tags: { types: TAG_TYPES, kind: "many", required: false },
      contact_person: { types: USER_TYPES, kind: "one", required: false },
    },
  });
  return {
    ...inner,
    parse(raw, routeParams) {
      const data = isObject(raw) && isObject(raw.data) ? raw.data : null;
      const id = options.idParam ? routeParams?.[options.idParam] : undefined;
      if (data?.id !== undefined && id !== undefined && String(data.id) !== String(id)) {
        throw unprocessable([
          invalidAttribute(["id"], "does not match the URL", "invalid", "/data"),
        ]);
      }
      const parsed = inner.parse(raw, routeParams);
      const relationships = isObject(data?.relationships) ? data.relationships : {};
      const contact = relationships.contact_person;
      const cleared = isObject(contact) && contact.data === null;
      return {
        attributes: parsed.attributes,
        organizationId: parsed.relationships.organization,
        tagIds: parsed.relationships.tags,
        contactPersonId: cleared ? null : parsed.relationships.contact_person,
      };
    },
  };
}

const ZTransition = z.object({ status: z.enum(VACANCY_STATUSES) }).strict();
const ZPreviewQuery = z.object({ preview: z.enum(["true", "false"]).optional() });

/** The bulk document: `data.attributes {ids, changes}`, and `meta.preview` (or ?preview). */
const bulkBody: TReader<z.output<typeof ZVacancyBulkUpdate> & { preview: boolean }> = {
  parse(raw, routeParams) {
    const attributes = attributesBody(ZVacancyBulkUpdate, {
      types: ["vacancy_bulk_updates", "vacancy_bulk_update"],
    }).parse(raw, routeParams);
    const meta = isObject(raw) && isObject(raw.meta) ? raw.meta : {};
    if (meta.preview !== undefined && typeof meta.preview !== "boolean") {
      throw unprocessable([
        invalidAttribute(["preview"], "must be true or false", "invalid", "/meta"),
      ]);
    }
    return { ...attributes, preview: meta.preview === true };
  },
  bodySchema: () => ({
    ...(attributesBody(ZVacancyBulkUpdate, { types: ["vacancy_bulk_updates"] }).bodySchema?.() ??
      {}),
  }),
};

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

/** The vacancy by id, if the caller may see it: theirs to manage, or published. */
async function writable(tx: AppDb, tenantId: number, actor: TActor, id: number) {
  const row = await findVacancyForWrite(tx, tenantId, id);
  if (!row) throw notFound();
  if (row.status !== "published" && !can(actor, "vacancies.update", vacancyFacts(row))) {
    throw notFound();
  }
  return row;
}

/** The answer's rows: with tags, application counts and the contact person's id. */
async function present(tx: AppDb, tenantId: number, rows: TWriteVacancyRow[]) {
  const ids = rows.map((r) => r.id);
  const tags = await tagsOf(tx, tenantId, ids);
  const counts = await applicationCounts(tx, tenantId, ids);
  return rows.map((row) => ({
    ...row,
    contactPersonId: row.contactUserId,
    tags: tags.get(row.id) ?? [],
    applicationsCount: counts.get(row.id)?.total ?? 0,
    openApplicationsCount: counts.get(row.id)?.open ?? 0,
  }));
}

export type TVacancyWriteOptions = {
  geocoder: Geocoder;
};

export function vacancyWriteRoutes(app: FastifyInstance, options: TVacancyWriteOptions) {
  const context = (ctx: {
    tx: AppDb;
    tenant: { id: number };
    actor: NonNullable<TActor>;
    request: FastifyRequest;
  }): TWriteContext => ({
    tx: ctx.tx,
    tenantId: ctx.tenant.id,
    actor: ctx.actor,
    origin: origin(ctx.request),
    geocoder: options.geocoder,
    now: app.authSettings.now(),
  });
  const answer = async (
    tx: AppDb,
    tenantId: number,
    row: TWriteVacancyRow,
    q: { include: string[]; fields: Record<string, string[]> },
    meta?: Record<string, unknown>,
  ) => {
    const [data] = await present(tx, tenantId, [row]);
    return serialize(managedVacancyResource, data, { ...q, ...(meta ? { meta } : {}) });
  };

  defineRoute(app, {
    method: "GET",
    url: "/managed_vacancies",
    summary: "The vacancies the caller manages, drafts included: status, applications, deadline",
    auth: "signed_in",
    query: managedList,
    action: "vacancies.list_managed",
    facts: ({ session }) => someManagedFacts(session.roles),
    response: { resource: managedVacancyResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const { rows, records } = await listManagedVacancies(tx, tenant.id, {
        where: [managedScope(session.roles), query.where],
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = await present(tx, tenant.id, rows);
      return listDocument(request, managedVacancyResource, query, data, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/managed_vacancies/:id",
    summary: "One vacancy the caller manages, in any status (the edit form's read)",
    auth: "signed_in",
    params,
    query,
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant.id, actor, params.id),
    action: "vacancies.read_managed",
    facts: (_ctx, row) => vacancyFacts(row),
    response: one,
    handler: async ({ tx, tenant, query }, row) => answer(tx, tenant.id, row, query),
  });

  defineRoute(app, {
    method: "POST",
    url: "/vacancies",
    summary: "Add a vacancy of an organisation (a draft, or a step the status machine allows)",
    auth: "signed_in",
    query,
    body: writeBody({ organizationRequired: true }),
    load: async ({ tx, tenant, body }) => {
      const organization = await vacancyOrganization(tx, tenant.id, body.organizationId as number);
      // Another tenant's organisation, or a centre (it has no vacancies of its own), is not
      // one to add to: a 422 on the relationship ([other-tenant-body]).
      if (!organization || organization.volunteerCenterId === null) {
        throw unprocessable([
          {
            detail: "Organization must exist",
            code: "blank",
            source: { pointer: "/data/relationships/organization" },
          },
        ]);
      }
      return { id: organization.id, volunteerCenterId: organization.volunteerCenterId };
    },
    action: "vacancies.create",
    facts: (_ctx, organization) => ({
      organizationId: organization.id,
      volunteerCenterId: organization.volunteerCenterId,
    }),
    status: 201,
    response: one,
    handler: async (ctx, organization) => {
      const row = await createVacancy(context(ctx), organization, {
        attributes: ctx.body.attributes,
        tagIds: ctx.body.tagIds,
        contactPersonId: ctx.body.contactPersonId,
      });
      return answer(ctx.tx, ctx.tenant.id, row, ctx.query);
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/vacancies/:id",
    summary: "Edit a vacancy; a status in it is a step of the status machine",
    auth: "signed_in",
    params,
    query,
    body: writeBody({ organizationRequired: false, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant.id, actor, params.id),
    action: "vacancies.update",
    facts: (_ctx, row) => vacancyFacts(row),
    response: one,
    handler: async (ctx, row) => {
      if (ctx.body.organizationId !== undefined && ctx.body.organizationId !== row.organizationId) {
        throw unprocessable([
          {
            detail: "Organization cannot change",
            code: "invalid",
            source: { pointer: "/data/relationships/organization" },
          },
        ]);
      }
      const result = await updateVacancy(context(ctx), row, {
        attributes: ctx.body.attributes,
        tagIds: ctx.body.tagIds,
        contactPersonId: ctx.body.contactPersonId,
      });
      return answer(ctx.tx, ctx.tenant.id, result.row, ctx.query, {
        closed_applications: result.closedApplications,
      });
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/vacancies/:id/transition",
    summary: "Move a vacancy to another status (draft, pending, published, closed, archived)",
    auth: "signed_in",
    params,
    query,
    body: attributesBody(ZTransition, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant.id, actor, params.id),
    action: "vacancies.transition",
    facts: (_ctx, row) => vacancyFacts(row),
    response: one,
    handler: async (ctx, row) => {
      const result = await transitionVacancy(context(ctx), row, ctx.body.status);
      return answer(ctx.tx, ctx.tenant.id, result.row, ctx.query, {
        closed_applications: result.closedApplications,
      });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/vacancies/:id/duplicate",
    summary: "A draft copy of a vacancy, titled 'Kopie van …' ('Copy of …' in English)",
    auth: "signed_in",
    params,
    query,
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant.id, actor, params.id),
    action: "vacancies.create",
    facts: (_ctx, row) => vacancyFacts(row),
    status: 201,
    response: one,
    handler: async (ctx, row) => {
      const locale = (ctx.session as TSession).user.locale === "en" ? "en" : "nl";
      const copy = await duplicateVacancy(context(ctx), row, locale);
      return answer(ctx.tx, ctx.tenant.id, copy, ctx.query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/vacancies/:id",
    summary: "Delete a draft or pending vacancy (others are archived instead: 409)",
    auth: "signed_in",
    params,
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant.id, actor, params.id),
    action: "vacancies.delete",
    facts: (_ctx, row) => vacancyFacts(row),
    status: 204,
    handler: async (ctx, row) => {
      await deleteVacancy(context(ctx), row);
      return null;
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/vacancies/bulk_update",
    summary:
      "Change status, tags, deadline, contact person or application form of many vacancies at once",
    auth: "signed_in",
    query: queryParams(ZPreviewQuery),
    body: bulkBody,
    load: ({ tx, tenant, actor, body }) => bulkRows({ tx, tenantId: tenant.id, actor }, body.ids),
    action: "vacancies.bulk_update",
    // Every id was checked in `load`; the first stands for them all.
    facts: (_ctx, rows) => vacancyFacts(rows[0]),
    response: { resource: managedVacancyResource, many: true },
    handler: async (ctx, rows) => {
      const preview = ctx.body.preview || ctx.query.preview === "true";
      const { plans, closedApplications } = await bulkUpdate(
        context(ctx),
        rows,
        ctx.body.changes,
        preview,
      );
      const after = preview
        ? rows
        : await findVacanciesForWrite(
            ctx.tx,
            ctx.tenant.id,
            rows.map((r) => r.id),
          );
      const byId = new Map(after.map((r) => [r.id, r]));
      const data = await present(
        ctx.tx,
        ctx.tenant.id,
        rows.map((r) => byId.get(r.id) ?? r),
      );
      return serialize(managedVacancyResource, data, {
        meta: {
          preview,
          changed_count: plans.filter((p) => Object.keys(p.changes).length > 0).length,
          closed_applications: closedApplications,
          changes: plans.map((p) => ({ id: String(p.id), title: p.title, changes: p.changes })),
        },
      });
    },
  });
}
