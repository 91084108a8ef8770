// npm run bench:bff — what the BFF costs per call (ARCHITECTURE.md decision 4).
//
// Measures GET /api/v1/current_user directly against the api (auth headers) and through the
// web's BFF (sealed cookie), with the same concurrency and request budget, and prints p50/p99,
// throughput and the ratios against the targets: the BFF adds at most 1.5 ms at p50 and keeps
// at least half the direct throughput.
//
//   --api URL        use a running api (default: start one on a fresh seeded PGlite)
//   --web URL        use a running web (default: `next start` on the existing build)
//   --email, --password, --tenant   the account to sign in with (default: seeded demo admin)
//   --concurrency N  (8)   --requests N (2000 per side)   --seconds N (20 per side)
//   --path P  (/api/v1/current_user)   --rounds N (4: direct and BFF alternate)
//   --api-only       measure the api alone (no web, no build needed)
//   --database-url URL  start the api on this PostgreSQL database (dropped and created
//                    anew, e.g. postgres://postgres@127.0.0.1:5432/bench_bff) instead of PGlite
//
// Loopback addresses only: this is a local measurement, never a load test of a real site.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { applyUpstreamAuthHeaders, type TAuthValues } from "../lib/auth/auth-headers";
import { sessionCookieOf, startApi, startWeb } from "./bench-processes";
import { summarize, type TRunResult } from "./bench-stats";

const { values: args } = parseArgs({
  options: {
    api: { type: "string" },
    web: { type: "string" },
    email: { type: "string", default: "admin@demo.volunteerly.test" },
    password: { type: "string", default: "Welkom123!" },
    tenant: { type: "string", default: "demo" },
    concurrency: { type: "string", default: "8" },
    requests: { type: "string", default: "2000" },
    seconds: { type: "string", default: "20" },
    path: { type: "string", default: "/api/v1/current_user" },
    rounds: { type: "string", default: "4" },
    "database-url": { type: "string" },
    "api-only": { type: "boolean", default: false },
  },
});

const CONCURRENCY = Number(args.concurrency);
const MAX_REQUESTS = Number(args.requests);
const MAX_MS = Number(args.seconds) * 1000;
const WARMUP = 200;
const PATH = args.path;
// Direct and BFF runs alternate in rounds, so a drift of the machine (GC, another process)
// lands on both sides instead of on whichever ran second.
const ROUNDS = Math.max(1, Number(args.rounds));
// The targets: at most 1.5 ms added at p50, at least half the direct throughput.
const MAX_P50_OVERHEAD_MS = 1.5;
const MIN_THROUGHPUT_RATIO = 0.5;

function assertLoopback(url: string): string {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const loopback =
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host);
  if (!loopback) throw new Error(`${url}: only loopback addresses are allowed`);
  return url.replace(/\/+$/, "");
}

/** One keep-alive pool per side, as many connections as workers. */
const pool = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000, pipelining: 1 });

