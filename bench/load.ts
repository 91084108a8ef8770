// npm run bench:load — the whole app under a mixed load, then through an api crash and a
// PostgreSQL restart (docs/performance.md, "Load and failures").
//
// Starts the api (backend/server.ts, one worker per core unless --workers) on a fresh
// PostgreSQL database and the web (scripts/web-server.ts on the standalone build, as `npm
// start` runs it) with the page cache's revalidation wired between them, then:
//
// 1. peak: the mix below from a fixed number of clients without pause (closed loop) at a few
//    concurrencies; the best throughput is the peak.
// 2. steady: the mix at --fraction (0.8) of the peak as an open loop (requests start on a
//    fixed schedule whether or not earlier ones have answered, so a slow server shows as
//    latency instead of as fewer requests) for --seconds (60). Target: 0 errors.
// 3. api: the same, with the api's whole process group killed (SIGKILL) --fail-at seconds in
//    and started again --down-for seconds later, as a process manager would.
// 4. postgres: the same, with PostgreSQL restarted (--pg-restart) --fail-at seconds in.
//
// The mix: public pages 70 % (6 tenants, both languages, mostly from the page cache), the
// vacancy search page 15 % (random words, places and pages: mostly rendered afresh),
// signed-in back-office reads through the BFF 10 %, and writes through the BFF 5 % (a draft
// vacancy each, with a title of its own). Latency counts from when a request was due.
//
// Targets of the failure phases: every BFF answer that is not a success is a 502 or 503
// with a JSON:API error body; no request hangs (--timeout, 10 s) and no connection to the web
// is refused (the web does not crash); every request that starts 5 s after the api answers
// again succeeds; and, after all phases, every write that was acknowledged (201) is read back
// through the BFF with its title.
//
//   --database-url URL   (postgres://postgres@127.0.0.1:5432/bench_load: dropped and created)
//   --seconds N (60)  --peak-seconds N (8 per concurrency)  --concurrency 8,16,32
//   --fraction F (0.8)  --rate N (requests/s: skip the peak)  --phases steady,api,postgres
//   --fail-at N (15)  --down-for N (2)  --timeout N (10)  --workers N (API_WORKERS)
//   --pg-restart CMD ("pg_ctlcluster 15 main restart -m fast"; needs the rights to do that)
//
// Loopback only: a local measurement, never a load test of a real site.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { Agent, request } from "undici";
import { BUNDLED_PLACES } from "../backend/geo/places-nl";
import {
  freePort,
  killGroup,
  sessionCookieOf,
  startApi,
  startWeb,
  type TStarted,
} from "./bench-processes";
import { summarize } from "./bench-stats";
import {
  faultFindings,
  faultVerdicts,
  isSuccess,
  type TKind,
  type TOutcome,
} from "./load-findings";

const { values: args } = parseArgs({
  options: {
    "database-url": {
      type: "string",
      default: "postgres://postgres@127.0.0.1:5432/bench_load",
    },
    seconds: { type: "string", default: "60" },
    "peak-seconds": { type: "string", default: "8" },
    concurrency: { type: "string", default: "8,16,32" },
    fraction: { type: "string", default: "0.8" },
    rate: { type: "string" },
    phases: { type: "string", default: "steady,api,postgres" },
    "fail-at": { type: "string", default: "15" },
    "down-for": { type: "string", default: "2" },
    timeout: { type: "string", default: "10" },
    workers: { type: "string" },
    "pg-restart": { type: "string", default: "pg_ctlcluster 15 main restart -m fast" },
  },
});

