import { env } from "../backend/env";
import { BackupRefused, restorePglite } from "./db/pglite-backup";

// `npm run db:restore -- <file> [--force]`: a backup of db:backup into PGLITE_DIR, while the
// app is stopped (docs/operations.md). A PGLITE_DIR with a database in it is replaced only
// with --force, and kept aside. PostgreSQL: pg_restore.

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => !arg.startsWith("--"));
const config = env();

try {
  if (config.DATABASE_URL) {
    throw new BackupRefused(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, Backups)",
    );
  }
  if (files.length !== 1) throw new BackupRefused("name one backup file: db:restore -- <file>");
  const { dataDir, keptAside } = await restorePglite({
    file: files[0] as string,
    dataDir: config.PGLITE_DIR,
    force,
    api: { host: config.API_HOST, port: config.API_PORT },
  });
  console.log(`[db:restore] ${files[0]} → ${dataDir}`);
  if (keptAside) console.log(`[db:restore] the database it replaced is kept in ${keptAside}`);
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`[db:restore] refused: ${error.message}`);
  process.exitCode = 1;
}
