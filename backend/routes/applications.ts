import { desc, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  APPLICATION_EVENTS,
  APPLICATION_LIMITS,
  APPLICATION_SCOPES,
  APPLICATION_STATUSES,
} from "../../lib/contract/applications";
import { FORM_LOCALES, ZAnswers } from "../../lib/contract/forms";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { applications } from "../db/schema";
import { APPLICATION_RULES } from "../domain/application-status";
import { workingDaysWaited } from "../domain/working-days";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  refineReader,
  resourceBody,
  ZPathId,
} from "../http/inputs";
import { stringParam } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { can, type TActor } from "../policies/policy";
import {
  applicantsById,
  findApplication,
  listApplications,
  managedScope,
  organizationNamesById,
  scopeCondition,
  searchCondition,
  type TApplicationRow,
  transitionsOf,
  vacanciesById,
  vacancyToApply,
  waitingCondition,
} from "../queries/applications";
import { conversationsOfApplications } from "../queries/conversations";
import { applicationAnswers } from "../queries/forms";
import { publicCenterIds } from "../queries/public-scope";
import {
  allowedEvents,
  applicationFacts,
  apply,
  sideOf,
  transition,
} from "../services/applications";

/**
 * /api/v1/applications (docs/api-applications.md): a volunteer applies to a vacancy, reads
 * their applications and withdraws one; the organisation's side (its admins and members,
 * its centre's admins, superadmins) reads those to its vacancies and accepts or declines
 * them. An application the caller may not read is a 404, whoever asks: its existence is
 * the applicant's and the organisation's business alone.
 */

const applicationVacancyResource: TResource = {
  type: "vacancy",
  attributes: ["title", "status", "closesOn", "organizationId", "volunteerCenterId"],
};

/** The applicant as the organisation sees them: how to reach them, nothing more. */
const applicantResource: TResource = {
  type: "user",
  attributes: ["firstName", "lastName", "email", "phone"],
};

const applicationOrganizationResource: TResource = {
  type: "organization",
  attributes: ["name", "slug"],
};

const transitionResource: TResource = {
  type: "application_transition",
  attributes: ["event", "fromStatus", "toStatus", "createdAt"],
};

export const applicationResource: TResource = {
  type: "application",
  attributes: [
    "status",
    "motivation",
    "side",
    "allowedEvents",
    "respondedAt",
    "waitingWorkingDays",
    "statusChangedAt",
    "vacancyId",
    "organizationId",
    "formAnswers",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    vacancy: { kind: "one", resource: () => applicationVacancyResource, idField: "vacancyId" },
    user: { kind: "one", resource: () => applicantResource, idField: "userId" },
    organization: {
      kind: "one",
      resource: () => applicationOrganizationResource,
      idField: "organizationId",
    },
    transitions: { kind: "many", resource: () => transitionResource },
    conversation: {
      kind: "one",
      resource: () => applicationConversationResource,
    },
  },
};

/** The application's thread, to open it (GET /api/v1/conversations/:id has the rest). */
const applicationConversationResource: TResource = {
  type: "conversation",
  attributes: ["lastMessageAt", "messagesCount"],
};

export const INCLUDABLE = ["vacancy", "user", "organization", "transitions", "conversation"];
const TYPES = ["applications", "application"];
const PAGE_LIMITS = { defaultSize: 25, maxSize: 100 };
const MAX_QUERY_LENGTH = 200;

const ZApplicationInput = z.object({
  motivation: z.string().trim().max(APPLICATION_LIMITS.motivation).default(""),
  /** Answers to the vacancy's application form (docs/forms.md), keyed by field id. */
  answers: ZAnswers.optional(),
  /** The language the questions were read in: the answers' messages and the submission's. */
  locale: z.enum(FORM_LOCALES).optional(),
});

const ZTransitionInput = z.object({ event: z.enum(APPLICATION_EVENTS) });

const ZIdParams = z.object({ id: ZPathId });

const listReader = refineReader(
  listQuery({
    resource: applicationResource,
    include: INCLUDABLE,
    filter: { status: applications.status, vacancy_id: applications.vacancyId },
    onlyFilters: ["status_eq", "status_in", "vacancy_id_eq", "scope", "waiting", "q"],
    filterEnums: { status: APPLICATION_STATUSES },
    extraFilters: ["scope", "waiting", "q"],
    sort: { created_at: applications.createdAt, status_changed_at: applications.statusChangedAt },
    defaultOrder: [desc(applications.createdAt), desc(applications.id)],
    tieBreaker: applications.id,
    page: PAGE_LIMITS,
  }),
  (list) => {
    const scope = stringParam(list.extra, "scope");
    if (scope !== undefined && !(APPLICATION_SCOPES as readonly string[]).includes(scope)) {
      throw badRequest(`'${scope}' is not a valid value for filter[scope]`, "filter[scope]");
    }
    const waiting = stringParam(list.extra, "waiting");
    if (waiting !== undefined && !["true", "false"].includes(waiting)) {
      throw badRequest(`'${waiting}' is not a valid value for filter[waiting]`, "filter[waiting]");
    }
    const q = stringParam(list.extra, "q")?.trim();
    if (q !== undefined && q.length > MAX_QUERY_LENGTH) {
      throw badRequest(`filter[q] is longer than ${MAX_QUERY_LENGTH} characters`, "filter[q]");
    }
    return {
      ...list,
      scope: (scope ?? "both") as "own" | "managed" | "both",
      waiting: waiting === "true",
      q: q || undefined,
    };
  },
);

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

type TLoaded = TApplicationRow & Record<string, unknown>;

