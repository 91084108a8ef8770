import { fileURLToPath } from "node:url";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies the committed migrations; safe to run on every start. */
export async function migrate(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own drizzle flavour
  const db = database.db as any;
  if (database.kind === "pglite") await migratePglite(db, { migrationsFolder });
  else await migrateNodePg(db, { migrationsFolder });
}
