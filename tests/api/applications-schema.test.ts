import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDb, withTenant } from "../../backend/db/client";
import { applications, applicationTransitions, vacancies } from "../../backend/db/schema";
import { APPLICATION_LIMITS } from "../../lib/contract/applications";
import { freshDatabase } from "./support/database";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";

// The applications tables (docs/status-machines.md, "Applications"): what the database
// itself guarantees, whatever the api does on top: one open application per volunteer and
// vacancy, a history that is only appended to, the status and length rules, and each
// tenant's rows out of every other tenant's reach.

type TSite = {
  tenantId: number;
  vacancyId: number;
  organizationId: number;
  centerId: number;
  userId: number;
};

let database: Awaited<ReturnType<typeof freshDatabase>>;
let a: TSite;
let b: TSite;

async function site(db: AppDb): Promise<TSite> {
  const { tenant, center } = await createTenantWithCenter(db);
  const organization = await createOrganization(db, tenant.id, { volunteerCenterId: center.id });
  const [vacancy] = await db
    .insert(vacancies)
    .values({
      tenantId: tenant.id,
      volunteerCenterId: center.id,
      organizationId: organization.id,
      title: "Voorlezen op school",
      status: "published",
    })
    .returning({ id: vacancies.id });
  const user = await createUser(db, tenant.id);
  return {
    tenantId: tenant.id,
    vacancyId: vacancy.id,
    organizationId: organization.id,
    centerId: center.id,
    userId: user.id,
  };
}

const row = (s: TSite, extra: Partial<typeof applications.$inferInsert> = {}) => ({
  tenantId: s.tenantId,
  vacancyId: s.vacancyId,
  organizationId: s.organizationId,
  volunteerCenterId: s.centerId,
  userId: s.userId,
  motivation: "Ik lees graag voor.",
  ...extra,
});

const count = async (table: string) =>
  (
    (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`)) as {
      rows: { n: number }[];
    }
  ).rows[0].n;

beforeAll(async () => {
  database = await freshDatabase();
  a = await site(database.db);
  b = await site(database.db);
});
afterAll(() => database.close());

describe("the applications tables", () => {
  it("keep one open application per volunteer and vacancy; a settled one leaves room for a new one", async () => {
    const [first] = await withTenant(database.db, a.tenantId, (tx) =>
      tx.insert(applications).values(row(a)).returning(),
    );
    expect(first.status).toBe("new");
    await expect(
      withTenant(database.db, a.tenantId, (tx) => tx.insert(applications).values(row(a))),
    ).rejects.toThrow();
    await withTenant(database.db, a.tenantId, (tx) =>
      tx.update(applications).set({ status: "withdrawn" }).where(eq(applications.id, first.id)),
    );
    const [second] = await withTenant(database.db, a.tenantId, (tx) =>
      tx.insert(applications).values(row(a)).returning(),
    );
    expect(second.id).not.toBe(first.id);
  });

  it("refuse a status outside the machine and a motivation over its limit, writing nothing", async () => {
    const before = await count("applications");
    await expect(
      withTenant(database.db, b.tenantId, (tx) =>
        tx.insert(applications).values(row(b, { status: "hired" as never })),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(database.db, b.tenantId, (tx) =>
        tx
          .insert(applications)
          .values(row(b, { motivation: "x".repeat(APPLICATION_LIMITS.motivation + 1) })),
      ),
    ).rejects.toThrow();
    expect(await count("applications")).toBe(before);
  });

  it("let the api add to an application's history but never change or remove it", async () => {
    const [application] = await withTenant(database.db, b.tenantId, (tx) =>
      tx.insert(applications).values(row(b)).returning(),
    );
    await withTenant(database.db, b.tenantId, (tx) =>
      tx.insert(applicationTransitions).values({
        tenantId: b.tenantId,
        applicationId: application.id,
        event: "accept",
        fromStatus: "new",
        toStatus: "accepted",
        actorId: b.userId,
      }),
    );
    await expect(
      withTenant(database.db, b.tenantId, (tx) =>
        tx.update(applicationTransitions).set({ toStatus: "declined" }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(database.db, b.tenantId, (tx) => tx.delete(applicationTransitions)),
    ).rejects.toThrow();
    const history = await withTenant(database.db, b.tenantId, (tx) =>
      tx.select().from(applicationTransitions),
    );
    expect(history.map((h) => [h.event, h.fromStatus, h.toStatus])).toEqual([
      ["accept", "new", "accepted"],
    ]);
  });

  it("show each tenant only its own applications, and refuse one written for another tenant", async () => {
    const seenByB = await withTenant(database.db, b.tenantId, (tx) =>
      tx.select({ tenantId: applications.tenantId }).from(applications),
    );
    expect(seenByB.length).toBeGreaterThan(0);
    expect(new Set(seenByB.map((r) => r.tenantId))).toEqual(new Set([b.tenantId]));
    const before = await count("applications");
    await expect(
      withTenant(database.db, b.tenantId, (tx) => tx.insert(applications).values(row(a))),
    ).rejects.toThrow();
    expect(await count("applications")).toBe(before);
  });
});
