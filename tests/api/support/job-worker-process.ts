import { openDatabase } from "../../../backend/db/client";
import { parseEnv } from "../../../backend/env";
import { JobWorker } from "../../../backend/jobs/worker";
import { createMailer } from "../../../backend/mail/transport";
import { testJobRegistry } from "./test-jobs";

/**
 * A second api process for tests/api/jobs-two-processes.test.ts: the api's job worker, on
 * DATABASE_URL, with the test job kinds registered besides the api's own. Prints "ready"
 * once it has asked the queue for work and runs; SIGTERM stops it after the pass in progress, as backend/server.ts does.
 */
const config = parseEnv({ ...process.env, LOG_LEVEL: "silent" });
if (!config.DATABASE_URL) throw new Error("DATABASE_URL is required");
const database = await openDatabase({ kind: "postgres", url: config.DATABASE_URL, max: 4 });
const { default: pino } = await import("pino");
const worker = new JobWorker({
  db: database.db,
  registry: testJobRegistry(),
  schedules: [],
  mailer: createMailer(config, database.db),
  config,
  log: pino({ level: "warn" }),
  pollMs: config.JOBS_POLL_MS,
  leaseMs: config.JOBS_LEASE_SECONDS * 1000,
  concurrency: config.JOBS_CONCURRENCY,
});
// "ready" once the worker has asked the queue (an empty one) for work: its connection is
// open and its first query answered, so it polls from the moment the test enqueues.
await worker.drain();
worker.start();
process.stdout.write("ready\n");
process.once("SIGTERM", async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
});
