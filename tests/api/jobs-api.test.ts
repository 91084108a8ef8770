import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";
import { createFailedJob } from "./support/test-jobs";

// GET /api/v1/jobs and POST /api/v1/jobs/:id/retry (docs/jobs.md, "Operations"):
// superadmins see their tenant's jobs and the platform's, never another tenant's, and run a
// failed job again. The queue is drained by hand here, so a retried job's states show.

let t: TestApp;
let superadmin: Record<string, string>;
let admin: Record<string, string>;
let tenantId: number;
let otherTenantJob: number;

beforeAll(async () => {
  t = await createTestApp(
    { TOKEN_ROTATION: "false" },
    { auth: { rateLimits: NO_RATE_LIMITS }, jobs: { drainBeforeReply: false, schedules: [] } },
  );
  const db = t.database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  tenantId = tenant.id;
  const boss = await createUser(db, tenant.id);
  await addRole(db, tenant.id, boss.id, "superadmin");
  superadmin = await signedIn(db, tenant, boss.id);
  const centreAdmin = await createUser(db, tenant.id);
  await addRole(db, tenant.id, centreAdmin.id, "admin", { type: "Organization", id: center.id });
  admin = await signedIn(db, tenant, centreAdmin.id);
  const other = await createTenantWithCenter(db);
  otherTenantJob = (await createFailedJob(db, other.tenant.id, "other tenant's")).id;
});
afterAll(() => t.close());

const list = (query = "", headers = superadmin) =>
  t.app.inject({ method: "GET", url: `/api/v1/jobs${query}`, headers });
const retry = (id: number | string, headers = superadmin) =>
  t.app.inject({ method: "POST", url: `/api/v1/jobs/${id}/retry`, headers });
const idsOf = (body: { data: { id: string }[] }) => body.data.map((r) => Number(r.id));

describe("GET /api/v1/jobs", () => {
  it("lists the tenant's and the platform's jobs for a superadmin, newest first, without payloads", async () => {
    const mine = await createFailedJob(t.database.db, tenantId, "Error: smtp down");
    const platform = await createFailedJob(t.database.db, null, "Error: cleanup failed");
    const res = await list("?filter[state_eq]=failed");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const ids = idsOf(body);
    expect(ids).toEqual(expect.arrayContaining([mine.id, platform.id]));
    expect(ids).not.toContain(otherTenantJob);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const row = body.data.find((r: { id: string }) => r.id === String(mine.id));
    expect(row).toMatchObject({
      type: "job",
      attributes: {
        tenant_id: tenantId,
        kind: "mail",
        state: "failed",
        attempts: 10,
        max_attempts: 10,
        last_error: "Error: smtp down",
      },
    });
    expect(res.body).not.toContain("someone@example.test");
    expect(res.body).not.toContain("payload");
    expect(body.meta.pagination).toMatchObject({ current: 1, records: ids.length });
  });

  it("filters by state and kind, pages, and refuses a state that does not exist (400)", async () => {
    const queued = await t.database.db
      .insert(jobs)
      .values({ tenantId, kind: "mail", payload: {}, runAt: new Date(Date.now() + 3_600_000) })
      .returning();
    const onlyQueued = await list("?filter[state_eq]=queued");
    expect(idsOf(onlyQueued.json())).toEqual([queued[0].id]);
    const page = await list("?page[size]=1&page[number]=1");
    expect(page.json().data).toHaveLength(1);
    const byKind = await list("?filter[kind_eq]=jobs.cleanup");
    expect(byKind.json().data).toEqual([]);
    const bad = await list("?filter[state_eq]=exploded");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].source).toEqual({ parameter: "filter[state_eq]" });
    const unknownFilter = await list("?filter[payload_eq]=x");
    expect(unknownFilter.statusCode).toBe(400);
  });

  it("refuses everyone but superadmins: 403 signed in, 401 signed out", async () => {
    expect((await list("", admin)).statusCode).toBe(403);
    expect((await list("", { "x-tenant": superadmin["x-tenant"] })).statusCode).toBe(401);
  });
});

describe("POST /api/v1/jobs/:id/retry", () => {
  it("queues a failed job again now with fresh attempts; the worker then runs it", async () => {
    const job = await createFailedJob(t.database.db, tenantId);
    const res = await retry(job.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ state: "queued", attempts: 0 });
    const sent = t.mailer.sent.length;
    const { ran } = await t.app.jobs.drain();
    expect(ran).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: "succeeded", attempts: 1, lastError: null });
    expect(t.mailer.sent.length).toBe(sent + 1);
    expect(t.mailer.last("someone@example.test")).toMatchObject({ tenantId, subject: "Onderwerp" });
  });

  it("retries a platform job too", async () => {
    const job = await createFailedJob(t.database.db, null);
    const res = await retry(job.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ state: "queued", tenant_id: null });
  });

  it("is a 409 for a job that is not failed, changing nothing", async () => {
    const job = await createFailedJob(t.database.db, tenantId);
    await t.database.db.update(jobs).set({ state: "succeeded" }).where(eq(jobs.id, job.id));
    const res = await retry(job.id);
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.state).toBe("succeeded");
  });

  it("is a 404 for another tenant's job, a missing one and a malformed id; 403 for a centre admin", async () => {
    expect((await retry(otherTenantJob)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, otherTenantJob));
    expect(row.state).toBe("failed");
    expect((await retry(2_000_000_000)).statusCode).toBe(404);
    for (const id of ["abc", "-1", "0", "1e3", "99999999999"]) {
      const res = await retry(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().errors).toBeDefined();
    }
    const job = await createFailedJob(t.database.db, tenantId);
    expect((await retry(job.id, admin)).statusCode).toBe(403);
    const [kept] = await t.database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(kept.state).toBe("failed");
  });
});
