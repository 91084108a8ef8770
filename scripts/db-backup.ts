import { env } from "../backend/env";
import { BackupRefused, backupPglite, defaultBackupFile } from "./db/pglite-backup";

// `npm run db:backup [-- --out file]`: the embedded database (PGLITE_DIR) as one gzipped
// tarball, while the app is stopped (docs/operations.md). PostgreSQL: pg_dump.

const args = process.argv.slice(2);
const at = args.indexOf("--out");
const out = at === -1 ? defaultBackupFile() : args[at + 1];
const config = env();

try {
  if (config.DATABASE_URL) {
    throw new BackupRefused(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, Backups)",
    );
  }
  if (!out || out.startsWith("--")) throw new BackupRefused("--out needs a file name");
  const { file, bytes } = await backupPglite({
    dataDir: config.PGLITE_DIR,
    out,
    api: { host: config.API_HOST, port: config.API_PORT },
  });
  console.log(`[db:backup] ${config.PGLITE_DIR} → ${file} (${(bytes / 1e6).toFixed(1)} MB)`);
} catch (error) {
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`[db:backup] refused: ${error.message}`);
  process.exitCode = 1;
}
