import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../backend/db/client";
import { migrate } from "../../backend/db/migrate";
import { seed } from "../../backend/db/seed";
import { BackupRefused, backupPglite, restorePglite } from "../../scripts/db/pglite-backup";
import { migratedImage } from "./support/database";

// npm run db:backup / db:restore (docs/operations.md) on the embedded database: a migrated
// and seeded PGlite on disk, backed up, restored into a fresh directory, and every table of
// the public schema compared row for row (count and a checksum of its rows).

type TTableSums = Record<string, { rows: number; md5: string }>;

let work: string;
let source: string;
let backup: string;

/** Every public table's row count and the md5 of its rows in a fixed order. */
async function tableSums(database: Database): Promise<TTableSums> {
  const tables = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const sums: TTableSums = {};
  for (const { tablename } of tables.rows) {
    const result = (await database.db.execute(
      sql`select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as md5 from ${sql.identifier(tablename)} t`,
    )) as unknown as { rows: { rows: number; md5: string }[] };
    sums[tablename] = result.rows[0] as { rows: number; md5: string };
  }
  return sums;
}

async function sumsOf(dataDir: string): Promise<TTableSums> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await tableSums(database);
  } finally {
    await database.close();
  }
}

let original: TTableSums;

describe.skipIf(process.env.TEST_DB_KIND === "postgres")("PGlite backup and restore", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "volunteerly-backup-"));
    source = path.join(work, "pglite");
    backup = path.join(work, "backups", "one.tar.gz");
    // From the test run's migrated image (no initdb), migrated again (nothing to do), seeded.
    const database = await openDatabase({
      kind: "pglite",
      dataDir: source,
      loadDataDir: await migratedImage(),
    });
    try {
      await migrate(database);
      await seed(database.db);
      original = await tableSums(database);
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("restores into a fresh directory every table with the same rows", async () => {
    const { file, bytes } = await backupPglite({ dataDir: source, out: backup });
    expect(file).toBe(backup);
    expect(bytes).toBeGreaterThan(0);

    const target = path.join(work, "restored");
    const result = await restorePglite({ file: backup, dataDir: target });
    expect(result).toEqual({ dataDir: target, keptAside: undefined });

    const restored = await sumsOf(target);
    expect(Object.keys(original).length).toBeGreaterThan(30);
    // The seed fills enough tables that an empty restore could not pass.
    expect(Object.values(original).filter((t) => t.rows > 0).length).toBeGreaterThan(15);
    expect(restored).toEqual(original);
  });

  it("refuses to write over a backup file that exists", async () => {
    await expect(backupPglite({ dataDir: source, out: backup })).rejects.toThrow(/exists/);
  });

  it("refuses while the database is open, or while the api answers", async () => {
    const open = await openDatabase({ kind: "pglite", dataDir: source });
    try {
      await expect(
        backupPglite({ dataDir: source, out: path.join(work, "while-open.tar.gz") }),
      ).rejects.toThrow(/open in another process/);
      await expect(
        restorePglite({ file: backup, dataDir: source, force: true }),
      ).rejects.toBeInstanceOf(BackupRefused);
    } finally {
      await open.close();
    }
    expect(existsSync(path.join(work, "while-open.tar.gz"))).toBe(false);

    const api: Server = createServer();
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    const port = (api.address() as { port: number }).port;
    try {
      await expect(
        backupPglite({
          dataDir: source,
          out: path.join(work, "while-running.tar.gz"),
          api: { host: "0.0.0.0", port },
        }),
      ).rejects.toThrow(/stop the app/);
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it("replaces a database only with force, and keeps the replaced one aside", async () => {
    // What is there is only looked at, not opened: a marker stands for another database.
    const target = path.join(work, "occupied");
    await mkdir(target);
    await writeFile(path.join(target, "PG_VERSION"), "marker");

    await expect(restorePglite({ file: backup, dataDir: target })).rejects.toThrow(/--force/);
    expect(await readFile(path.join(target, "PG_VERSION"), "utf8")).toBe("marker");

    const now = new Date("2026-11-27T10:00:00Z");
    const { keptAside } = await restorePglite({ file: backup, dataDir: target, force: true, now });
    expect(keptAside).toBe(`${target}.before-restore-2026-11-27T10-00-00-000Z`);
    expect(await readFile(path.join(keptAside as string, "PG_VERSION"), "utf8")).toBe("marker");
    expect(await sumsOf(target)).toEqual(original);
  });

  it("refuses a file that is no backup, and leaves the directory as it was", async () => {
    const junk = path.join(work, "junk.tar.gz");
    await writeFile(junk, "not a tarball at all");
    const target = path.join(work, "untouched");
    await expect(restorePglite({ file: junk, dataDir: target })).rejects.toThrow(/not a backup/);
    expect(existsSync(target)).toBe(false);
  });
});
