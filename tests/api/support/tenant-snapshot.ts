import { sql } from "drizzle-orm";
import type { AppDb } from "../../../backend/db/client";

/**
 * Everything a tenant owns, as one fingerprint per table: the row count and an md5 of the
 * rows in order (updated_at, tokens and all). Compared before and after requests that must
 * not write to the tenant. Read as the owner, past row security. Tables are found in the
 * catalogue, so a new tenant table is covered without a change here.
 */
export type TSnapshot = Record<string, string>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function tenantSnapshot(db: AppDb, tenantId: number): Promise<TSnapshot> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
    ),
  ).map((r) => r.table_name);
  const snapshot: TSnapshot = {};
  const fingerprint = async (table: string, column: string) => {
    const [row] = rowsOf<{ n: number; digest: string }>(
      await db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
            from ${sql.identifier(table)} x where ${sql.identifier(column)} = ${tenantId}`,
      ),
    );
    snapshot[table] = `${row.n} rows, ${row.digest}`;
  };
  await fingerprint("tenants", "id");
  for (const table of tables) await fingerprint(table, "tenant_id");
  return snapshot;
}

/**
 * Every table of the database, every tenant and the global ones alike, fingerprinted as
 * above: for requests that must change nothing at all (the fuzz test's refused writes).
 */
export async function databaseSnapshot(db: AppDb): Promise<TSnapshot> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((r) => r.table_name);
  const snapshot: TSnapshot = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number; digest: string }>(
      await db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
            from ${sql.identifier(table)} x`,
      ),
    );
    snapshot[table] = `${row.n} rows, ${row.digest}`;
  }
  return snapshot;
}
