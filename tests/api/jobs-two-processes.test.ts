import { type ChildProcess, spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { jobs } from "../../backend/db/schema";
import { freshDatabase } from "./support/database";
import { createRunsTable, recordJob } from "./support/test-jobs";

// ARCHITECTURE decision 10: two api processes on one PostgreSQL database claim jobs with
// FOR UPDATE SKIP LOCKED and so run every job once. Two real processes (Node child
// processes running the api's JobWorker, tests/api/support/job-worker-process.ts) work one
// queue of JOB_COUNT jobs; every run is recorded with its process id.
//
// PostgreSQL only: PGlite is one process with one connection, so a second process cannot
// open it and there is nothing to race. CI sets TEST_DATABASE_URL.
const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
const JOB_COUNT = 400;

let database: Database & { url?: string };
const workers: ChildProcess[] = [];

function startWorker(url: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/api/support/job-worker-process.ts"],
    {
      env: {
        ...process.env,
        DATABASE_URL: url,
        JOBS_POLL_MS: "50",
        JOBS_CONCURRENCY: "4",
        NODE_ENV: "test",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  workers.push(child);
  return new Promise((resolve, reject) => {
    child.once("exit", (code) =>
      reject(new Error(`worker exited with ${code} before it was ready`)),
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes("ready")) resolve(child);
      // The worker's own warnings and errors, so a failure here says what the process saw.
      const rest = text.replace("ready\n", "").trim();
      if (rest) console.warn(`[worker ${child.pid}] ${rest}`);
    });
  });
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

describe.skipIf(!onPostgres)(
  "jobs on two api processes (PostgreSQL only: PGlite is one process)",
  () => {
    beforeAll(async () => {
      database = await freshDatabase();
      await createRunsTable(database.db);
    }, 60_000);
    afterAll(async () => {
      await Promise.all(workers.map(stopWorker));
      await database?.close();
    });

    it(`runs each of ${JOB_COUNT} jobs exactly once, and both processes run some`, async () => {
      const url = database.url;
      if (!url) throw new Error("the test database has no URL");
      const [first, second] = await Promise.all([startWorker(url), startWorker(url)]);
      const started = Date.now();
      // Enqueued while both poll, in a few transactions as requests would.
      for (let batch = 0; batch < 4; batch += 1) {
        await database.db.transaction(async (tx) => {
          for (let n = 0; n < JOB_COUNT / 4; n += 1) {
            await tx.insert(jobs).values({
              tenantId: null,
              kind: recordJob.kind,
              // Each run holds 10 ms: the first process to poll cannot run all 400 (1 s at
              // its concurrency of 4) before the other, polling every 50 ms, claims some.
              payload: recordJob.payload.parse({ n: batch * 1000 + n, holdMs: 10 }),
            });
          }
        });
      }
      await expect
        .poll(
          async () => {
            const result = await database.db.execute(
              sql`select count(*)::int as n from jobs where state = 'succeeded'`,
            );
            return (result as unknown as { rows: { n: number }[] }).rows[0].n;
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(JOB_COUNT);
      const elapsed = Date.now() - started;

      const result = await database.db.execute(sql`
      select
        (select count(*)::int from test_job_runs) as runs,
        (select count(distinct job_id)::int from test_job_runs) as jobs,
        (select count(*)::int from test_job_runs where attempt <> 1) as retried,
        (select count(*)::int from jobs where state <> 'succeeded' or attempts <> 1) as unusual
    `);
      const counts = (result as unknown as { rows: Record<string, number>[] }).rows[0];
      expect(counts).toEqual({ runs: JOB_COUNT, jobs: JOB_COUNT, retried: 0, unusual: 0 });
      const perProcess = await database.db.execute(
        sql`select pid, count(*)::int as n from test_job_runs group by pid order by pid`,
      );
      const byPid = (perProcess as unknown as { rows: { pid: number; n: number }[] }).rows;
      expect(byPid.map((row) => row.pid).sort()).toEqual([first.pid, second.pid].sort());
      for (const row of byPid) expect(row.n).toBeGreaterThan(0);
      console.info(
        `[jobs-two-processes] ${JOB_COUNT} jobs in ${elapsed} ms: ${byPid.map((r) => r.n).join(" + ")}`,
      );
    }, 45_000);
  },
);
