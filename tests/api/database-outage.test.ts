import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../backend/app";
import { type Database, openDatabase } from "../../backend/db/client";
import { contactMessages } from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { enqueue } from "../../backend/jobs/queue";
import { MemoryMailer } from "./support/app";
import { freshDatabase } from "./support/database";
import { createTenantWithCenter } from "./support/factories";
import { startPgProxy, type TPgProxy, terminateConnections } from "./support/pg-proxy";
import { signedInPerson, type TPerson } from "./support/resources";
import { createRunsTable, recordJob, testJobRegistry } from "./support/test-jobs";

// docs/operations.md, "Failures": the api when PostgreSQL goes away and comes back. The api
// reaches its own test database through a relay (support/pg-proxy.ts) that the tests stop,
// cut and start; the database itself, reached directly, is what the tests read to see what
// was kept. PGlite lives inside the api process and cannot go away on its own: these run on
// PostgreSQL only.

const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

/** Short, so the tests of an unreachable server do not wait 5 s for each connection. */
const CONNECT_TIMEOUT_MS = 1_000;

describe.runIf(onPostgres)("the api when PostgreSQL goes away and comes back", () => {
  let direct: Database & { url?: string };
  let proxy: TPgProxy;
  let database: Database;
  let app: FastifyInstance;
  let storageDir: string;
  let tenant: { id: number; slug: string };
  let volunteer: TPerson;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    direct = await freshDatabase();
    proxy = await startPgProxy(direct.url as string);
    database = await openDatabase({
      kind: "postgres",
      url: proxy.url,
      max: 4,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      onConnectionError: (error) => connectionErrors.push(error),
    });
    storageDir = path.join(tmpdir(), `volunteerly-outage-${randomBytes(6).toString("hex")}`);
    const config = parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      STORAGE_DIR: storageDir,
      TOKEN_ROTATION: "false",
      JOBS_POLL_MS: "50",
    });
    app = await buildApp({
      database,
      config,
      mailer: new MemoryMailer(),
      logger: false,
      jobs: { registry: testJobRegistry(), schedules: [], drainBeforeReply: false },
    });
    await app.ready();
    const made = await createTenantWithCenter(direct.db);
    tenant = made.tenant;
    volunteer = await signedInPerson(direct.db, tenant, {}, "volunteer");
    await createRunsTable(direct.db);
  });

  // Every request is over when a test ends: a client still checked out was lost for good
  // (drizzle does not give one back whose `begin` failed; backend/db/client.ts does), and a
  // few outages of those would fill the pool.
  afterEach(() => {
    const { open, idle } = database.poolStats();
    expect(open - idle, "pooled clients still checked out").toBe(0);
  });

  afterAll(async () => {
    await app?.jobs.stop();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await direct?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  const currentUser = () =>
    app.inject({ method: "GET", url: "/api/v1/current_user", headers: volunteer.headers });
  const sendMessage = (subject: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/contact_messages",
      headers: { ...volunteer.headers, "content-type": "application/vnd.api+json" },
      payload: JSON.stringify({
        data: {
          type: "contact_messages",
          attributes: {
            name: "Eva de Vries",
            email: "eva@example.org",
            subject,
            body: "Ik wil graag helpen.",
            consent: true,
          },
        },
      }),
    });
  const stored = (subject: string) =>
    direct.db.select().from(contactMessages).where(eq(contactMessages.subject, subject));

  function expectUnavailable(res: Awaited<ReturnType<typeof currentUser>>) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    expect(res.headers["retry-after"]).toBe("2");
    expect(res.json()).toEqual({
      errors: [
        {
          status: "503",
          source: null,
          title: "Service Unavailable",
          detail: "The service is unavailable, please try again later.",
          code: "database_unavailable",
        },
      ],
    });
  }

  it("answers 503 while PostgreSQL refuses connections, keeps no rejected write, and serves again once it is back", async () => {
    expect((await currentUser()).statusCode).toBe(200);
    expect((await sendMessage("Voor de storing")).statusCode).toBe(202);

    await proxy.stop();
    expectUnavailable(await currentUser());
    expectUnavailable(await sendMessage("Tijdens de storing"));
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "unavailable" });
    // The scrape still answers, saying the database is away, without made-up queue figures.
    const scrape = await app.inject({ method: "GET", url: "/metrics" });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).not.toMatch(/^volunteerly_job_queue_depth\{/m);
    expect(scrape.body).toMatch(/^volunteerly_db_pool_max_connections\{/m);

    await proxy.start();
    expect((await currentUser()).statusCode).toBe(200);
    const back = await app.inject({ method: "GET", url: "/metrics" });
    expect(back.body).toMatch(
      /^volunteerly_job_queue_depth\{state="queued",kind="[a-z_.]+"\} \d+$/m,
    );
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    expect((await sendMessage("Na de storing")).statusCode).toBe(202);
    // The write acknowledged before the outage is there, the refused one is not.
    expect(await stored("Voor de storing")).toHaveLength(1);
    expect(await stored("Tijdens de storing")).toHaveLength(0);
    expect(await stored("Na de storing")).toHaveLength(1);
  });

  it("answers 503 for a request whose connection is lost mid-query, and 200 for the next", async () => {
    expect((await currentUser()).statusCode).toBe(200);
    proxy.hold();
    const pending = currentUser();
    // The query is on its way and will not be answered; then the connection goes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    proxy.cut();
    proxy.release();
    expectUnavailable(await pending);
    expect((await currentUser()).statusCode).toBe(200);
  });

  it("answers 503 within the connect timeout when the server does not answer at all", async () => {
    // Idle pooled connections would still get through: a network that lost the server is
    // one where no connection, old or new, gets an answer.
    proxy.cut();
    proxy.hold();
    try {
      expectUnavailable(await currentUser());
    } finally {
      proxy.cut();
      proxy.release();
    }
    expect((await currentUser()).statusCode).toBe(200);
  });

  it("drops the connections a restart ends (57P01) and answers from new ones", async () => {
    expect((await currentUser()).statusCode).toBe(200);
    expect(database.poolStats().open).toBeGreaterThan(0);
    connectionErrors.length = 0;
    await terminateConnections(direct.url as string);
    await vi.waitFor(() => expect(database.poolStats().open).toBe(0));
    expect(connectionErrors.some((error) => (error as { code?: string }).code === "57P01")).toBe(
      true,
    );
    expect((await currentUser()).statusCode).toBe(200);
  });

  it("LISTEN: notices a terminated connection, listens again on a new one, and gets notifications again", async () => {
    const notified: string[] = [];
    const lost: (Error | null)[] = [];
    let listening = 0;
    const stop = await database.listen("outage_probe", {
      onNotify: (payload) => notified.push(payload),
      onListening: () => {
        listening += 1;
      },
      onLost: (error) => lost.push(error),
    });
    const notify = (payload: string) =>
      direct.db.execute(sql`select pg_notify('outage_probe', ${payload})`);
    try {
      expect(listening).toBe(1);
      await notify("before");
      await vi.waitFor(() => expect(notified).toEqual(["before"]));
      await terminateConnections(direct.url as string, 'listen "outage_probe"%');
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
      expect(lost[0]).toMatchObject({ code: "57P01" });
      await vi.waitFor(() => expect(listening).toBe(2), { timeout: 3_000 });
      await notify("after");
      await vi.waitFor(() => expect(notified).toEqual(["before", "after"]));
    } finally {
      await stop();
    }
  });

  it("stops using the search summary cache while its listener is down, and uses it again once it listens", async () => {
    const cache = app.searchSummaries;
    if (!cache) throw new Error("the search summary cache is off");
    const summary = { total: 3 } as unknown as Parameters<typeof cache.set>[2];
    const kept = () => {
      const generation = cache.generation(tenant.id);
      cache.set(generation, "probe", summary);
      return cache.get(generation, "probe");
    };
    // An earlier test's outage may have it still waiting to listen again.
    await vi.waitFor(() => expect(kept()).toEqual(summary), { timeout: 8_000, interval: 50 });

    await proxy.stop();
    await vi.waitFor(() => expect(kept()).toBeUndefined());
    await proxy.start();
    // relistenDelayMs: at most 5 s between tries.
    await vi.waitFor(() => expect(kept()).toEqual(summary), { timeout: 8_000, interval: 50 });
  });

  it("keeps the job loop running through an outage: a job enqueued meanwhile runs once the database is back", async () => {
    app.jobs.start();
    const runs = async (jobId: number) =>
      (
        (await direct.db.execute(
          sql`select count(*)::int as n from test_job_runs where job_id = ${jobId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    const before = await enqueue(direct.db, recordJob, { n: 1 }, { tenantId: tenant.id });
    await vi.waitFor(async () => expect(await runs(before.id)).toBe(1), { timeout: 5_000 });

    await proxy.stop();
    const during = await enqueue(direct.db, recordJob, { n: 2 }, { tenantId: tenant.id });
    // Several passes fail against the stopped database meanwhile (polled every 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runs(during.id)).toBe(0);
    expect(app.jobs.started).toBe(true);

    await proxy.start();
    await vi.waitFor(async () => expect(await runs(during.id)).toBe(1), { timeout: 5_000 });
    await app.jobs.stop();
  });
});
