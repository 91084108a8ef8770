import { buildApp } from "./app";
import { migrate } from "./db/migrate";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { env } from "./env";
import { createMailer } from "./mail/transport";

const config = env();
const database = await openDatabaseFromEnv(config);
await migrate(database);
const app = await buildApp({ database, config, mailer: createMailer(config, database.db) });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, "shutting down");
  await app.close();
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: config.API_HOST, port: config.API_PORT });
// After listen: a process that cannot serve does not take jobs either. app.close() stops it.
if (config.JOBS_WORKER) app.jobs.start();
