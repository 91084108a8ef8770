import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import { RATE_LIMIT_TABLE, rateLimitStore } from "../../backend/auth/rate-limit";
import type { Database } from "../../backend/db/client";
import { parseEnv } from "../../backend/env";
import { MemoryMailer } from "./support/app";
import { signIn } from "./support/auth";
import { freshDatabase } from "./support/database";
import { createTenantWithCenter, createUser } from "./support/factories";

// Several api workers (backend/cluster.ts) and no Redis: the rate limits count in
// PostgreSQL, so a client cannot get N times the limit by landing on N workers. Two apps on
// one database here are two workers; each has its own limiters, as a worker would.
// PostgreSQL only: PGlite is one process, and there the limits stay in memory.
const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

const TOO_MANY = { success: false, errors: ["Too many attempts. Try again later."] };
const WINDOW = 900;
let database: Database & { url?: string };
let first: FastifyInstance;
let second: FastifyInstance;
let slug: string;
let tenantId: number;
let ipCount = 0;
const nextIp = () => ({ "x-forwarded-for": `203.0.113.${++ipCount}` });

async function worker(url: string): Promise<FastifyInstance> {
  const config = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    API_WORKERS: "2",
  });
  expect(rateLimitStore(config)).toBe("postgres");
  const app = await buildApp({
    database,
    config,
    mailer: new MemoryMailer(),
    logger: false,
    jobs: { drainBeforeReply: true },
    auth: {
      rateLimits: {
        signInPerIp: { points: 4, durationSeconds: WINDOW },
        signInPerAccount: { points: 3, durationSeconds: WINDOW },
      },
    },
  });
  await app.ready();
  return app;
}

describe.skipIf(!onPostgres)("rate limits across api workers (PostgreSQL)", () => {
  beforeAll(async () => {
    database = await freshDatabase();
    if (!database.url) throw new Error("the test database has no URL");
    first = await worker(database.url);
    second = await worker(database.url);
    const { tenant } = await createTenantWithCenter(database.db);
    slug = tenant.slug;
    tenantId = tenant.id;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it("counts a client IP's failed sign-ins on both workers together", async () => {
    const ip = nextIp();
    // Two on each worker: four in all, the limit; memory would allow four per worker.
    for (let i = 0; i < 4; i++) {
      const app = i % 2 === 0 ? first : second;
      const { res } = await signIn(app, slug, `nobody-${i}@example.test`, "x", ip);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(database.db, tenantId);
    for (const app of [first, second]) {
      const { res } = await signIn(app, slug, user.email, user.password, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(TOO_MANY);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(WINDOW);
    }
    // Another IP is not affected, on either worker.
    expect((await signIn(second, slug, user.email, user.password, nextIp())).res.statusCode).toBe(
      200,
    );
    // The counts are rows of the table, not a worker's memory.
    const rows = (await database.db.execute(
      sql`select key, points from ${sql.identifier(RATE_LIMIT_TABLE)} where key = ${`auth:sign-in:ip:${ip["x-forwarded-for"]}`}`,
    )) as unknown as { rows: { key: string; points: number }[] };
    expect(rows.rows.map((r) => r.points)).toEqual([6]);
  });

  it("counts an account per tenant across workers, from any IP", async () => {
    const other = await createTenantWithCenter(database.db);
    const email = `both-${Date.now()}@example.test`;
    const here = await createUser(database.db, tenantId, { email });
    const there = await createUser(database.db, other.tenant.id, { email });
    for (let i = 0; i < 3; i++) {
      await signIn(i % 2 === 0 ? first : second, slug, email, "wrong", nextIp());
    }
    const refused = await signIn(second, slug, email, here.password, nextIp());
    expect(refused.res.statusCode).toBe(429);
    expect((await signIn(first, slug, email, here.password, nextIp())).res.statusCode).toBe(429);
    // The same address in another tenant is another account.
    const elsewhere = await signIn(first, other.tenant.slug, email, there.password, nextIp());
    expect(elsewhere.res.statusCode).toBe(200);
  });
});
