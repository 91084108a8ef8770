import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "../../../backend/db/client";
import { migrate } from "../../../backend/db/migrate";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../../backend/db/migrations");

/** Names the migrated image by what it was made from: another migration, another image. */
function imageKey(): string {
  const hash = createHash("sha256");
  const files = readdirSync(MIGRATIONS, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".sql") || name.endsWith("_journal.json"))
    .sort();
  for (const name of files) hash.update(name).update(readFileSync(path.join(MIGRATIONS, name)));
  const pglite = readFileSync(
    path.resolve(import.meta.dirname, "../../../node_modules/@electric-sql/pglite/package.json"),
  );
  return hash.update(pglite).digest("hex").slice(0, 16);
}

/**
 * The data directory of a freshly migrated PGlite, made once per set of migrations and kept
 * in the temporary directory: opening it takes a third of the time of initdb and the
 * migrations, which every api test file would otherwise pay for each of its apps.
 */
export async function migratedImage(): Promise<Blob> {
  const file = path.join(tmpdir(), `volunteerly-pglite-${imageKey()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await openDatabase({ kind: "pglite" });
    await migrate(database);
    const image = await (database.dumpDataDir as () => Promise<Blob>)();
    await database.close();
    // Written aside and renamed: a worker reading it meanwhile never sees half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await image.arrayBuffer()));
    await rename(partial, file);
    return image;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project
 * api-postgres) a database of its own on TEST_DATABASE_URL, dropped on close.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !url) {
    const database = await openDatabase({ kind: "pglite", loadDataDir: await migratedImage() });
    // Nothing to do on a current image; it still proves the image is complete.
    await migrate(database);
    return database;
  }
  const name = `volunteerly_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({
    kind: "postgres",
    url: target.toString(),
    max: 4,
    // Dropping the database below ends a connection the pool is still closing (57P01);
    // anything else is a failure of the test.
    onConnectionError: (error) => {
      if ((error as { code?: string }).code !== "57P01") throw error;
    },
  });
  await migrate(database);
  return {
    ...database,
    // For a test that starts more processes on this database.
    url: target.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
