import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { AggregatorRegistry } from "prom-client";
import type { TEnv } from "./env";

/**
 * The api on every core (docs/operations.md, "Api workers"): with DATABASE_URL the api
 * process is a node:cluster primary that forks API_WORKERS workers (default one per
 * core); they share API_PORT, the primary hands each accepted connection to one of them.
 * PGlite lives inside one process and cannot be shared: without DATABASE_URL there is
 * one process, as before.
 */
export function apiWorkerCount(
  config: Pick<TEnv, "DATABASE_URL" | "API_WORKERS">,
  cores: number = availableParallelism(),
): number {
  if (!config.DATABASE_URL) return 1;
  return config.API_WORKERS ?? Math.max(1, cores);
}

/** A worker that lived this long before it died starts its backoff afresh. */
export const HEALTHY_LIFETIME_MS = 60_000;
const FIRST_RESTART_MS = 500;
const MAX_RESTART_MS = 30_000;

/** The wait before restarting a worker that died `deaths` times in a row (1, 2, ...). */
export function restartDelayMs(deaths: number): number {
  return Math.min(MAX_RESTART_MS, FIRST_RESTART_MS * 2 ** Math.max(0, deaths - 1));
}

/** The worker's side of GET /metrics: the primary gathers every worker's registries. */
export const METRICS_REQUEST = "volunteerly:cluster-metrics";

type TLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

type TSlot = { worker: Worker | null; deaths: number; startedAt: number; timer?: NodeJS.Timeout };

export type TPrimaryOptions = {
  count: number;
  log: TLog;
  /** After SIGTERM, workers still running after this are killed. */
  stopGraceMs?: number;
};

/**
 * The primary: forks `count` workers, restarts one that dies (after restartDelayMs, so a
 * worker that cannot start does not spin), answers the workers' metrics requests with the
 * whole cluster's figures, and on SIGTERM/SIGINT stops every worker (each closes its
 * server, finishes its requests and jobs, closes its pool) and exits when all are gone.
 */
export function runPrimary({ count, log, stopGraceMs = 8_000 }: TPrimaryOptions): void {
  const slots = new Map<number, TSlot>();
  let stopping = false;
  const aggregator = new AggregatorRegistry();

  const fork = (slot: number) => {
    const state = slots.get(slot) ?? { worker: null, deaths: 0, startedAt: 0 };
    slots.set(slot, state);
    state.timer = undefined;
    state.startedAt = Date.now();
    const worker = cluster.fork({ API_WORKER_SLOT: String(slot) });
    state.worker = worker;
    worker.on("exit", (code, signal) => {
      state.worker = null;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (stopping) {
        log.info(
          { slot, workerPid: worker.process.pid, code, signal },
          `api worker exited (${how})`,
        );
        exitWhenDone();
        return;
      }
      const lived = Date.now() - state.startedAt;
      state.deaths = lived >= HEALTHY_LIFETIME_MS ? 1 : state.deaths + 1;
      const delay = restartDelayMs(state.deaths);
      log.error(
        { slot, workerPid: worker.process.pid, code, signal, livedMs: lived, restartInMs: delay },
        `api worker died (${how}); restarting`,
      );
      state.timer = setTimeout(() => fork(slot), delay);
    });
  };

  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (body) =>
        worker.isConnected() && worker.send({ type: METRICS_REQUEST, id: message.id, body }),
      (error: Error) =>
        worker.isConnected() &&
        worker.send({ type: METRICS_REQUEST, id: message.id, error: error.message }),
    );
  });

  const exitWhenDone = () => {
    if (stopping && [...slots.values()].every((s) => s.worker === null)) process.exit(0);
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: slots.size }, "stopping the api workers");
    for (const state of slots.values()) {
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      state.worker?.process.kill("SIGTERM");
    }
    setTimeout(() => {
      for (const state of slots.values()) state.worker?.process.kill("SIGKILL");
      process.exit(1);
    }, stopGraceMs).unref();
    exitWhenDone();
  };
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    process.on(signal, () => stop(signal));
  }

  log.info({ workers: count }, "starting the api workers");
  for (let slot = 1; slot <= count; slot += 1) fork(slot);
}

/**
 * A worker's GET /metrics: asks the primary for every worker's figures, aggregated
 * (prom-client's AggregatorRegistry: counters and histograms summed, the job queue's
 * depth taken once). Rejects after timeoutMs, past the primary's own 5 s for the workers.
 */
export function clusterMetricsFromPrimary(timeoutMs = 7_000): Promise<string> {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off("message", onMessage);
      reject(new Error("the primary did not answer the metrics request"));
    }, timeoutMs);
    function onMessage(message: { type?: string; id?: number; body?: string; error?: string }) {
      if (message?.type !== METRICS_REQUEST || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.body ?? "");
    }
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}
let nextRequest = 0;
