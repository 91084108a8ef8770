import cluster from "node:cluster";
import { sql } from "drizzle-orm";
import pino from "pino";
import { apiWorkerCount, runPrimary } from "./cluster";
import { migrate } from "./db/migrate";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { env, type TEnv } from "./env";

// One process on PGlite; on PostgreSQL a node:cluster primary and one worker per core
// (backend/cluster.ts, docs/operations.md "Api workers").
const config = env();
const workers = apiWorkerCount(config);

if (workers > 1 && cluster.isPrimary) {
  const log = pino({ level: config.LOG_LEVEL });
  // Migrations once, here, before any worker opens the database: drizzle's migrator takes
  // no lock, and N workers migrating at once would race.
  const database = await openDatabaseFromEnv(config);
  await migrate(database);
  await warnAboutConnections(database.db, workers, log);
  await database.close();
  runPrimary({ count: workers, log });
} else {
  await serve(config, cluster.isWorker);
}

async function serve(config: TEnv, inCluster: boolean) {
  // Loaded here: the primary, which only forks and supervises, never loads the app.
  const { buildApp } = await import("./app");
  const { createMailer } = await import("./mail/transport");
  const database = await openDatabaseFromEnv(config);
  if (!inCluster) await migrate(database);
  const app = await buildApp({
    database,
    config,
    mailer: createMailer(config, database.db),
    metricsScope: inCluster ? "cluster" : "process",
  });

  // A signal may come twice (the supervisor signals the process group, which holds the
  // primary's workers, and the primary passes it on): the first one shuts down, later ones
  // must not cut that short.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => void shutdown(signal));
  }

  await app.listen({ host: config.API_HOST, port: config.API_PORT });
  // After listen: a process that cannot serve does not take jobs either. app.close() stops
  // it. Every worker runs one: claims use SKIP LOCKED and a schedule's occurrence is one
  // job by its idempotency key (docs/jobs.md).
  if (config.JOBS_WORKER) app.jobs.start();
}

/** Each worker opens a pool of 10 and the rate limits one of 2: said at start when the
 *  server allows fewer (API_WORKERS lowers it). */
async function warnAboutConnections(
  db: Awaited<ReturnType<typeof openDatabaseFromEnv>>["db"],
  count: number,
  log: pino.Logger,
) {
  try {
    const result = (await db.execute(
      sql`select current_setting('max_connections')::int as max`,
    )) as unknown as { rows: { max: number }[] };
    const max = Number(result.rows[0]?.max);
    const needed = count * 12;
    if (needed > max * 0.8) {
      log.warn(
        { workers: count, connectionsNeeded: needed, maxConnections: max },
        "the api workers may open more connections than PostgreSQL allows: lower API_WORKERS",
      );
    }
  } catch (err) {
    log.warn({ err }, "could not read max_connections");
  }
}
