import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../backend/db/client";
import { organizations, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { createOrganization, createTenant, createUser } from "./support/factories";

// The second wall (docs/decisions.md, "Data"): inside withTenant, row-level security keeps a
// query to its tenant even when the query itself forgot the tenant condition.
let t: TestApp;
let a: number;
let b: number;

beforeAll(async () => {
  t = await createTestApp();
  a = (await createTenant(t.database.db)).id;
  b = (await createTenant(t.database.db)).id;
  await createOrganization(t.database.db, a, { name: "School of A" });
  await createOrganization(t.database.db, b, { name: "School of B" });
  await createUser(t.database.db, b, { email: "only-in-b@example.test" });
});
afterAll(() => t.close());

describe("row-level security", () => {
  it("a select without a tenant condition sees only the transaction's tenant", async () => {
    const names = await withTenant(t.database.db, a, (tx) =>
      tx.select({ name: organizations.name }).from(organizations),
    );
    expect(names.map((row) => row.name)).toEqual(["School of A"]);
    const emails = await withTenant(t.database.db, a, (tx) =>
      tx.select({ email: users.email }).from(users),
    );
    expect(emails).toEqual([]);
  });

  it("refuses to write a row of another tenant and keeps nothing of it", async () => {
    await expect(
      withTenant(t.database.db, a, (tx) =>
        tx.insert(organizations).values({ tenantId: b, type: "School", name: "Smuggled" }),
      ),
    ).rejects.toThrow();
    const smuggled = await t.database.db.execute(
      sql`select count(*)::int as n from organizations where name = 'Smuggled'`,
    );
    expect((smuggled as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("an update without a tenant condition cannot reach another tenant's rows", async () => {
    await withTenant(t.database.db, a, (tx) =>
      tx.update(organizations).set({ status: "archived" }),
    );
    const rows = await t.database.db.execute(
      sql`select name, status from organizations order by name`,
    );
    expect((rows as { rows: unknown[] }).rows).toEqual([
      { name: "School of A", status: "archived" },
      { name: "School of B", status: "approved" },
    ]);
  });
});
