import { env } from "../env";
import { migrate } from "./migrate";
import { openDatabaseFromEnv } from "./open-from-env";
import { seed } from "./seed";

// `npm run db:seed`: the database of the environment (DATABASE_URL or PGLITE_DIR), migrated, then seeded.
const database = await openDatabaseFromEnv(env());
try {
  await migrate(database);
  const started = performance.now();
  const created = await seed(database.db);
  const inserted = Object.entries(created).filter(([, n]) => n > 0);
  const summary = inserted.length
    ? inserted.map(([table, n]) => `${n} ${table}`).join(", ")
    : "nothing new, the data was there";
  console.log(
    `seeded (${database.kind}) in ${Math.round(performance.now() - started)} ms: ${summary}`,
  );
} finally {
  await database.close();
}
