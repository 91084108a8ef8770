import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { defaultSchedules } from "../../backend/jobs";
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
let output = "";
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The worker pids in a scrape of /metrics, sorted; [] while the api does not answer. */
async function workerPids(): Promise<number[]> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    if (!res.ok) return [];
    const text = await res.text();
    return [...text.matchAll(/^volunteerly_api_worker\{pid="(\d+)"\} 1$/gm)]
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
}

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
    port = await freePort();
    primary = spawn(process.execPath, ["--import", "tsx", "backend/server.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: database.url,
        API_WORKERS: "2",
        API_HOST: "127.0.0.1",
        API_PORT: String(port),
        LOG_LEVEL: "warn",
        JOBS_POLL_MS: "100",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    primary.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    primary.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
  }, 60_000);
  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      primary.kill("SIGKILL");
    }
    await database?.close();
  });

  it("serves on two workers, restarts one that dies, and stops them all on SIGTERM", async () => {
    const child = primary as ChildProcess;
    await expect.poll(workerPids, { timeout: 40_000, interval: 250 }).toHaveLength(2);
    const before = await workerPids();
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
          const now = await workerPids();
          return now.length === 2 && !now.includes(victim) && now.includes(survivor);
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    expect(output).toMatch(/api worker died \(signal SIGKILL\); restarting/);
    const after = await workerPids();
    for (const pid of after) expect(parentOf(pid)).toBe(child.pid);

    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of after) {
      await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    }
  }, 90_000);
});
