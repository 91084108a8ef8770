import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";
import { JOB_KINDS } from "../../lib/contract/jobs";
import {
  DURATION_METRIC,
  LATENCY_BUCKETS,
  methodLabel,
  REQUEST_LABELS,
  REQUESTS_METRIC,
  ROUTE_PATTERN_HEADER,
  statusClass,
  UNMATCHED_ROUTE,
} from "../../lib/contract/metrics";
import { metricsAccessAllowed } from "../../lib/contract/metrics-access";
import { clusterMetricsFromPrimary } from "../cluster";
import type { Database } from "../db/client";

/**
 * GET /metrics in Prometheus' text format (docs/operations.md): requests by route pattern,
 * the job queue, the database connections and the process. Outside the tenant scope; read
 * from this host or with METRICS_TOKEN, and to anyone else the 404 of an unknown route.
 */

/** The states a job waits or ended badly in; succeeded jobs are history, not depth. */
const DEPTH_STATES = ["queued", "running", "failed"] as const;

// Node's own figures belong to the process, not to one app: one collector per process, so
// the many apps of a test run do not each start one.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export type ApiMetrics = {
  registry: Registry;
  /** For the job worker's onFailure. */
  jobFailed: (kind: string, outcome: "retry" | "failed") => void;
};

export function createApiMetrics(database: Database): ApiMetrics {
  const registry = new Registry();
  const registers = [registry];
  new Counter({
    name: REQUESTS_METRIC,
    help: "HTTP requests answered, by method, route pattern and status class.",
    labelNames: REQUEST_LABELS,
    registers,
  });
  new Histogram({
    name: DURATION_METRIC,
    help: "Time to answer an HTTP request, in seconds.",
    labelNames: REQUEST_LABELS,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const failures = new Counter({
    name: "volunteerly_job_failures_total",
    help: "Failed job runs of this process's worker, by kind; outcome retry (runs again) or failed (for good).",
    labelNames: ["kind", "outcome"],
    registers,
  });
  new Gauge({
    name: "volunteerly_job_queue_depth",
    help: "Jobs in the jobs table by state (queued, running, failed) and kind, all tenants.",
    labelNames: ["state", "kind"],
    registers,
    // Every api worker counts the same table: a cluster's scrape shows it once, not summed.
    aggregator: "max",
    // One grouped count per scrape. Every known kind and state is given, 0 when none, so an
    // alert on a series sees 0 rather than nothing.
    async collect() {
      const counts = new Map<string, number>();
      for (const kind of JOB_KINDS) {
        for (const state of DEPTH_STATES) counts.set(`${state}\u0000${kind}`, 0);
      }
      this.reset();
      let result: unknown;
      try {
        result = await database.db.execute(
          sql`select state, kind, count(*)::int as n from jobs where state in ('queued', 'running', 'failed') group by state, kind`,
        );
      } catch {
        // The database is away: the scrape still answers (that is when it matters), without
        // this gauge rather than with made-up zeros; `absent()` on it is the alert.
        return;
      }
      // Both drivers answer { rows }.
      const rows = (result as unknown as { rows: { state: string; kind: string; n: number }[] })
        .rows;
      for (const row of rows) counts.set(`${row.state}\u0000${row.kind}`, Number(row.n));
      for (const [key, n] of counts) {
        const [state, kind] = key.split("\u0000");
        this.set({ state, kind }, n);
      }
    },
  });
  const driver = { driver: database.kind };
  const pool = (
    name: string,
    help: string,
    pick: (s: ReturnType<Database["poolStats"]>) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ["driver"],
      registers,
      collect() {
        this.set(driver, pick(database.poolStats()));
      },
    });
  pool(
    "volunteerly_db_pool_max_connections",
    "Connections the pool may open (PGlite: 1).",
    (s) => s.max,
  );
  pool("volunteerly_db_pool_connections", "Connections open now (PGlite: 1).", (s) => s.open);
  pool("volunteerly_db_pool_idle_connections", "Open connections not in use.", (s) => s.idle);
  pool(
    "volunteerly_db_pool_waiting_requests",
    "Queries and transactions waiting for a connection.",
    (s) => s.waiting,
  );
  return { registry, jobFailed: (kind, outcome) => failures.inc({ kind, outcome }) };
}

/**
 * `process`: GET /metrics answers this process's figures. `cluster` (an api worker of
 * backend/cluster.ts): it answers the whole cluster's, gathered by the primary from every
 * worker, so a scrape that reaches any one worker sees them all.
 */
export type TMetricsScope = "process" | "cluster";

export function registerMetrics(
  app: FastifyInstance,
  metrics: ApiMetrics,
  scope: TMetricsScope = "process",
) {
  if (scope === "cluster") {
    // One series per worker (its pid): which workers answered the scrape.
    new Gauge({
      name: "volunteerly_api_worker",
      help: "1 for each api worker process that answered this scrape, by pid.",
      labelNames: ["pid"],
      registers: [metrics.registry],
    }).set({ pid: String(process.pid) }, 1);
    // What the primary collects from this worker when any worker is scraped.
    AggregatorRegistry.setRegistries([processMetrics(), metrics.registry]);
    new AggregatorRegistry();
  }
  const requests = metrics.registry.getSingleMetric(REQUESTS_METRIC) as Counter;
  const durations = metrics.registry.getSingleMetric(DURATION_METRIC) as Histogram;

  // The pattern (`/api/v1/users/:id`), never the URL: ids would make a series per record.
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: methodLabel(request.method),
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: statusClass(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
  });
  // For the BFF's own request metrics (lib/bff/forward.ts), which see only the URL.
  app.addHook("onSend", async (request, reply) => {
    const route = request.routeOptions.url;
    if (route && route !== "/metrics") reply.header(ROUTE_PATTERN_HEADER, route);
  });

  app.get("/metrics", async (request, reply) => {
    const allowed = metricsAccessAllowed({
      peerAddress: request.socket.remoteAddress,
      header: (name) => request.headers[name],
      token: app.config.METRICS_TOKEN,
    });
    if (!allowed) return reply.callNotFound();
    let body: string;
    if (scope === "cluster") body = await clusterMetricsFromPrimary();
    else body = await Registry.merge([processMetrics(), metrics.registry]).metrics();
    return reply
      .header("content-type", Registry.PROMETHEUS_CONTENT_TYPE)
      .header("cache-control", "no-store")
      .send(body);
  });
}
