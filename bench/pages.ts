// npm run bench:pages — the public pages under load, their JavaScript and Lighthouse.
//
// 1. Throughput and latency: the vacancy search page and a vacancy page rendered by Next
//    (the standalone server, as `npm start` runs it) at a fixed concurrency, against a plain
//    node:http server on the same machine sending the same page's HTML: the ratio is what
//    rendering costs. Prints requests/s, p50, p95, p99.
// 2. JavaScript per public page: bench/page-weight.ts (gzip and brotli; budget: at most
//    12 KiB brotli above the empty Next page of `npm run bench:empty-next`).
// 3. Lighthouse (Debian chromium, mobile preset): performance, accessibility, best practices
//    and SEO per page (targets >= 95, 100, 100, 100).
//
//   --api URL / --web URL   use running servers (default: a fresh seeded PGlite api and the
//                           current standalone build, on free loopback ports)
//   --baseline URL          a second running web (e.g. a build of the commit before) on the
//                           same api: the load runs measure both in turn, side by side
//   --baseline-dir DIR      the same, started here from another checkout that has its own
//                           build and node_modules (`git worktree add DIR HEAD~1`, then
//                           `npx next build` there), on this run's api
//   --tenant slug (public)  --seconds N (10 per run)  --concurrency N (8)
//   --gzip                  the load runs ask for gzip, as browsers do (default: plain)
//   --skip-load  --skip-weight  --skip-lighthouse
//
// Loopback only: a local measurement, never a load test of a real site.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Agent, request } from "undici";
import { startApi, startWeb, type TStarted } from "./bench-processes";
import { summarize } from "./bench-stats";
import { weighPage } from "./page-weight";

