import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { JOB_STATES, jobs } from "../db/schema";
import { AppError, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
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

export async function jobRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/jobs",
    summary: "Superadmins: the tenant's and the platform's jobs, newest first",
    auth: "signed_in",
    query: listQuery({
      resource: jobResource,
      filter: FILTERABLE,
      // A state that does not exist is a 400, not an empty page.
      filterEnums: { state: JOB_STATES },
      sort: SORTABLE,
      defaultOrder: [desc(jobs.id)],
      tieBreaker: jobs.id,
    }),
    action: "jobs.list",
    facts: () => ({}),
    response: { resource: jobResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listJobs(tx, tenant.id, {
        where: [query.where],
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, jobResource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/jobs/:id/retry",
    summary: "Superadmins: run a failed job again now, with a fresh set of attempts",
    auth: "signed_in",
    params: pathParams(z.object({ id: ZPathId })),
    action: "jobs.retry",
    // Found first: another tenant's id is a 404 whoever asks (docs/permissions.md).
    load: async ({ tx, tenant, params }) => {
      const found = await findJob(tx, tenant.id, params.id);
      if (!found) throw notFound();
      return found;
    },
    facts: () => ({}),
    response: { resource: jobResource, many: false },
    handler: async ({ tx, tenant, session, request }, found) => {
      if (found.state !== "failed") {
        throw new AppError(
          "conflict",
          `Only a failed job can be retried; this one is ${found.state}.`,
        );
      }
      const requeued = await requeueJob(tx, tenant.id, found.id, new Date());
      if (!requeued) throw notFound();
      request.log.info(
        { jobId: found.id, kind: found.kind, by: session.user.id },
        "failed job retried",
      );
      return serialize(jobResource, requeued, {});
    },
  });
}