async function signInDirect(api: string): Promise<TAuthValues> {
  const res = await request(`${api}/auth/sign_in`, {
    method: "POST",
    dispatcher: pool,
    headers: { "content-type": "application/json", "x-tenant": args.tenant },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`direct sign-in: ${res.statusCode} ${text}`);
  return applyUpstreamAuthHeaders({}, res.headers).session;
}

async function signInBff(web: string): Promise<string> {
  const res = await request(`${web}/api/auth/sign_in`, {
    method: "POST",
    dispatcher: pool,
    headers: { "content-type": "application/json", origin: web, cookie: `tenant=${args.tenant}` },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  const text = await res.body.text();
  const cookie = sessionCookieOf(res.headers["set-cookie"]);
  if (res.statusCode !== 200 || !cookie) {
    throw new Error(`BFF sign-in: ${res.statusCode} ${text} (cookie: ${Boolean(cookie)})`);
  }
  return cookie;
}

/** Runs `call` with CONCURRENCY workers until the request budget or the time is spent. */
async function run(name: string, count: number, call: () => Promise<void>): Promise<TRunResult> {
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < count && performance.now() - started < MAX_MS / ROUNDS) {
      issued += 1;
      const t0 = performance.now();
      await call();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { name, latencies, seconds: (performance.now() - started) / 1000 };
}

function directCaller(api: string, signedIn: TAuthValues) {
  let auth = signedIn;
  return async () => {
    const res = await request(`${api}${PATH}`, {
      dispatcher: pool,
      headers: {
        "x-tenant": args.tenant,
        "app-context": "main",
        accept: "application/vnd.api+json",
        "access-token": auth.accessToken ?? "",
        client: auth.client ?? "",
        uid: auth.uid ?? "",
      },
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`direct ${PATH}: ${res.statusCode}`);
    // The same rules the BFF applies: rotation stays valid under concurrency.
    auth = applyUpstreamAuthHeaders(auth, res.headers).session;
  };
}

function bffCaller(web: string, signedIn: string) {
  let cookie = signedIn;
  return async () => {
    const res = await request(`${web}${PATH}`, {
      dispatcher: pool,
      headers: { accept: "application/vnd.api+json", cookie: `tenant=${args.tenant}; ${cookie}` },
    });
    await res.body.arrayBuffer();
    if (res.statusCode !== 200) throw new Error(`BFF ${PATH}: ${res.statusCode}`);
    cookie = sessionCookieOf(res.headers["set-cookie"]) ?? cookie;
  };
}

function merge(name: string, runs: TRunResult[]): TRunResult {
  return {
    name,
    latencies: runs.flatMap((r) => r.latencies),
    seconds: runs.reduce((sum, r) => sum + r.seconds, 0),
  };
}

/** Names the step in an error, so "read ECONNRESET" says where it happened. */
async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const children: ChildProcess[] = [];
let dataDir: string | undefined;

async function main() {
  let api = args.api ? assertLoopback(args.api) : undefined;
  if (!api) {
    const databaseUrl = args["database-url"];
    if (databaseUrl) assertLoopback(databaseUrl);
    else dataDir = mkdtempSync(path.join(tmpdir(), "volunteerly-bench-"));
    const started = await startApi(databaseUrl ? { databaseUrl } : { dataDir: dataDir as string });
    children.push(started.child);
    api = started.url;
  }
  if (args["api-only"]) return measureApiOnly(api);
  let web = args.web ? assertLoopback(args.web) : undefined;
  if (!web) {
    const started = await startWeb(api);
    children.push(started.child);
    web = started.url;
  }
  console.log(
    `api ${api}  web ${web}  GET ${PATH}  concurrency ${CONCURRENCY}  budget ${MAX_REQUESTS} req / ${MAX_MS / 1000} s per side in ${ROUNDS} rounds`,
  );

  const direct = directCaller(api, await step("direct sign-in", () => signInDirect(api)));
  const bff = bffCaller(web, await step("BFF sign-in", () => signInBff(web)));
  await step("warm-up", async () => {
    await run("warm-up direct", WARMUP, direct);
    await run("warm-up BFF", WARMUP, bff);
  });
  const directRuns: TRunResult[] = [];
  const bffRuns: TRunResult[] = [];
  const perRound = Math.ceil(MAX_REQUESTS / ROUNDS);
  for (let round = 1; round <= ROUNDS; round++) {
    directRuns.push(await step(`direct run ${round}`, () => run("direct", perRound, direct)));
    bffRuns.push(await step(`BFF run ${round}`, () => run("BFF", perRound, bff)));
  }
  const directResult = summarize(merge("direct", directRuns));
  const bffResult = summarize(merge("BFF", bffRuns));
  for (const r of [directResult, bffResult]) {
    console.log(
      `${r.name.padEnd(7)} n=${r.count}  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.throughput.toFixed(0)} req/s`,
    );
  }
  const overhead = bffResult.p50 - directResult.p50;
  const ratio = bffResult.throughput / directResult.throughput;
  const overheadOk = overhead <= MAX_P50_OVERHEAD_MS;
  const ratioOk = ratio >= MIN_THROUGHPUT_RATIO;
  console.log(
    `BFF p50 overhead ${overhead.toFixed(2)} ms (target ≤ ${MAX_P50_OVERHEAD_MS}): ${overheadOk ? "OK" : "MISSED"}`,
  );
  console.log(
    `BFF/direct throughput ${ratio.toFixed(2)}× (target ≥ ${MIN_THROUGHPUT_RATIO}): ${ratioOk ? "OK" : "MISSED"}`,
  );
  process.exitCode = overheadOk && ratioOk ? 0 : 1;
}

/** The api's own figures, for comparing two api versions without building the web. */
async function measureApiOnly(api: string) {
  console.log(`api ${api}  GET ${PATH}  concurrency ${CONCURRENCY}  budget ${MAX_REQUESTS} req`);
  const direct = directCaller(api, await step("direct sign-in", () => signInDirect(api)));
  await step("warm-up", () => run("warm-up direct", WARMUP, direct));
  const runs: TRunResult[] = [];
  const perRound = Math.ceil(MAX_REQUESTS / ROUNDS);
  for (let round = 1; round <= ROUNDS; round++) {
    runs.push(await step(`direct run ${round}`, () => run("direct", perRound, direct)));
  }
  const r = summarize(merge("direct", runs));
  console.log(
    `direct  n=${r.count}  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ${r.throughput.toFixed(0)} req/s`,
  );
}

async function cleanUp() {
  await pool.close();
  for (const child of children) child.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  })
  .finally(cleanUp);
