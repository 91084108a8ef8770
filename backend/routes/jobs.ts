import { asc, desc, type SQL } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { JOB_STATES, jobs } from "../db/schema";
import { AppError, badRequest, notFound } from "../errors";
import { pathId } from "../jsonapi/document-attributes";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { bracketGroup, commaList, stringParam } from "../jsonapi/query";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { findJob, listJobs, requeueJob } from "../queries/jobs";

/**
 * The job queue for superadmins (docs/jobs.md, "Operations"):
 * - GET /api/v1/jobs: the tenant's jobs and the platform's (tenant_id null), newest first;
 *   filters state, kind, tenant_id, run_at, created_at (ransack predicates); an unknown
 *   state is a 400. No payload is shown: a mail job's holds an address and a token.
 * - POST /api/v1/jobs/:id/retry: a failed job runs again now, with a fresh set of attempts;
 *   a job that is not failed is a 409. Another tenant's job is not found (404).
 * Everyone else: 403, signed out 401 (policy jobs.list, jobs.retry).
 */

export const jobResource: TResource = {
  type: "job",
  attributes: [
    "tenantId",
    "kind",
    "state",
    "attempts",
    "maxAttempts",
    "runAt",
    "lockedAt",
    "lastError",
    "createdAt",
    "updatedAt",
    "finishedAt",
  ],
};

const FILTERABLE = {
  state: jobs.state,
  kind: jobs.kind,
  tenant_id: jobs.tenantId,
  run_at: jobs.runAt,
  created_at: jobs.createdAt,
};
const SORTABLE = { created_at: jobs.createdAt, run_at: jobs.runAt, state: jobs.state };

/** Ties go by id in the direction of the last sort key, so pages never overlap. */
function orderOf(query: TQuery, requested: SQL[]): SQL[] {
  if (requested.length === 0) return [desc(jobs.id)];
  const last = commaList(stringParam(query, "sort")).at(-1) ?? "";
  return [...requested, last.startsWith("-") ? desc(jobs.id) : asc(jobs.id)];
}

/** A state filter with a state that does not exist is a 400, not an empty page. */
function checkStateFilter(query: TQuery) {
  for (const [key, value] of Object.entries(bracketGroup(query, "filter"))) {
    if (key !== "state_eq" && key !== "state_in" && key !== "state_not_eq") continue;
    const values = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(","));
    for (const raw of values) {
      const item = raw.trim();
      if (item !== "" && !(JOB_STATES as readonly string[]).includes(item)) {
        throw badRequest(`'${item}' is not a valid value for filter[${key}]`, `filter[${key}]`);
      }
    }
  }
}

export async function jobRoutes(app: FastifyInstance) {
  app.get("/jobs", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    checkStateFilter(query);
    const { fields, where, orderBy, page } = parseListQuery(query, jobResource, {
      filter: FILTERABLE,
      sort: SORTABLE,
    });
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) => {
      authorize(await loadActor(tx, tenantId, me), "jobs.list", {});
      return listJobs(tx, tenantId, {
        where: [where],
        orderBy: orderOf(query, orderBy),
        limit: page.size,
        offset: page.offset,
      });
    });
    const { meta, links } = paginate(request, page, records);
    return sendDocument(reply, serialize(jobResource, rows, { fields, meta, links }));
  });

  app.post("/jobs/:id/retry", { preHandler: authenticate }, async (request, reply) => {
    const me = request.user!;
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    const job = await withTenant(app.db, tenantId, async (tx) => {
      // Found first: another tenant's id is a 404 whoever asks (docs/permissions.md).
      const found = await findJob(tx, tenantId, id);
      if (!found) throw notFound();
      authorize(await loadActor(tx, tenantId, me), "jobs.retry", {});
      if (found.state !== "failed") {
        throw new AppError(
          "conflict",
          `Only a failed job can be retried; this one is ${found.state}.`,
        );
      }
      const requeued = await requeueJob(tx, tenantId, id, new Date());
      if (!requeued) throw notFound();
      request.log.info({ jobId: id, kind: found.kind, by: me.id }, "failed job retried");
      return requeued;
    });
    return sendDocument(reply, serialize(jobResource, job, {}));
  });
}
