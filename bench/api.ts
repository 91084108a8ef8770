/**
 * `npm run bench:api` (docs/performance.md, "The api on every core"): the api on
 * PostgreSQL with 1 worker and with one per core (backend/cluster.ts), each a real
 * `backend/server.ts` child process. Migrates DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_api, created when missing) and seeds it when it
 * has no tenants. Per worker count, at a fixed concurrency over keep-alive connections:
 * a public read (GET /api/v1/vacancies?page[size]=20 with the demo site's X-Tenant) and a
 * signed-in read (GET /api/v1/current_user, the demo admin's token; the api runs with
 * TOKEN_ROTATION=false so one set of headers serves every request), a warm-up and then a
 * timed run each: requests/s, p50 and p99, and the CPU the api's processes (from /proc) and
 * this client took, in cores, to tell a saturated api from a saturated machine.
 *
 *   --concurrency N   requests in flight (default 32)
 *   --seconds N       timed run per read (default 10)
 *   --warmup N        warm-up per read, seconds (default 3)
 *   --workers a,b     worker counts to compare (default 1,<cores>)
 */

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, count, eq } from "drizzle-orm";
import { Agent, request } from "undici";
import { openDatabase } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { tenants, users } from "../backend/db/schema";
import { seed } from "../backend/db/seed";
import { seedEmail } from "../backend/db/seed/users";
import { benchHeaders } from "./bench-api";
import { ensureDatabase } from "./bench-db";
import { freePort } from "./bench-processes";
import { summarize } from "./bench-stats";

const { values: args } = parseArgs({
  options: {
    concurrency: { type: "string", default: "32" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    workers: { type: "string", default: `1,${availableParallelism()}` },
  },
});
const CONCURRENCY = Number(args.concurrency);
const SECONDS = Number(args.seconds);
const WARMUP = Number(args.warmup);
const WORKER_COUNTS = args.workers.split(",").map(Number);
const URL_ = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_api";
const ROOT = path.resolve(import.meta.dirname, "..");
const SLUG = "demo";

/** The demo site and its admin's token headers, seeding the database when it is empty. */
async function prepare(): Promise<Record<string, string>> {
  await ensureDatabase(URL_);
  const database = await openDatabase({ kind: "postgres", url: URL_ });
  try {
    await migrate(database);
    const [{ n }] = await database.db.select({ n: count() }).from(tenants);
    if (n === 0) await seed(database.db);
    const [tenant] = await database.db.select().from(tenants).where(eq(tenants.slug, SLUG));
    const [admin] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenant.id), eq(users.email, seedEmail("admin", SLUG))));
    return await benchHeaders(database.db, tenant, admin.id);
  } finally {
    await database.close();
  }
}

async function startApi(workers: number): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "backend/server.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: URL_,
      API_WORKERS: String(workers),
      API_HOST: "127.0.0.1",
      API_PORT: String(port),
      LOG_LEVEL: "warn",
      TOKEN_ROTATION: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("the api did not come up in 60 s");
    try {
      // Every worker up: the cluster's scrape names each one (docs/operations.md).
      const res = await fetch(`${base}/metrics`);
      const text = await res.text();
      const up = workers === 1 ? res.ok : text.match(/^volunteerly_api_worker\{/gm)?.length;
      if (up === true || up === workers) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function stopApi(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds used so far by the api (the primary and its workers), from /proc (Linux). */
function apiCpuSeconds(primary: number): number {
  if (!existsSync("/proc")) return Number.NaN;
  const fields = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    } catch {
      return null;
    }
  };
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = fields(pid);
    // After the name: state, ppid, ...; utime and stime are the 12th and 13th of these.
    if (stat && (pid === primary || Number(stat[1]) === primary)) {
      ticks += Number(stat[11]) + Number(stat[12]);
    }
  }
  return ticks / TICKS_PER_SECOND;
}

type TRead = { name: string; path: string; headers: Record<string, string> };

/** CONCURRENCY loops, each one request after another, for `seconds`. */
async function load(base: string, read: TRead, seconds: number, api: ChildProcess) {
  const agent = new Agent({ connections: CONCURRENCY, pipelining: 1 });
  const latencies: number[] = [];
  let failures = 0;
  const cpuBefore = apiCpuSeconds(api.pid ?? 0);
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await request(`${base}${read.path}`, {
          dispatcher: agent,
          headers: read.headers,
        });
        await res.body.dump();
        if (res.statusCode === 200) latencies.push(performance.now() - t0);
        else failures += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const benchCpu = process.cpuUsage(benchBefore);
  // Cores' worth of CPU: how much of the machine the api and this client took.
  const apiCores = (apiCpuSeconds(api.pid ?? 0) - cpuBefore) / elapsed;
  const clientCores = (benchCpu.user + benchCpu.system) / 1e6 / elapsed;
  await agent.close();
  return {
    ...summarize({ name: read.name, latencies, seconds: elapsed }),
    failures,
    apiCores,
    clientCores,
  };
}

const token = await prepare();
const reads: TRead[] = [
  {
    name: "GET /api/v1/vacancies?page[size]=20",
    path: "/api/v1/vacancies?page%5Bsize%5D=20",
    headers: { "x-tenant": SLUG },
  },
  { name: "GET /api/v1/current_user", path: "/api/v1/current_user", headers: token },
];

console.log(
  `bench:api  concurrency ${CONCURRENCY}, ${WARMUP} s warm-up + ${SECONDS} s per read, ` +
    `${availableParallelism()} cores, PostgreSQL ${new URL(URL_).host}`,
);
const table: string[] = [];
for (const workers of WORKER_COUNTS) {
  const { child, base } = await startApi(workers);
  try {
    for (const read of reads) {
      await load(base, read, WARMUP, child);
      const result = await load(base, read, SECONDS, child);
      table.push(
        `| ${workers} | ${read.name} | ${result.throughput.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.failures} | ${result.apiCores.toFixed(2)} | ${result.clientCores.toFixed(2)} |`,
      );
      console.log(table.at(-1));
    }
  } finally {
    await stopApi(child);
  }
}
console.log(
  [
    "",
    "| workers | read | requests/s | p50 ms | p99 ms | not 200 | api CPU (cores) | client CPU (cores) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...table,
  ].join("\n"),
);
