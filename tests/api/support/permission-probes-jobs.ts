import { eq } from "drizzle-orm";
import { jobs } from "../../../backend/db/schema";
import { byId, home, idsOf, sameAsHome, send, type TCall, type TProbe } from "./permission-probes";
import { freshTargets } from "./permission-world";

/** The job queue's back office (docs/jobs.md): superadmins only. */

async function stateOf(call: TCall, id: number) {
  const [row] = await call.t.database.db
    .select({ state: jobs.state })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row?.state;
}

export const JOB_PROBES: Record<string, TProbe> = {
  "jobs.list | the tenant's jobs": {
    async run(call) {
      const res = await send(
        call,
        "GET",
        "/jobs?filter[state_eq]=failed&page[size]=1000",
        home(call),
      );
      return { status: res.statusCode, reached: idsOf(res).includes(call.target.failedJob) };
    },
    // The other tenant's jobs are never in the list (row security and the query's scope).
    cross: sameAsHome,
  },
  "jobs.retry | a failed job of the tenant": {
    async run(call) {
      const id = await freshTargets(call.t, call.target).failedJob();
      const res = await send(call, "POST", `/jobs/${id}/retry`, home(call));
      return { status: res.statusCode, reached: (await stateOf(call, id)) !== "failed" };
    },
    cross: byId,
  },
};