const DATABASE_URL = args["database-url"];
const PHASE_MS = Number(args.seconds) * 1000;
const PEAK_MS = Number(args["peak-seconds"]) * 1000;
const FAIL_AT_MS = Number(args["fail-at"]) * 1000;
const DOWN_FOR_MS = Number(args["down-for"]) * 1000;
const TIMEOUT_MS = Number(args.timeout) * 1000;
const RECOVERY_TARGET_MS = 5000;
const TENANTS = ["public", "demo", "oldebroek", "roermond", "meedoen", "cordaad"];
const STAFF_TENANT = "demo";
const STAFF = { email: "admin@demo.volunteerly.test", password: "Welkom123!" };
const SESSIONS = 4;
const WORDS = ["zorg", "koffie", "tuin", "sport", "taal", "maatje", "vervoer", "lezen", "kinderen"];
const PLACES = BUNDLED_PLACES.map((p) => p.name);
const MIX: readonly (readonly [TKind, number])[] = [
  ["page", 0.7],
  ["search", 0.15],
  ["backoffice", 0.1],
  ["write", 0.05],
];
const RUN = randomBytes(3).toString("hex");

if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(new URL(DATABASE_URL).hostname)) {
  throw new Error(`${DATABASE_URL}: only a database on this machine`);
}

const pool = new Agent({
  connections: 128,
  keepAliveTimeout: 10_000,
  headersTimeout: TIMEOUT_MS,
  bodyTimeout: TIMEOUT_MS,
});
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

type TWeb = { url: string; port: number };

/** A signed-in staff member's cookie, renewed from every answer as a browser would. */
class Session {
  constructor(private cookie: string) {}
  get header() {
    return `tenant=${STAFF_TENANT}; ${this.cookie}`;
  }
  renew(setCookie: string | string[] | undefined) {
    this.cookie = sessionCookieOf(setCookie) ?? this.cookie;
  }
}

async function signIn(web: TWeb): Promise<Session> {
  const res = await request(`${web.url}/api/auth/sign_in`, {
    method: "POST",
    dispatcher: pool,
    headers: {
      "content-type": "application/json",
      origin: web.url,
      cookie: `tenant=${STAFF_TENANT}`,
    },
    body: JSON.stringify(STAFF),
  });
  const text = await res.body.text();
  const cookie = sessionCookieOf(res.headers["set-cookie"]);
  if (res.statusCode !== 200 || !cookie) throw new Error(`sign-in: ${res.statusCode} ${text}`);
  return new Session(cookie);
}

type TPlan = {
  pages: { host: string; path: string }[];
  backoffice: string[];
  organizationId: string;
  sessions: Session[];
};

type TAck = { id: string; title: string };
const acknowledged: TAck[] = [];
let writes = 0;

function searchPath(): string {
  const parts = [`q=${encodeURIComponent(pick(WORDS))}`];
  if (Math.random() < 0.4) parts.push(`near=${encodeURIComponent(pick(PLACES))}`, "distance=25");
  if (Math.random() < 0.3) parts.push(`page=${2 + Math.floor(Math.random() * 3)}`);
  return `/vacancies/search?${parts.join("&")}`;
}

const hostOf = (tenant: string, web: TWeb) => `${tenant}.localhost:${web.port}`;

