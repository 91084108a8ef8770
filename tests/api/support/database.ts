import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../../backend/db/client";
import { migrate } from "../../../backend/db/migrate";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (project
 * api-postgres) a database of its own on TEST_DATABASE_URL, dropped on close.
 */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB_KIND !== "postgres" || !url) {
    const database = await openDatabase({ kind: "pglite" });
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
