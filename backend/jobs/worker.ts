import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { AppDb } from "../db/client";
import type { TEnv } from "../env";
import type { Mailer } from "../mail/mailer";
import {
  backoffMs,
  claimDue,
  errorText,
  markAttemptFailed,
  markSucceeded,
  recoverExpired,
  type TClaimedJob,
} from "./queue";
import { type JobRegistry, PermanentJobError } from "./registry";
import { enqueueDueOccurrences, type TSchedule } from "./schedules";

export type TWorkerOptions = {
  db: AppDb;
  registry: JobRegistry;
  schedules: TSchedule[];
  mailer: Mailer;
  config: TEnv;
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs. */
  pollMs: number;
  /** A running job whose claim is older than this is taken to have lost its worker. */
  leaseMs: number;
  /** Jobs one worker runs at the same time. */
  concurrency: number;
  now?: () => Date;
  random?: () => number;
  workerId?: string;
  /** Told of every failed run once it is recorded: `retry` when it will run again, `failed`
   *  when it failed for good (the metrics count them, docs/operations.md). */
  onFailure?: (kind: string, outcome: "retry" | "failed") => void;
};

/**
 * The worker of one api process (docs/jobs.md): claims due jobs, runs their handlers and
 * records the outcome; requeues jobs whose worker died; enqueues the schedules' due
 * occurrences. Started by backend/server.ts; tests run it step by step with drain().
 * Every pass runs after the previous one (one chain), so drain() and the loop never
 * overlap in one process; other processes are kept apart by the database.
 */
export class JobWorker {
  readonly workerId: string;
  readonly #options: TWorkerOptions;
  readonly #now: () => Date;
  readonly #random: () => number;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  #nudged = false;
  /** The last occurrence this process enqueued per schedule: one insert per occurrence. */
  readonly #scheduled = new Map<string, number>();

  constructor(options: TWorkerOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
    this.#random = options.random ?? Math.random;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  get started(): boolean {
    return this.#running;
  }

  /** Starts the loop: a pass now, then one every pollMs (sooner after a nudge). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#schedule(0);
  }

  /** Stops the loop and waits for the pass in progress (its jobs finish and are recorded). */
  async stop(): Promise<void> {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#chain.catch(() => undefined);
  }

  /** Asks a started worker to look for jobs now, e.g. after a request enqueued one. */
  nudge(): void {
    if (!this.#running) return;
    this.#nudged = true;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#schedule(0);
    }
  }

  /**
   * Runs due jobs until none is left, each failure recorded as the loop would (tests, and
   * operations at the command line). Schedules only when asked: a test's jobs table then
   * holds only what the test enqueued.
   */
  async drain(options: { schedules?: boolean } = {}): Promise<{ ran: number }> {
    return this.#serial(async () => {
      let ran = 0;
      if (options.schedules) await this.#enqueueSchedules();
      await recoverExpired(this.#options.db, { now: this.#now(), leaseMs: this.#options.leaseMs });
      for (;;) {
        const batch = await this.#claim();
        if (batch.length === 0) return { ran };
        await Promise.all(batch.map((job) => this.#run(job)));
        ran += batch.length;
      }
    });
  }

  #serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#chain.then(fn, fn);
    this.#chain = next.catch(() => undefined);
    return next;
  }

  #schedule(delay: number) {
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#nudged = false;
      void this.#serial(() => this.#pass())
        .catch((err: unknown) => this.#options.log.error({ err }, "job worker pass failed"))
        .finally(() => {
          if (this.#running) this.#schedule(this.#nudged ? 0 : this.#options.pollMs);
        });
    }, delay);
    this.#timer.unref?.();
  }

  /** One pass of the loop: recover, schedule, then run batches while there are due jobs. */
  async #pass(): Promise<void> {
    const { db, leaseMs } = this.#options;
    const recovered = await recoverExpired(db, { now: this.#now(), leaseMs });
    if (recovered > 0) this.#options.log.warn({ recovered }, "requeued jobs whose lease ran out");
    await this.#enqueueSchedules();
    while (this.#running) {
      const batch = await this.#claim();
      if (batch.length === 0) return;
      await Promise.all(batch.map((job) => this.#run(job)));
    }
  }

  #claim(): Promise<TClaimedJob[]> {
    return claimDue(this.#options.db, {
      workerId: this.workerId,
      kinds: this.#options.registry.kinds(),
      limit: this.#options.concurrency,
      now: this.#now(),
    });
  }

  async #enqueueSchedules() {
    const { db, schedules, log } = this.#options;
    try {
      await enqueueDueOccurrences(db, schedules, this.#now(), this.#scheduled);
    } catch (err) {
      log.error({ err }, "scheduled jobs could not be enqueued");
    }
  }

  async #run(job: TClaimedJob): Promise<void> {
    const { db, registry, log } = this.#options;
    const definition = registry.get(job.kind);
    const jobLog = log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    let retryAt: Date | null = null;
    let error: string;
    try {
      if (!definition) throw new PermanentJobError(`no handler for kind ${job.kind}`);
      const parsed = definition.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
      }
      await definition.handler(parsed.data, {
        db,
        mailer: this.#options.mailer,
        config: this.#options.config,
        log: jobLog,
        now: this.#now(),
        job: {
          id: job.id,
          tenantId: job.tenantId,
          kind: job.kind,
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
        },
      });
      const payload = definition.redactOnSuccess?.(parsed.data);
      const recorded = await markSucceeded(db, {
        id: job.id,
        workerId: this.workerId,
        now: this.#now(),
        payload,
      });
      if (!recorded) jobLog.warn("job finished after its lease was taken over");
      return;
    } catch (err) {
      error = errorText(err);
      const permanent = err instanceof PermanentJobError;
      if (!permanent && job.attempts < job.maxAttempts) {
        retryAt = new Date(this.#now().getTime() + backoffMs(job.attempts, this.#random));
      }
    }
    try {
      const state = await markAttemptFailed(db, {
        id: job.id,
        workerId: this.workerId,
        now: this.#now(),
        error,
        retryAt,
      });
      // "lost": the lease was taken over, and the run that took it counts its own outcome.
      if (state !== "lost")
        this.#options.onFailure?.(job.kind, state === "failed" ? "failed" : "retry");
      const entry = { error, retryAt: retryAt?.toISOString() ?? null, state };
      if (state === "failed") jobLog.error(entry, "job failed for good");
      else jobLog.warn(entry, "job failed, will try again");
    } catch (err) {
      // The lease brings the job back if even this write fails.
      jobLog.error({ err }, "job outcome could not be recorded");
    }
  }
}
