import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { jobs, users } from "../../backend/db/schema";
import { cleanupJobsJob, cleanupJobsSchedule } from "../../backend/jobs/cleanup";
import { enqueueMail } from "../../backend/jobs/mail";
import { backoffMs, claimDue, enqueue, markSucceeded } from "../../backend/jobs/queue";
import { enqueueDueOccurrences } from "../../backend/jobs/schedules";
import { JobWorker } from "../../backend/jobs/worker";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { createTenant, createUser } from "./support/factories";
import {
  brokenJob,
  createRunsTable,
  flakyJob,
  recordJob,
  testJobRegistry,
} from "./support/test-jobs";

// The job queue (docs/jobs.md) on one process: enqueueing in the caller's transaction,
// idempotency keys, retries with backoff, failure after the last attempt, payload checks,
// lease recovery, the cleanup. The worker runs on a clock the test moves.

let t: TestApp;
let clock = new Date("2026-06-01T10:00:00Z");
let a: number;
let b: number;
let slugA: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      auth: { rateLimits: NO_RATE_LIMITS },
      jobs: {
        registry: testJobRegistry(),
        schedules: [],
        now: () => clock,
        random: () => 0.5,
        drainBeforeReply: false,
      },
    },
  );
  await createRunsTable(t.database.db);
  const tenantA = await createTenant(t.database.db);
  a = tenantA.id;
  slugA = tenantA.slug;
  b = (await createTenant(t.database.db)).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts from an empty queue, on a clock ahead of the database's defaults.
  await t.database.db.delete(jobs);
  clock = new Date(Date.now() + 60_000);
});

