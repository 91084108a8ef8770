import { mkdirSync } from "node:fs";
import type { TEnv } from "../env";
import { type Database, openDatabase } from "./client";

/** The database the api uses: PostgreSQL when DATABASE_URL is set, else PGlite on disk. */
export function openDatabaseFromEnv(env: TEnv): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ kind: "postgres", url: env.DATABASE_URL });
  mkdirSync(env.PGLITE_DIR, { recursive: true });
  return openDatabase({ kind: "pglite", dataDir: env.PGLITE_DIR });
}
