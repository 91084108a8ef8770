import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { defaultSchedules } from "../../backend/jobs";
import { startApiCluster, workerPids } from "./support/api-cluster-process";
import { freshDatabase } from "./support/database";

// The api on every core (backend/cluster.ts): backend/server.ts with DATABASE_URL and
// API_WORKERS=2 is a primary with two workers on one port. Which workers are alive is read
// from GET /metrics (the cluster's figures, one volunteerly_api_worker series per worker
// pid); a killed worker comes back; SIGTERM to the primary ends them all.
// PostgreSQL only: on PGlite the api is always one process.
const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

let database: Database & { url?: string };
let primary: ChildProcess | undefined;
let output = () => "";
let port = 0;

const workers = () => workerPids(port);

const parentOf = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe.skipIf(!onPostgres)("the api on two workers (PostgreSQL only)", () => {
  beforeAll(async () => {
    database = await freshDatabase();
    if (!database.url) throw new Error("the test database has no URL");
    const api = await startApiCluster(database.url);
    primary = api.child;
    port = api.port;
    output = api.output;
  }, 60_000);
  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      primary.kill("SIGKILL");
    }
    await database?.close();
  });

  it("serves on two workers, restarts one that dies, and stops them all on SIGTERM", async () => {
    const child = primary as ChildProcess;
    await expect.poll(workers, { timeout: 40_000, interval: 250 }).toHaveLength(2);
    const before = await workers();
    for (const pid of before) expect(parentOf(pid)).toBe(child.pid);
    expect(new Set(before).size).toBe(2);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);

    // Each schedule's due occurrence is one job, run once, though both workers schedule.
    const schedules = defaultSchedules().map((s) => s.name);
    await expect
      .poll(
        async () => {
          const result = (await database.db.execute(sql`
            select split_part(idempotency_key, '@', 1) as name, count(*)::int as jobs,
                   max(attempts)::int as attempts, bool_and(state = 'succeeded') as done
            from jobs where tenant_id is null and idempotency_key like '%@%'
            group by 1 order by 1`)) as unknown as {
            rows: { name: string; jobs: number; attempts: number; done: boolean }[];
          };
          return result.rows;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toEqual([...schedules].sort().map((name) => ({ name, jobs: 1, attempts: 1, done: true })));

    const [victim, survivor] = before;
    process.kill(victim, "SIGKILL");
    await expect
      .poll(
        async () => {
          const now = await workers();
          return now.length === 2 && !now.includes(victim) && now.includes(survivor);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    expect(output()).toMatch(/api worker died \(signal SIGKILL\); restarting/);
    const after = await workers();
    for (const pid of after) expect(parentOf(pid)).toBe(child.pid);

    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of after) {
      await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    }
  }, 90_000);
});