const db = () => t.database.db;
const jobRow = async (id: number) => {
  const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
  return row;
};
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe("enqueueing", () => {
  it("a job enqueued in a transaction that rolls back does not exist, and its mail is never sent", async () => {
    const sent = t.mailer.sent.length;
    await expect(
      withTenant(db(), a, async (tx) => {
        await enqueueMail(tx, a, { to: "rolled-back@example.test", subject: "Nee", text: "x" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db().select().from(jobs)).toEqual([]);
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    expect(t.mailer.sent.length).toBe(sent);
  });

  it("a committed mail job sends the mail as rendered, tagged with the tenant, and keeps no address", async () => {
    const { id } = await withTenant(db(), a, (tx) =>
      enqueueMail(tx, a, {
        to: "kept@example.test",
        subject: "Welkom",
        text: "Hallo",
        html: "<p>Hallo</p>",
      }),
    );
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    expect(t.mailer.last("kept@example.test")).toEqual({
      to: "kept@example.test",
      subject: "Welkom",
      text: "Hallo",
      html: "<p>Hallo</p>",
      tenantId: a,
    });
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: "succeeded", attempts: 1, lockedBy: null, tenantId: a });
    expect(row.payload).toEqual({ subject: "Welkom", redacted: true });
    expect(row.finishedAt).toEqual(clock);
  });

  it("an idempotency key keeps one job per tenant and kind, however often it is enqueued", async () => {
    const first = await withTenant(db(), a, (tx) =>
      enqueue(tx, recordJob, { n: 1 }, { tenantId: a, idempotencyKey: "digest-2026-06-01" }),
    );
    const again = await withTenant(db(), a, (tx) =>
      enqueue(tx, recordJob, { n: 2 }, { tenantId: a, idempotencyKey: "digest-2026-06-01" }),
    );
    const otherTenant = await withTenant(db(), b, (tx) =>
      enqueue(tx, recordJob, { n: 3 }, { tenantId: b, idempotencyKey: "digest-2026-06-01" }),
    );
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(otherTenant.created).toBe(true);
    const rows = await db().select().from(jobs);
    expect(rows.map((r) => [r.tenantId, r.payload])).toEqual(
      expect.arrayContaining([
        [a, { n: 1 }],
        [b, { n: 3 }],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("refuses a payload its kind's schema rejects, before anything is written", async () => {
    await expect(
      withTenant(db(), a, (tx) =>
        enqueue(tx, recordJob, { n: "one" } as unknown as { n: number }, { tenantId: a }),
      ),
    ).rejects.toThrow();
    expect(await db().select().from(jobs)).toEqual([]);
  });

  it("row security: a tenant's transaction enqueues only its own jobs and reads no other tenant's", async () => {
    await expect(
      withTenant(db(), a, (tx) => enqueue(tx, recordJob, { n: 1 }, { tenantId: b })),
    ).rejects.toThrow();
    await expect(
      withTenant(db(), a, (tx) => enqueue(tx, recordJob, { n: 1 }, { tenantId: null })),
    ).rejects.toThrow();
    await withTenant(db(), b, (tx) => enqueue(tx, recordJob, { n: 2 }, { tenantId: b }));
    await enqueue(db(), cleanupJobsJob, {}, { tenantId: null });
    const seenByA = await withTenant(db(), a, (tx) =>
      tx.select({ tenantId: jobs.tenantId, kind: jobs.kind }).from(jobs),
    );
    // The platform's job (no tenant) is visible, tenant b's is not.
    expect(seenByA).toEqual([{ tenantId: null, kind: "jobs.cleanup" }]);
  });
});

describe("running", () => {
  it("a failed run is tried again after an exponential backoff with jitter, then succeeds", async () => {
    const { id } = await enqueue(db(), flakyJob, { failures: 2 }, { tenantId: a });
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: "queued", attempts: 1, lockedBy: null });
    expect(row.lastError).toBe("Error: run 1 failed on purpose");
    // random() = 0.5: three quarters of 10 s after the first failure.
    expect(row.runAt.getTime() - clock.getTime()).toBe(7_500);
    // Not due yet: nothing runs.
    later(7_499);
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    later(1);
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    row = await jobRow(id);
    expect(row).toMatchObject({ state: "queued", attempts: 2 });
    expect(row.runAt.getTime() - clock.getTime()).toBe(15_000);
    later(15_000);
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    row = await jobRow(id);
    expect(row).toMatchObject({ state: "succeeded", attempts: 3, lastError: null });
  });

  it("backoff doubles per attempt up to an hour and stays within its jitter band", () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, () => 1))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect([1, 2, 3].map((n) => backoffMs(n, () => 0))).toEqual([5_000, 10_000, 20_000]);
    expect(backoffMs(30, () => 1)).toBe(3_600_000);
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const delay = backoffMs(attempt);
      const ceiling = Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);
      expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
      expect(delay).toBeLessThanOrEqual(ceiling);
    }
  });

  it("fails for good after max_attempts, keeping the last error", async () => {
    const { id } = await enqueue(db(), flakyJob, { failures: 10 }, { tenantId: a });
    for (let run = 1; run <= 4; run += 1) {
      expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
      later(3_600_000);
    }
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    const row = await jobRow(id);
    expect(row).toMatchObject({
      state: "failed",
      attempts: 4,
      maxAttempts: 4,
      lastError: "Error: run 4 failed on purpose",
      lockedBy: null,
    });
    expect(row.finishedAt).not.toBeNull();
  });

  it("a permanent error and a payload the schema rejects fail at once, without more tries", async () => {
    const broken = await enqueue(db(), brokenJob, {}, { tenantId: a });
    // Written around enqueue's check, as an older release or a hand might have.
    const [bad] = await db()
      .insert(jobs)
      .values({ tenantId: a, kind: "test.flaky", payload: { failures: "many" } })
      .returning();
    expect(await t.app.jobs.drain()).toEqual({ ran: 2 });
    expect(await jobRow(broken.id)).toMatchObject({
      state: "failed",
      attempts: 1,
      lastError: "PermanentJobError: the input cannot be processed",
    });
    const failed = await jobRow(bad.id);
    expect(failed).toMatchObject({ state: "failed", attempts: 1 });
    expect(failed.lastError).toMatch(/^PermanentJobError: invalid payload: .*failures/s);
  });

  it("a worker does not claim a kind it has no handler for", async () => {
    const [unknown] = await db()
      .insert(jobs)
      .values({ tenantId: a, kind: "from.a.newer.release", payload: {} })
      .returning();
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    expect(await jobRow(unknown.id)).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("a job whose worker died is run again once its lease has run out", async () => {
    const { id } = await enqueue(db(), recordJob, { n: 7 }, { tenantId: a });
    // A worker claims it and dies: it never reports.
    const [claimed] = await claimDue(db(), {
      workerId: "dead-worker",
      kinds: ["test.record"],
      limit: 1,
      now: clock,
    });
    expect(claimed.id).toBe(id);
    // Within the lease (300 s by default) nobody else takes it.
    later(299_000);
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    later(2_000);
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: "succeeded", attempts: 2 });
    const runs = await db().execute(sql`select attempt from test_job_runs where job_id = ${id}`);
    expect((runs as unknown as { rows: unknown[] }).rows).toEqual([{ attempt: 2 }]);
    // The dead worker coming back changes nothing.
    expect(await markSucceeded(db(), { id, workerId: "dead-worker", now: clock })).toBe(false);
  });

  it("a lease that runs out on the last attempt fails the job instead of running it again", async () => {
    const { id } = await enqueue(db(), recordJob, { n: 8 }, { tenantId: a, maxAttempts: 1 });
    await claimDue(db(), { workerId: "dead-worker", kinds: ["test.record"], limit: 1, now: clock });
    later(301_000);
    expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row.lastError).toBe("lease expired: worker dead-worker did not finish within 300 s");
  });

  it("stop() lets the pass in progress finish and record its jobs", async () => {
    const worker = new JobWorker({
      db: db(),
      registry: testJobRegistry(),
      schedules: [],
      mailer: t.mailer,
      config: t.app.config,
      log: t.app.log,
      pollMs: 50,
      leaseMs: 300_000,
      concurrency: 2,
      now: () => clock,
    });
    const ids = [];
    for (let n = 0; n < 5; n += 1) {
      ids.push((await enqueue(db(), recordJob, { n }, { tenantId: a })).id);
    }
    worker.start();
    await expect
      .poll(
        async () => (await db().select().from(jobs).where(eq(jobs.state, "succeeded"))).length,
        {
          timeout: 10_000,
          interval: 50,
        },
      )
      .toBe(5);
    await worker.stop();
    expect(worker.started).toBe(false);
    const states = await db().select({ state: jobs.state }).from(jobs);
    expect(states.every((row) => row.state === "succeeded")).toBe(true);
  });
});

