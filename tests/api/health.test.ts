import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("health and tenancy", () => {
  it("GET /healthz answers ok without a tenant", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("GET /readyz answers ok when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
  });

  it("every table with a tenant_id column has row-level security and a policy", async () => {
    const result = await t.database.db.execute(sql`
      select c.relname as table, c.relrowsecurity as rls,
             (select count(*) from pg_policies p where p.tablename = c.relname)::int as policies
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      where c.relkind = 'r' and c.relname <> 'mail_outbox'`);
    // AppDb.execute is typed loosely (it spans both drivers); both return { rows }.
    const rows = (result as { rows: { table: string; rls: boolean; policies: number }[] }).rows;
    expect(rows.length).toBeGreaterThanOrEqual(7);
    for (const row of rows) {
      expect({ table: row.table, rls: row.rls, hasPolicy: row.policies > 0 }).toEqual({
        table: row.table,
        rls: true,
        hasPolicy: true,
      });
    }
  });
});