/** Sends one request of `kind`; never throws. */
async function send(kind: TKind, web: TWeb, plan: TPlan, due: number, t0: number) {
  const outcome: TOutcome = { kind, due, latency: 0, status: 0 };
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const session = pick(plan.sessions);
  let ack: TAck | undefined;
  try {
    let res: Awaited<ReturnType<typeof request>>;
    if (kind === "page" || kind === "search") {
      const page =
        kind === "page"
          ? pick(plan.pages)
          : { host: hostOf(pick(TENANTS), web), path: searchPath() };
      res = await request(`${web.url}${page.path}`, {
        dispatcher: pool,
        signal,
        headers: { host: page.host, "accept-encoding": "gzip" },
      });
    } else if (kind === "backoffice") {
      res = await request(`${web.url}${pick(plan.backoffice)}`, {
        dispatcher: pool,
        signal,
        headers: { accept: "application/vnd.api+json", cookie: session.header },
      });
    } else {
      writes += 1;
      const title = `Load ${RUN} ${writes}`;
      ack = { id: "", title };
      res = await request(`${web.url}/api/v1/vacancies`, {
        method: "POST",
        dispatcher: pool,
        signal,
        headers: {
          accept: "application/vnd.api+json",
          "content-type": "application/vnd.api+json",
          origin: web.url,
          cookie: session.header,
        },
        body: JSON.stringify({
          data: {
            type: "vacancies",
            attributes: { title },
            relationships: {
              organization: { data: { type: "organizations", id: plan.organizationId } },
            },
          },
        }),
      });
    }
    outcome.status = res.statusCode;
    if (kind === "backoffice" || kind === "write") session.renew(res.headers["set-cookie"]);
    const bff = kind === "backoffice" || kind === "write";
    if (bff && (res.statusCode >= 300 || kind === "write")) {
      const text = await res.body.text();
      const body = safeJson(text) as { data?: { id?: string }; errors?: unknown[] } | undefined;
      if (res.statusCode >= 300) {
        outcome.jsonApi =
          String(res.headers["content-type"] ?? "").includes("application/vnd.api+json") &&
          Array.isArray(body?.errors) &&
          body.errors.length > 0;
      } else if (ack && res.statusCode === 201 && body?.data?.id) {
        acknowledged.push({ id: body.data.id, title: ack.title });
      }
    } else {
      await res.body.dump();
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const code = (error as { code?: string }).code ?? "";
    outcome.failure =
      name === "TimeoutError" || name === "AbortError" || /TIMEOUT/.test(code)
        ? "timeout"
        : "network";
  }
  outcome.latency = performance.now() - t0 - due;
  return outcome;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function drawKind(): TKind {
  let r = Math.random();
  for (const [kind, share] of MIX) {
    if (r < share) return kind;
    r -= share;
  }
  return "page";
}

/** Closed loop: `concurrency` clients, each sending its next request when the last answers. */
async function closedLoop(web: TWeb, plan: TPlan, concurrency: number) {
  const outcomes: TOutcome[] = [];
  const t0 = performance.now();
  const client = async () => {
    while (performance.now() - t0 < PEAK_MS) {
      outcomes.push(await send(drawKind(), web, plan, performance.now() - t0, t0));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { outcomes, seconds: (performance.now() - t0) / 1000 };
}

/**
 * Open loop at `rate` requests/s for PHASE_MS; `fault` runs beside it (from its start) and
 * reports when the fault began and when the failed part answered again, in ms of the phase.
 */
async function openLoop(
  web: TWeb,
  plan: TPlan,
  rate: number,
  fault?: (t0: number) => Promise<{ down: number; back: number }>,
) {
  const t0 = performance.now();
  const pending: Promise<TOutcome>[] = [];
  const faultDone = fault?.(t0);
  let sent = 0;
  while (true) {
    const now = performance.now() - t0;
    if (now >= PHASE_MS) break;
    const due = Math.floor((now / 1000) * rate);
    while (sent < due) {
      pending.push(send(drawKind(), web, plan, (sent / rate) * 1000, t0));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const outcomes = await Promise.all(pending);
  const times = faultDone ? await faultDone : undefined;
  return { outcomes, times };
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "–");

function table(title: string, outcomes: TOutcome[], seconds: number) {
  console.log(`\n### ${title}`);
  console.log(
    "| kind | requests | ok | not ok (status: count) | p50 | p99 | max |\n|---|---|---|---|---|---|---|",
  );
  const kinds: (TKind | "all")[] = [...MIX.map(([kind]) => kind), "all"];
  for (const kind of kinds) {
    const mine = kind === "all" ? outcomes : outcomes.filter((o) => o.kind === kind);
    const ok = mine.filter(isSuccess);
    const bad: Record<string, number> = {};
    for (const o of mine) {
      if (isSuccess(o)) continue;
      const key = o.failure ?? String(o.status);
      bad[key] = (bad[key] ?? 0) + 1;
    }
    const s = summarize({ name: kind, latencies: ok.map((o) => o.latency), seconds });
    const max = Math.max(...mine.map((o) => o.latency));
    console.log(
      `| ${kind} | ${mine.length} | ${ok.length} | ${
        Object.entries(bad)
          .map(([k, n]) => `${k}: ${n}`)
          .join(", ") || "0"
      } | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(max)} |`,
    );
  }
  console.log(
    `${(outcomes.length / seconds).toFixed(1)} requests/s over ${seconds.toFixed(1)} s (latency of the successful ones, from when each was due)`,
  );
}

const verdicts: { name: string; met: boolean; detail: string }[] = [];
function verdict(name: string, met: boolean, detail: string) {
  verdicts.push({ name, met, detail });
  console.log(`${met ? "met" : "NOT met"}: ${name} (${detail})`);
}

/** The checks of a phase with a fault: error shapes, hangs, crashes, recovery. */
function judgeFault(
  name: string,
  outcomes: TOutcome[],
  times: { down: number; back: number },
  web: TStarted,
) {
  console.log(
    `${name}: down at ${(times.down / 1000).toFixed(1)} s, answering again at ${(times.back / 1000).toFixed(1)} s (${((times.back - times.down) / 1000).toFixed(1)} s)`,
  );
  // Where the failures fell, second by second (only seconds that had any).
  const bySecond = new Map<number, TOutcome[]>();
  for (const o of outcomes.filter((x) => !isSuccess(x))) {
    const second = Math.floor(o.due / 1000);
    bySecond.set(second, [...(bySecond.get(second) ?? []), o]);
  }
  for (const [second, failed] of [...bySecond].sort(([a], [b]) => a - b)) {
    const counts: Record<string, number> = {};
    for (const o of failed) {
      const key = `${o.kind} ${o.failure ?? o.status}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    console.log(
      `  ${second}–${second + 1} s: ${Object.entries(counts)
        .map(([k, n]) => `${k} ×${n}`)
        .join(", ")}`,
    );
  }
  const f = faultFindings(outcomes, times.back);
  const met = faultVerdicts(f, web.child.exitCode === null, RECOVERY_TARGET_MS);
  verdict(
    `${name}: the BFF's failures are 502/503 JSON:API errors`,
    met.errorShape,
    `${f.bffFailed} failed BFF answers (statuses ${f.statuses.join(", ") || "none"}), ${f.badShape} of another status or shape`,
  );
  verdict(
    `${name}: no hang, no crash of the web`,
    met.noHangNoCrash,
    `${f.hangs} requests without an answer in ${TIMEOUT_MS / 1000} s, ${f.refused} refused or reset, web ${web.child.exitCode === null ? "running" : `exited ${web.child.exitCode}`}`,
  );
  verdict(
    `${name}: every request due 5 s after the answer again succeeds`,
    met.recovered,
    `last failure due ${(f.recoveryMs / 1000).toFixed(2)} s after; ${f.failuresAfterBack} failures due after the answer, ${f.requestsAfterLastFailure} requests after the last failure`,
  );
}

function runCommand(command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile("sh", ["-c", command], (error, _stdout, stderr) =>
      error ? reject(new Error(`${command}: ${error.message} ${stderr}`)) : resolve(),
    );
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, limitMs = 120_000) {
  const deadline = performance.now() + limitMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not back within ${limitMs / 1000} s`);
}

async function databaseAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Pages that answer 200 for a signed-out visitor of each tenant, in Dutch and English. */
async function discoverPages(api: string, web: TWeb) {
  const first = async (tenant: string, list: string, key = "id") => {
    const res = await request(`${api}/api/v1/${list}?page[size]=2`, {
      headers: { "x-tenant": tenant, accept: "application/vnd.api+json" },
    });
    const body = (await res.body.json()) as {
      data?: { id: string; attributes?: Record<string, unknown> }[];
    };
    return (body.data ?? []).map((d) => (key === "id" ? d.id : String(d.attributes?.[key])));
  };
  const pages: { host: string; path: string }[] = [];
  for (const tenant of TENANTS) {
    const [vacancies, activities, news] = await Promise.all([
      first(tenant, "vacancies"),
      first(tenant, "activities"),
      first(tenant, "news_articles", "slug"),
    ]);
    const paths = [
      "/",
      "/vacancies/search",
      ...vacancies.map((id) => `/vacancies/${id}`),
      "/activiteiten",
      ...activities.map((id) => `/activiteiten/${id}`),
      "/nieuws",
      ...news.map((slug) => `/nieuws/${slug}`),
      "/sociale-kaart",
      "/partners",
      "/een-op-een-hulp",
    ];
    const host = hostOf(tenant, web);
    for (const path of paths.flatMap((p) => [p, `${p}${p.includes("?") ? "&" : "?"}lang=en`])) {
      const res = await request(`${web.url}${path}`, { dispatcher: pool, headers: { host } });
      await res.body.dump();
      if (res.statusCode === 200) pages.push({ host, path });
    }
  }
  return pages;
}

async function discoverBackoffice(web: TWeb, session: Session) {
  const candidates = [
    "/api/v1/current_user",
    "/api/v1/organizations?page[size]=25",
    "/api/v1/managed_vacancies?page[size]=25",
    "/api/v1/applications?page[size]=25",
    "/api/v1/users?page[size]=25",
    "/api/v1/news_articles?page[size]=25",
  ];
  const working: string[] = [];
  let organizationId = "";
  for (const path of candidates) {
    const res = await request(`${web.url}${path}`, {
      dispatcher: pool,
      headers: { accept: "application/vnd.api+json", cookie: session.header },
    });
    session.renew(res.headers["set-cookie"]);
    const text = await res.body.text();
    if (res.statusCode !== 200) {
      console.log(`(back office: ${path} answers ${res.statusCode}; left out of the mix)`);
      continue;
    }
    working.push(path);
    if (path.startsWith("/api/v1/organizations")) {
      organizationId = (JSON.parse(text) as { data: { id: string }[] }).data[0]?.id ?? "";
    }
  }
  if (!organizationId) throw new Error("no organization to write vacancies for");
  return { backoffice: working, organizationId };
}

/** Every acknowledged write, read back through the BFF: the ones missing or changed. */
async function readBack(web: TWeb, session: Session) {
  const lost: string[] = [];
  let next = 0;
  const reader = async () => {
    while (next < acknowledged.length) {
      const ack = acknowledged[next++];
      const res = await request(`${web.url}/api/v1/managed_vacancies/${ack.id}`, {
        dispatcher: pool,
        headers: { accept: "application/vnd.api+json", cookie: session.header },
      });
      session.renew(res.headers["set-cookie"]);
      const body = safeJson(await res.body.text()) as
        | { data?: { attributes?: { title?: string } } }
        | undefined;
      if (res.statusCode !== 200 || body?.data?.attributes?.title !== ack.title) {
        lost.push(`${ack.id} (${res.statusCode})`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, reader));
  return lost;
}

async function main() {
  const phases = args.phases.split(",").map((p) => p.trim());
  const secret = randomBytes(32).toString("base64url");
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const api = await startApi(
    { databaseUrl: DATABASE_URL },
    {
      port: apiPort,
      group: true,
      env: {
        WEB_INTERNAL_URL: `http://127.0.0.1:${webPort}`,
        REVALIDATE_SECRET: secret,
        ...(args.workers ? { API_WORKERS: args.workers } : {}),
      },
    },
  );
  let apiNow: TStarted = api;
  const web = await startWeb(api.url, undefined, {
    port: webPort,
    group: true,
    env: { REVALIDATE_SECRET: secret },
  });
  const stop = () => {
    killGroup(apiNow.child, "SIGTERM");
    killGroup(web.child, "SIGTERM");
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });
  try {
    const target: TWeb = { url: web.url, port: webPort };
    const sessions: Session[] = [];
    for (let i = 0; i < SESSIONS; i++) sessions.push(await signIn(target));
    const pages = await discoverPages(api.url, target);
    const staff = await discoverBackoffice(target, sessions[0]);
    const plan: TPlan = { pages, sessions, ...staff };
    console.log(
      `# bench:load ${new Date().toISOString()}\napi ${api.url} (workers: ${args.workers ?? "one per core"}), web ${web.url}, database ${DATABASE_URL}\n` +
        `${pages.length} public pages over ${TENANTS.length} tenants in nl and en, ${plan.backoffice.length} back-office reads, writes as ${STAFF.email}; mix ${MIX.map(([k, s]) => `${k} ${s * 100} %`).join(", ")}`,
    );

    let rate = args.rate ? Number(args.rate) : 0;
    if (!rate) {
      console.log("\n## Peak (closed loop)");
      let peak = 0;
      for (const concurrency of args.concurrency.split(",").map(Number)) {
        const run = await closedLoop(target, plan, concurrency);
        table(`${concurrency} clients`, run.outcomes, run.seconds);
        peak = Math.max(peak, run.outcomes.filter(isSuccess).length / run.seconds);
      }
      rate = Math.floor(peak * Number(args.fraction));
      console.log(`\npeak ${peak.toFixed(1)} requests/s; the phases run at ${rate} requests/s`);
    }

    const seconds = PHASE_MS / 1000;
    if (phases.includes("steady")) {
      console.log(`\n## Steady: ${rate} requests/s for ${seconds} s`);
      const { outcomes } = await openLoop(target, plan, rate);
      table("steady", outcomes, seconds);
      const errors = outcomes.filter((o) => !isSuccess(o)).length;
      verdict("steady: 0 errors", errors === 0, `${errors} errors of ${outcomes.length}`);
    }

    if (phases.includes("api")) {
      console.log(
        `\n## The api killed at ${FAIL_AT_MS / 1000} s and started again ${DOWN_FOR_MS / 1000} s later`,
      );
      const { outcomes, times } = await openLoop(target, plan, rate, async (t0) => {
        await new Promise((resolve) => setTimeout(resolve, FAIL_AT_MS));
        const down = performance.now() - t0;
        killGroup(apiNow.child, "SIGKILL");
        await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS));
        apiNow = await api.relaunch();
        return { down, back: performance.now() - t0 };
      });
      table("api killed and restarted", outcomes, seconds);
      if (times) judgeFault("api", outcomes, times, web);
    }

    if (phases.includes("postgres")) {
      console.log(`\n## PostgreSQL restarted at ${FAIL_AT_MS / 1000} s (${args["pg-restart"]})`);
      const { outcomes, times } = await openLoop(target, plan, rate, async (t0) => {
        await new Promise((resolve) => setTimeout(resolve, FAIL_AT_MS));
        const down = performance.now() - t0;
        await runCommand(args["pg-restart"]);
        await waitFor(databaseAnswers, "PostgreSQL");
        return { down, back: performance.now() - t0 };
      });
      table("PostgreSQL restarted", outcomes, seconds);
      if (times) judgeFault("postgres", outcomes, times, web);
    }

    console.log(`\n## Writes: ${acknowledged.length} acknowledged of ${writes} sent`);
    const lost = await readBack(target, await signIn(target));
    verdict(
      "every acknowledged write reads back",
      lost.length === 0,
      `${acknowledged.length - lost.length} of ${acknowledged.length} read back${lost.length ? `; missing: ${lost.slice(0, 10).join(", ")}` : ""}`,
    );
    console.log("\n## Verdicts");
    for (const v of verdicts)
      console.log(`- ${v.met ? "met" : "NOT met"}: ${v.name} (${v.detail})`);
    process.exitCode = verdicts.every((v) => v.met) ? 0 : 1;
  } finally {
    stop();
    await pool.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 2;
});