describe("the worker loop, as backend/server.ts starts it", () => {
  it("sends a request's mail on its own, nudged by the request (no drain)", async () => {
    const user = await createUser(db(), a, { email: `loop-${Date.now()}@example.test` });
    t.app.jobs.start();
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/auth/password",
        headers: { "x-tenant": slugA },
        payload: { email: user.email, redirect_url: "http://localhost:3000/wachtwoord" },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(() => t.mailer.last(user.email)?.subject, { timeout: 10_000, interval: 50 })
        .toMatch(/^Nieuw wachtwoord instellen voor /);
    } finally {
      await t.app.jobs.stop();
    }
    const [row] = await db().select().from(jobs);
    expect(row).toMatchObject({ kind: "mail", state: "succeeded", attempts: 1 });
  });
});

describe("schedules", () => {
  it("workers that each see an occurrence due enqueue it once, as a platform job at its time", async () => {
    // 03:45 Dutch time on the night summer time ends: the cleanup's 03:30 (CET) is due.
    const now = new Date("2026-10-25T02:45:00Z");
    const inFirst = new Map<string, number>();
    const created = [
      await enqueueDueOccurrences(db(), [cleanupJobsSchedule], now, inFirst),
      await enqueueDueOccurrences(db(), [cleanupJobsSchedule], now, new Map()),
      // The same process again: it remembers, and does not even try.
      await enqueueDueOccurrences(db(), [cleanupJobsSchedule], now, inFirst),
    ];
    expect(created).toEqual([1, 0, 0]);
    const rows = await db().select().from(jobs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId: null,
      kind: "jobs.cleanup",
      idempotencyKey: "jobs.cleanup.daily@2026-10-25T02:30:00.000Z",
      runAt: new Date("2026-10-25T02:30:00Z"),
      state: "queued",
    });
    // The next night's occurrence is a job of its own.
    const nextNight = new Date("2026-10-26T02:45:00Z");
    expect(await enqueueDueOccurrences(db(), [cleanupJobsSchedule], nextNight, inFirst)).toBe(1);
  });
});

