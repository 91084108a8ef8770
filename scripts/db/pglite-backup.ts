import { existsSync, readdirSync } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../backend/db/client";
import { acceptsConnections } from "../start/wait";

/**
 * Backups of the embedded database (docs/operations.md): the whole PGlite data directory as
 * one gzipped tarball (PGlite's dumpDataDir), and back with loadDataDir into a fresh
 * directory. Never while the api has the directory open: PGlite is one process, and a second
 * one writing the same files corrupts them. PostgreSQL has pg_dump and pg_restore for this.
 */

/** Where the api would listen: something answering there is taken for the running app. */
export type TApiAddress = { host: string; port: number };

export class BackupRefused extends Error {}

/**
 * Refuses when the database may be in use. PGlite writes postmaster.pid into its directory
 * while open and removes it on close (no real pid in it, and it takes no lock: a second
 * PGlite would open the directory anyway); an api answering on its port is the other sign.
 */
export async function assertNotInUse(dataDir: string, api?: TApiAddress): Promise<void> {
  if (api) {
    const host = ["0.0.0.0", "::", ""].includes(api.host) ? "127.0.0.1" : api.host;
    if (await acceptsConnections(host, api.port)) {
      throw new BackupRefused(
        `something answers on ${host}:${api.port}, the api's address: stop the app (npm start) first`,
      );
    }
  }
  if (existsSync(path.join(dataDir, "postmaster.pid"))) {
    throw new BackupRefused(
      `${dataDir} is open in another process (its postmaster.pid is there): stop the app first. ` +
        "If nothing runs (it was killed), start and stop the api once, which closes it cleanly.",
    );
  }
}

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** `.data/backups/pglite-2026-11-27T01-02-03Z.tar.gz` */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  return path.join(".data", "backups", `pglite-${stamp}.tar.gz`);
}

/**
 * Writes the data directory to `out` (a gzipped tar). Opening it first lets PGlite finish a
 * crashed run's recovery, so the copy is consistent. Readable by the owner only: it holds
 * every tenant's personal data.
 */
export async function backupPglite(options: {
  dataDir: string;
  out: string;
  api?: TApiAddress;
}): Promise<{ file: string; bytes: number }> {
  const { dataDir, out } = options;
  if (isEmptyDir(dataDir)) throw new BackupRefused(`${dataDir} holds no database`);
  if (existsSync(out)) throw new BackupRefused(`${out} exists already; name another --out`);
  await assertNotInUse(dataDir, options.api);
  const database = await openDatabase({ kind: "pglite", dataDir });
  let bytes: Buffer;
  try {
    const dump = database.dumpDataDir;
    if (!dump) throw new Error("this database cannot dump its data directory");
    bytes = Buffer.from(await (await dump("gzip")).arrayBuffer());
  } finally {
    await database.close();
  }
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  // Written aside and renamed: a half-written backup never carries the name.
  const partial = `${out}.partial`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, out);
  return { file: out, bytes: bytes.byteLength };
}

/**
 * Loads a backup into `dataDir`. Into a new directory beside it first, checked by opening it;
 * only then does it take the place of `dataDir`. A directory with a database in it is
 * replaced only with `force`, and is kept beside it (`<dir>.before-restore-<time>`), never
 * deleted.
 */
export async function restorePglite(options: {
  file: string;
  dataDir: string;
  force?: boolean;
  api?: TApiAddress;
  now?: Date;
}): Promise<{ dataDir: string; keptAside?: string }> {
  const { file, dataDir } = options;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupRefused(`${file} is not a file`);
  const occupied = !isEmptyDir(dataDir);
  if (occupied && !options.force) {
    throw new BackupRefused(
      `${dataDir} holds a database already; restore with --force to replace it (it is kept aside)`,
    );
  }
  await assertNotInUse(dataDir, options.api);

  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-");
  const fresh = `${dataDir.replace(/\/+$/, "")}.restoring-${stamp}`;
  await rm(fresh, { recursive: true, force: true });
  await mkdir(fresh, { recursive: true });
  try {
    const database = await openDatabase({
      kind: "pglite",
      dataDir: fresh,
      loadDataDir: new Blob([await readFile(file)]),
    });
    try {
      await database.db.execute(sql`select count(*) from tenants`);
    } finally {
      await database.close();
    }
  } catch (error) {
    await rm(fresh, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupRefused(`${file} is not a backup of this app's database (${reason})`);
  }

  let keptAside: string | undefined;
  if (occupied) {
    keptAside = `${dataDir.replace(/\/+$/, "")}.before-restore-${stamp}`;
    await rename(dataDir, keptAside);
  } else {
    await rm(dataDir, { recursive: true, force: true });
  }
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  await rename(fresh, dataDir);
  return { dataDir, keptAside };
}