const { values: args } = parseArgs({
  options: {
    api: { type: "string" },
    web: { type: "string" },
    baseline: { type: "string" },
    "baseline-dir": { type: "string" },
    tenant: { type: "string", default: "public" },
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "8" },
    gzip: { type: "boolean", default: false },
    "skip-load": { type: "boolean", default: false },
    "skip-weight": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
const TENANT = args.tenant;

const started: TStarted[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
const cleanup = () => {
  for (const s of started) s.child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

/** First record's key of a public api list, to find pages that exist (or null). */
async function firstOf(api: string, listPath: string, key = "id"): Promise<string | null> {
  try {
    const res = await request(
      `${api}${listPath}${listPath.includes("?") ? "&" : "?"}page[size]=1`,
      {
        headers: { "x-tenant": TENANT, accept: "application/vnd.api+json" },
      },
    );
    const body = (await res.body.json()) as {
      data?: { id: string; attributes?: Record<string, unknown> }[];
    };
    const first = body.data?.[0];
    if (!first) return null;
    return key === "id" ? first.id : String(first.attributes?.[key] ?? "") || null;
  } catch {
    return null;
  }
}

async function publicPages(api: string): Promise<string[]> {
  const [vacancy, activity, news, organization] = await Promise.all([
    firstOf(api, "/api/v1/vacancies"),
    firstOf(api, "/api/v1/activities"),
    firstOf(api, "/api/v1/news_articles", "slug"),
    firstOf(api, "/api/v1/social_map"),
  ]);
  return [
    "/",
    "/vacancies/search",
    "/vacancies/search?q=zorg",
    vacancy && `/vacancies/${vacancy}`,
    "/sociale-kaart",
    organization && `/sociale-kaart/${organization}`,
    "/activiteiten",
    activity && `/activiteiten/${activity}`,
    "/activiteitenkalender",
    "/nieuws",
    news && `/nieuws/${news}`,
    "/partners",
    "/een-op-een-hulp",
    "/volunteerly/changelog",
  ].filter((p): p is string => Boolean(p));
}

const pool = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });

/**
 * CONCURRENCY workers GET `url` (as the tenant's host) for SECONDS; every answer must be 200.
 * Also counts the page cache's answers (x-volunteerly-cache, docs/page-cache.md).
 */
async function load(name: string, url: string, host: string) {
  const latencies: number[] = [];
  const cache: Record<string, number> = {};
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() - t0 < SECONDS * 1000) {
      const start = performance.now();
      const res = await request(url, {
        dispatcher: pool,
        headers: { host, ...(args.gzip ? { "accept-encoding": "gzip" } : {}) },
      });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
      latencies.push(performance.now() - start);
      const answer = String(res.headers["x-volunteerly-cache"] ?? "none");
      cache[answer] = (cache[answer] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const summary = summarize({ name, latencies, seconds: (performance.now() - t0) / 1000 });
  return { ...summary, cache };
}

const cacheText = (cache: Record<string, number>) =>
  Object.entries(cache)
    .map(([answer, count]) => `${answer} ${count}`)
    .join(", ");

/** A plain node:http server answering every request with `html`: the machine's ceiling. */
async function plainServer(html: Buffer): Promise<{ url: string; close: () => void }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      "content-length": html.length,
    });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function loadSection(web: string, pages: string[], host: string, baseline?: string) {
  console.log(
    `\n## Load: ${CONCURRENCY} concurrent, ${SECONDS} s a run, tenant ${TENANT}${args.gzip ? ", gzip" : ""}`,
  );
  const targets = [
    pages.find((p) => p === "/vacancies/search"),
    pages.find((p) => p.startsWith("/vacancies/search?")),
    pages.find((p) => /^\/vacancies\/\d+$/.test(p)),
  ];
  const line = (label: string, run: Awaited<ReturnType<typeof load>>) =>
    `${label} ${run.throughput.toFixed(0)} req/s, p50 ${ms(run.p50)}, p95 ${ms(run.p95)}, p99 ${ms(run.p99)} (${cacheText(run.cache)})`;
  for (const page of targets.filter((p): p is string => Boolean(p))) {
    const url = new URL(page, web).toString();
    const html = Buffer.from(await (await request(url, { headers: { host } })).body.arrayBuffer());
    await load(`warm-up ${page}`, url, host);
    const next = await load(`next ${page}`, url, host);
    // The other build right after, on the same page, the same api, the same machine load.
    let before: Awaited<ReturnType<typeof load>> | undefined;
    if (baseline) {
      const baseUrl = new URL(page, baseline).toString();
      const baseHost = `${TENANT}.localhost:${new URL(baseline).port}`;
      await load(`warm-up baseline ${page}`, baseUrl, baseHost);
      before = await load(`baseline ${page}`, baseUrl, baseHost);
    }
    const plain = await plainServer(html);
    const base = await load("node:http", plain.url, host);
    plain.close();
    console.log(
      [
        `${page} (${(html.length / 1024).toFixed(0)} kB HTML)`,
        `  ${line("this build:", next)}`,
        ...(before
          ? [
              `  ${line("baseline:  ", before)}`,
              `  this/baseline throughput ${(next.throughput / before.throughput).toFixed(1)}x, p99 ${ms(next.p99)} vs ${ms(before.p99)}`,
            ]
          : []),
        `  node:http ${base.throughput.toFixed(0)} req/s, p95 ${ms(base.p95)} | this build/node:http throughput ${((next.throughput / base.throughput) * 100).toFixed(1)} %`,
      ].join("\n"),
    );
  }
}

async function weightSection(web: string, pages: string[], host: string) {
  console.log("\n## JavaScript per page (budget: <= 12 KiB brotli above bench/empty-next.ts)");
  console.log(
    "| page | status | scripts | gzip kB | brotli kB | inline gzip kB | HTML kB | flight kB |\n|---|---|---|---|---|---|---|---|",
  );
  for (const page of pages) {
    const w = await weighPage(web, page, host);
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(
      `| ${page} | ${w.status} | ${w.scripts} | ${kb(w.gzipBytes)} | ${kb(w.brotliBytes)} | ${kb(w.inlineGzipBytes)} | ${kb(w.htmlBytes)} | ${kb(w.flightBytes)} |`,
    );
  }
}

function lighthouse(url: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, "../node_modules/lighthouse/cli/index.js"),
        url,
        "--output=json",
        "--quiet",
        "--only-categories=performance,accessibility,best-practices,seo",
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" } },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) => {
      if (code !== 0)
        return reject(new Error(`lighthouse ${url}: exit ${code}\n${err.slice(-2000)}`));
      const report = JSON.parse(out) as { categories: Record<string, { score: number | null }> };
      resolve(
        Object.fromEntries(
          Object.entries(report.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]),
        ),
      );
    });
  });
}

async function lighthouseSection(web: string, pages: string[]) {
  console.log("\n## Lighthouse, mobile preset (targets: performance >= 95, others 100)");
  console.log(
    "| page | performance | accessibility | best practices | SEO |\n|---|---|---|---|---|",
  );
  const port = new URL(web).port;
  for (const page of pages) {
    // *.localhost resolves to loopback in chromium: the tenant comes from the host name.
    const scores = await lighthouse(`http://${TENANT}.localhost:${port}${page}`);
    console.log(
      `| ${page} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} |`,
    );
  }
}

try {
  const keep = (server: TStarted) => {
    started.push(server);
    return server.url;
  };
  const api: string = args.api ?? keep(await startApi({ dataDir }));
  const web: string = args.web ?? keep(await startWeb(api));
  const baselineDir = args["baseline-dir"];
  const baseline: string | undefined =
    args.baseline ??
    (baselineDir ? keep(await startWeb(api, path.resolve(baselineDir))) : undefined);
  const host = `${TENANT}.localhost:${new URL(web).port}`;
  const pages = await publicPages(api);
  if (!args["skip-weight"]) await weightSection(web, pages, host);
  if (!args["skip-load"]) await loadSection(web, pages, host, baseline);
  if (!args["skip-lighthouse"]) await lighthouseSection(web, pages);
} finally {
  cleanup();
  await pool.close();
}