describe("the cleanup of finished jobs", () => {
  it("deletes succeeded and failed jobs that finished more than JOBS_RETENTION_DAYS ago, nothing else", async () => {
    const day = 24 * 3600_000;
    const at = (days: number) => new Date(clock.getTime() - days * day);
    const rows = await db()
      .insert(jobs)
      .values([
        { tenantId: a, kind: "test.record", state: "succeeded", finishedAt: at(15) },
        { tenantId: a, kind: "test.record", state: "failed", finishedAt: at(15) },
        { tenantId: a, kind: "test.record", state: "succeeded", finishedAt: at(13) },
        { tenantId: a, kind: "test.record", state: "queued", runAt: at(-1) },
      ])
      .returning({ id: jobs.id });
    await enqueue(db(), cleanupJobsJob, {}, { tenantId: null });
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    const left = await db().select({ id: jobs.id, kind: jobs.kind }).from(jobs);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([rows[2].id, rows[3].id]));
    expect(left.filter((r) => r.kind === "test.record")).toHaveLength(2);
  });
});

describe("mail of a change that rolls back", () => {
  it("a password reset whose transaction fails at commit stores no token and sends nothing", async () => {
    const user = await createUser(db(), a, { email: `rollback-${Date.now()}@example.test` });
    // Fails the transaction at COMMIT, after the route enqueued the mail in it.
    await db().execute(
      sql.raw(`create or replace function fail_for_user() returns trigger language plpgsql as $$
        begin
          if new.id = ${user.id} then raise exception 'refused at commit'; end if;
          return new;
        end $$`),
    );
    await db().execute(
      sql.raw(`create constraint trigger users_fail_at_commit after update on users
        deferrable initially deferred for each row execute function fail_for_user()`),
    );
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/auth/password",
        headers: { "x-tenant": slugA },
        payload: { email: user.email, redirect_url: "http://localhost:3000/wachtwoord" },
      });
      expect(res.statusCode).toBe(500);
      expect(await t.app.jobs.drain()).toEqual({ ran: 0 });
      expect(t.mailer.last(user.email)).toBeUndefined();
      expect(await db().select().from(jobs)).toEqual([]);
      const [row] = await db().select().from(users).where(eq(users.id, user.id));
      expect(row.resetPasswordToken).toBeNull();
    } finally {
      await db().execute(sql`drop trigger users_fail_at_commit on users`);
    }
    // The same request without the failure: the mail is sent.
    const res = await t.app.inject({
      method: "POST",
      url: "/auth/password",
      headers: { "x-tenant": slugA },
      payload: { email: user.email, redirect_url: "http://localhost:3000/wachtwoord" },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mailer.last(user.email)).toBeUndefined();
    expect(await t.app.jobs.drain()).toEqual({ ran: 1 });
    expect(t.mailer.last(user.email)?.subject).toMatch(/^Nieuw wachtwoord instellen voor /);
  });
});
