import { count } from "drizzle-orm";
import { migrate } from "../../backend/db/migrate";
import { openDatabaseFromEnv } from "../../backend/db/open-from-env";
import { tenants } from "../../backend/db/schema";
import { seed } from "../../backend/db/seed";
import type { TEnv } from "../../backend/env";

/**
 * Migrates, and seeds the demo data when there are no tenants yet: always for the embedded
 * database, for PostgreSQL only outside production (demo accounts share one known password).
 * Closes the database before returning: PGlite allows one process, and the api opens it next.
 */
export async function prepareDatabase(config: TEnv): Promise<void> {
  const started = performance.now();
  const database = await openDatabaseFromEnv(config);
  try {
    await migrate(database);
    const [{ tenantCount }] = await database.db.select({ tenantCount: count() }).from(tenants);
    const where = database.kind === "pglite" ? config.PGLITE_DIR : "PostgreSQL (DATABASE_URL)";
    if (tenantCount > 0) {
      console.log(`[start] database ready: ${where}`);
    } else if (database.kind === "postgres" && config.NODE_ENV === "production") {
      console.warn(`[start] ${where} has no tenants; not seeding demo data in production.`);
    } else {
      const created = await seed(database.db);
      console.log(
        `[start] seeded ${where}: ${created.tenants} tenants, ${created.users} users ` +
          `(${Math.round(performance.now() - started)} ms)`,
      );
    }
  } finally {
    await database.close();
  }
}