/** The rows with what the caller may do and what the document includes. */
export async function present(
  tx: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  rows: readonly TApplicationRow[],
  include: readonly string[],
): Promise<TLoaded[]> {
  const wants = (name: string) => include.includes(name);
  // One after the other: the statements share the request's one connection.
  const ids = rows.map((r) => r.id);
  const vacancyMap = wants("vacancy")
    ? await vacanciesById(
        tx,
        tenantId,
        rows.map((r) => r.vacancyId),
      )
    : null;
  const userMap = wants("user")
    ? await applicantsById(
        tx,
        tenantId,
        rows.map((r) => r.userId),
      )
    : null;
  const organizationMap = wants("organization")
    ? await organizationNamesById(
        tx,
        tenantId,
        rows.map((r) => r.organizationId),
      )
    : null;
  const transitionMap = await transitionsOf(tx, tenantId, wants("transitions") ? ids : []);
  // Always: the linkage names the thread even when it is not included.
  const threads = await conversationsOfApplications(tx, tenantId, ids);
  const answered = await applicationAnswers(tx, tenantId, ids);
  const now = new Date();
  return rows.map((row) => ({
    ...row,
    // Working days it has waited for the organisation's first reply (docs/reply-times.md).
    waitingWorkingDays:
      row.status === "new" && row.respondedAt === null
        ? workingDaysWaited(row.createdAt, now)
        : null,
    side: sideOf(actor, row),
    allowedEvents: allowedEvents(actor, row),
    transitions: transitionMap.get(row.id) ?? [],
    conversation: threads.get(row.id) ?? null,
    formAnswers: answered.get(row.id) ?? null,
    ...(vacancyMap ? { vacancy: vacancyMap.get(row.vacancyId) ?? null } : {}),
    ...(userMap ? { user: userMap.get(row.userId) ?? null } : {}),
    ...(organizationMap ? { organization: organizationMap.get(row.organizationId) ?? null } : {}),
  }));
}

/** The application, if the caller may read it; a 404 otherwise, whatever the reason. */
async function readable(
  tx: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  id: number,
): Promise<TApplicationRow> {
  const row = await findApplication(tx, tenantId, id);
  if (!row || !can(actor, "applications.read", applicationFacts(row))) throw notFound();
  return row;
}

export async function applicationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "POST",
    url: "/applications",
    summary: "Apply to a vacancy with a short motivation",
    auth: "signed_in",
    query: documentQuery(applicationResource, INCLUDABLE),
    body: resourceBody(ZApplicationInput, {
      types: TYPES,
      relationships: { vacancy: { types: ["vacancies", "vacancy"], kind: "one", required: true } },
    }),
    action: "applications.create",
    facts: () => ({}),
    status: 201,
    response: { resource: applicationResource, many: false },
    handler: async ({ tx, tenant, volunteerCenterId, actor, body, query, request }) => {
      const centers = await publicCenterIds(tx, tenant, volunteerCenterId);
      const vacancy = await vacancyToApply(tx, tenant.id, centers, body.relationships.vacancy);
      const row = await apply(tx, {
        tenantId: tenant.id,
        actor,
        vacancy,
        motivation: body.attributes.motivation,
        answers: body.attributes.answers,
        locale: body.attributes.locale,
        origin: origin(request),
      });
      const [data] = await present(tx, tenant.id, actor, [row], query.include);
      return serialize(applicationResource, data, query);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/applications",
    summary: "The caller's applications and those to the vacancies they manage",
    auth: "signed_in",
    query: listReader,
    action: "applications.list",
    facts: () => ({}),
    response: { resource: applicationResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }) => {
      const where: SQL[] = [scopeCondition(actor.id, managedScope(actor.roles), query.scope)];
      if (query.where) where.push(query.where);
      if (query.waiting) where.push(waitingCondition);
      if (query.q) where.push(searchCondition(tenant.id, query.q));
      const { rows, records } = await listApplications(tx, tenant.id, {
        where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = await present(tx, tenant.id, actor, rows, query.include);
      return listDocument(request, applicationResource, query, data, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/applications/:id",
    summary: "One application, to its applicant and the organisation's side",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(applicationResource, INCLUDABLE),
    load: ({ tx, tenant, actor, params }) => readable(tx, tenant.id, actor, params.id),
    action: "applications.read",
    facts: (_ctx, row) => applicationFacts(row),
    response: { resource: applicationResource, many: false },
    handler: async ({ tx, tenant, actor, query }, row) => {
      const [data] = await present(tx, tenant.id, actor, [row], query.include);
      return serialize(applicationResource, data, query);
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/applications/:id/transition",
    summary: "Accept, decline or withdraw an application",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(applicationResource, INCLUDABLE),
    body: attributesBody(ZTransitionInput, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => readable(tx, tenant.id, actor, params.id),
    // Past the read (a 404 for anyone else), each event belongs to one side: the applicant
    // withdraws, the organisation accepts or declines; the other side gets a 403.
    action: "applications.transition",
    facts: ({ body }, row) => ({
      ...applicationFacts(row),
      side: APPLICATION_RULES[body.event].by as "volunteer" | "organization",
    }),
    response: { resource: applicationResource, many: false },
    handler: async ({ tx, tenant, actor, body, query, request }, row) => {
      const updated = await transition(tx, {
        tenantId: tenant.id,
        actor,
        row,
        event: body.event,
        origin: origin(request),
      });
      const [data] = await present(tx, tenant.id, actor, [updated], query.include);
      return serialize(applicationResource, data, query);
    },
  });
}
