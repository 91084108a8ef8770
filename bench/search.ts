/**
 * `npm run bench:search` (docs/vacancies-search.md): the vacancy search at
 * 100 000 vacancies on PostgreSQL. Migrates and seeds DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_search, created when missing), generates the
 * vacancies once, starts the api in this process on a loopback port and fires a mix of
 * searches over HTTP, one at a time and 4 at a time: p50/p95/p99 per kind and overall
 * (target p95 ≤ 25 ms). Then EXPLAIN (ANALYZE) of every SQL statement of every kind of
 * search, as the api runs it (tenant set; the id, count and facet statements as the owner,
 * the rest as the restricted role), looking for a Seq Scan on vacancies or vacancy_tags
 * (target: none) and at which statements use vacancies_search_idx / vacancies_located_idx;
 * and the search in memory the api answers with while its cache is active (loading a
 * site's table and a word's matches, then searching them).
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { AppDb } from "../backend/db/client";
import { openDatabase, withTenant } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import * as schema from "../backend/db/schema";
import { seed } from "../backend/db/seed";
import { generateVacancies } from "../backend/db/seed/vacancy-generator";
import { BUNDLED_PLACES } from "../backend/geo/places-nl";
import { publicCenterIds } from "../backend/queries/public-scope";
import { amsterdamToday, loadVacancies, tagIdsBySlug } from "../backend/queries/vacancies";
import {
  loadSiteTable,
  loadWordRanks,
  searchSummary,
  searchVacancyIds,
  type TSearchParams,
} from "../backend/queries/vacancy-search";
import { searchSiteTable } from "../backend/queries/vacancy-search-memory";
import { rows, startBenchApi } from "./bench-api";
import { ensureDatabase } from "./bench-db";

const { values: args } = parseArgs({
  options: {
    vacancies: { type: "string", default: "100000" },
    requests: { type: "string", default: "400" },
    // 0 measures every search cold: no count or facets kept between requests.
    "summary-cache-ms": { type: "string", default: "30000" },
  },
});
const TARGET = Number(args.vacancies);
const REQUESTS = Number(args.requests);
const URL_ = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_search";

type TKind = { name: string; tenant: string; query: () => string };
const pickOf = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
const WORDS = [
  "voedselbank",
  "chauffeur",
  "maatje",
  "bibliotheek",
  "tuin",
  "koffie",
  "taallessen",
  "sport",
  "voorlezen",
  "administratie",
];
const PLACES = BUNDLED_PLACES.map((p) => p.name);
const TAGS = ["zorg-en-welzijn", "onderwijs", "sport", "cultuur", "ouderen", "vervoer", "klussen"];
const enc = encodeURIComponent;

const KINDS: TKind[] = [
  { name: "newest", tenant: "public", query: () => "" },
  { name: "words", tenant: "public", query: () => `filter[q]=${enc(pickOf(WORDS))}` },
  {
    name: "place+distance",
    tenant: "cordaad",
    query: () =>
      `filter[near]=${enc(pickOf(PLACES))}&filter[distance]=${pickOf([5, 10, 25, 50])}&sort=distance`,
  },
  {
    name: "tags",
    tenant: "oldebroek",
    query: () => `filter[tags]=${pickOf(TAGS)}&filter[hours]=0-4,4-8`,
  },
  {
    name: "words+place+tags",
    tenant: "demo",
    query: () =>
      `filter[q]=${enc(pickOf(WORDS))}&filter[near]=${enc(pickOf(PLACES))}&filter[distance]=25&filter[tags]=${pickOf(TAGS)}`,
  },
  {
    name: "deep page",
    tenant: "public",
    query: () => `page[number]=${50 + Math.floor(Math.random() * 100)}&page[size]=20`,
  },
  {
    name: "oldest",
    tenant: "roermond",
    query: () => "sort=published_at&include=organization,tags",
  },
];

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
const fmt = (n: number) => n.toFixed(1).padStart(7);

async function fire(base: string, concurrency: number) {
  const latencies = new Map<string, number[]>();
  let next = 0;
  const jobs = Array.from({ length: REQUESTS }, (_, i) => KINDS[i % KINDS.length]);
  const worker = async () => {
    while (next < jobs.length) {
      const kind = jobs[next++];
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/vacancies?${kind.query()}`, {
        headers: { "x-tenant": kind.tenant },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${kind.name}: ${res.status}`);
      const list = latencies.get(kind.name) ?? [];
      list.push(performance.now() - started);
      latencies.set(kind.name, list);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  console.log(
    `\nconcurrency ${concurrency}, ${REQUESTS} requests (ms)\n${"kind".padEnd(18)}      p50     p95     p99`,
  );
  const all: number[] = [];
  for (const [name, list] of latencies) {
    const sorted = [...list].sort((a, b) => a - b);
    all.push(...list);
    console.log(
      `${name.padEnd(18)} ${fmt(pct(sorted, 50))} ${fmt(pct(sorted, 95))} ${fmt(pct(sorted, 99))}`,
    );
  }
  const sorted = all.sort((a, b) => a - b);
  const p95 = pct(sorted, 95);
  console.log(
    `${"overall".padEnd(18)} ${fmt(pct(sorted, 50))} ${fmt(p95)} ${fmt(pct(sorted, 99))}   target p95 <= 25 ms: ${p95 <= 25 ? "met" : "NOT met"}`,
  );
  return p95;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * A search in memory as the api runs it while its cache is active: loading the site's table
 * and the words' matches (what a search costs once per tenant generation), then the search
 * on them (what every new filter, sort or page costs).
 */
async function timeInMemory(name: string, params: TSearchParams, tenantId: number, db: AppDb) {
  const loads: number[] = [];
  const words: number[] = [];
  const searches: number[] = [];
  let table: Awaited<ReturnType<typeof loadSiteTable>> | undefined;
  let ranks: Awaited<ReturnType<typeof loadWordRanks>> | undefined;
  for (let i = 0; i < 5; i++) {
    await withTenant(db, tenantId, async (tx) => {
      let started = performance.now();
      table = await loadSiteTable(tx, params);
      loads.push(performance.now() - started);
      if (params.q !== undefined) {
        started = performance.now();
        ranks = await loadWordRanks(tx, params);
        words.push(performance.now() - started);
      }
    });
  }
  if (!table) throw new Error("no site table");
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    searchSiteTable(table, params, ranks);
    searches.push(performance.now() - started);
  }
  return `${name.padEnd(18)} ${fmt(median(loads))}    ${words.length > 0 ? fmt(median(words)) : "      -"} ${fmt(median(searches))}  ${table.ids.length}`;
}

/** Every statement a search of each kind runs, captured by a logging drizzle, then EXPLAINed. */
async function explainAll(pool: pg.Pool, db: AppDb) {
  // Each statement with the role it ran as: the search switches to the owner for its id,
  // count and facet statements (backend/db/as-owner.ts) and back for everything else.
  const captured: { kind: string; query: string; params: unknown[]; owner: boolean }[] = [];
  let kindName = "";
  let asOwner = false;
  const logging = drizzle(pool, {
    schema,
    logger: {
      logQuery: (query, params) => {
        if (/set_config\('role', 'none'/.test(query)) asOwner = true;
        else if (/set_config\('role', 'volunteerly_app'/.test(query)) asOwner = false;
        else captured.push({ kind: kindName, query, params, owner: asOwner });
      },
    },
  }) as unknown as AppDb;
  const tenantRow = async (slug: string) =>
    rows<{
      id: number;
      default_volunteer_center_id: number | null;
      settings: { centreSharing?: boolean };
    }>(
      await db.execute(
        sql`select id, default_volunteer_center_id, settings from tenants where slug = ${slug}`,
      ),
    )[0];
  const scenarios: {
    name: string;
    tenant: string;
    params: Partial<TSearchParams>;
    tags?: string[];
  }[] = [
    { name: "newest", tenant: "public", params: { sort: "-published_at" } },
    { name: "words", tenant: "public", params: { q: "voedselbank", sort: "relevance" } },
    {
      name: "place+distance",
      tenant: "cordaad",
      params: { near: { latitude: 52.5168, longitude: 6.083, km: 25 }, sort: "distance" },
    },
    {
      name: "tags",
      tenant: "oldebroek",
      params: { hours: ["0-4", "4-8"], sort: "-published_at" },
      tags: ["sport"],
    },
    {
      name: "words+place+tags",
      tenant: "demo",
      params: {
        q: "koffie",
        near: { latitude: 52.1567, longitude: 5.3868, km: 25 },
        sort: "relevance",
      },
      tags: ["ouderen"],
    },
    { name: "deep page", tenant: "public", params: { sort: "-published_at", offset: 2000 } },
  ];
  let seqScans = 0;
  const indexUse: string[] = [];
  const memoryTimes: string[] = [];
  for (const s of scenarios) {
    const t = await tenantRow(s.tenant);
    const tenant = {
      id: t.id,
      slug: s.tenant,
      name: s.tenant,
      defaultVolunteerCenterId: t.default_volunteer_center_id,
      allowInactiveUsers: false,
      centreSharing: t.settings.centreSharing === true,
    };
    const centerIds = await publicCenterIds(db, tenant as never, t.default_volunteer_center_id);
    const tags = await tagIdsBySlug(db, t.id, s.tags ?? []);
    const params: TSearchParams = {
      tenantId: t.id,
      centerIds,
      today: amsterdamToday(),
      tagIds: tags.ids,
      unknownTag: tags.unknown,
      limit: 20,
      offset: 0,
      sort: "-published_at",
      ...s.params,
    };
    kindName = s.name;
    asOwner = false;
    await withTenant(logging, t.id, async (tx) => {
      const hits = await searchVacancyIds(tx, params);
      await searchSummary(tx, params);
      await loadVacancies(tx, t.id, hits, true);
      // What the api runs instead while its cache is active (a search in memory): the
      // site's table and the words' matches, once per tenant generation.
      await loadSiteTable(tx, params);
      if (params.q !== undefined) await loadWordRanks(tx, params);
    });
    memoryTimes.push(await timeInMemory(s.name, params, t.id, db));
    const client = await pool.connect();
    try {
      for (const c of captured.filter((x) => x.kind === s.name)) {
        if (!/"vacancies"|"vacancy_tags"/.test(c.query)) continue;
        // As the api runs it (`asRun`: owner or row security) and, for comparison, the
        // other way: @@ and <@ are not leakproof, so under row security they cannot be
        // index conditions.
        const plans: Record<string, string> = {};
        for (const mode of ["rls", "owner"]) {
          await client.query("begin");
          await client.query(
            "select set_config('app.tenant_id', $1, true), set_config('role', 'volunteerly_app', true)",
            [String(t.id)],
          );
          if (mode === "owner") await client.query("select set_config('role', 'none', true)");
          const plan = await client.query(
            `explain (analyze, format text) ${c.query}`,
            c.params as unknown[],
          );
          await client.query("rollback");
          plans[mode] = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
        }
        const text = c.owner ? plans.owner : plans.rls;
        const bad = /Seq Scan on (vacancies|vacancy_tags)\b/.test(text);
        if (bad) seqScans++;
        const time = (plan: string) => /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? "?";
        const indexes = ["vacancies_search_idx", "vacancies_located_idx"].filter((i) =>
          text.includes(i),
        );
        if (indexes.length > 0) indexUse.push(`${s.name}: ${indexes.join(", ")}`);
        console.log(
          `${s.name.padEnd(18)} ${c.owner ? "as owner" : "rls     "} ${bad ? "SEQ SCAN" : "no seq scan"}  rls ${time(plans.rls).padStart(8)} ms  owner ${time(plans.owner).padStart(8)} ms  ${indexes.join(",").padEnd(44)} ${c.query.replace(/\s+/g, " ").slice(0, 60)}…`,
        );
        if (bad || process.env.BENCH_PLANS) console.log(text);
      }
    } finally {
      client.release();
    }
  }
  console.log(
    `\nin memory (api process, median of 5 loads and 50 searches, ms):\n${"kind".padEnd(18)} site table  words  search  rows`,
  );
  for (const m of memoryTimes) console.log(m);
  console.log(`\ntext and point indexes used (as run):\n  ${indexUse.join("\n  ") || "none"}`);
  console.log(
    `\nEXPLAIN: ${seqScans === 0 ? "no statement scans vacancies or vacancy_tags sequentially (target met)" : `${seqScans} statements with a Seq Scan (target NOT met)`}`,
  );
  return seqScans;
}

await ensureDatabase(URL_);
const database = await openDatabase({ kind: "postgres", url: URL_, max: 8 });
try {
  await migrate(database);
  await seed(database.db);
  const [{ n }] = rows<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from vacancies`),
  );
  if (n < TARGET) {
    const started = performance.now();
    await generateVacancies(database.db, TARGET - n);
    console.log(
      `generated ${TARGET - n} vacancies in ${Math.round(performance.now() - started)} ms`,
    );
  }
  await database.db.execute(sql`vacuum (analyze) vacancies, vacancy_tags, tags, organizations`);
  const [{ total }] = rows<{ total: number }>(
    await database.db.execute(sql`select count(*)::int as total from vacancies`),
  );
  console.log(`vacancies: ${total}`);

  console.log(`summary cache: ${args["summary-cache-ms"]} ms`);
  const { app, base } = await startBenchApi(database, URL_, {
    SEARCH_SUMMARY_CACHE_MS: args["summary-cache-ms"],
  });
  try {
    // Warm up: plans, geocoder cache, connections.
    for (const kind of KINDS)
      for (let i = 0; i < 5; i++)
        await fetch(`${base}/api/v1/vacancies?${kind.query()}`, {
          headers: { "x-tenant": kind.tenant },
        });
    const p95a = await fire(base, 1);
    const p95b = await fire(base, 4);
    const pool = new pg.Pool({ connectionString: URL_, max: 2 });
    const seq = await explainAll(pool, database.db);
    await pool.end();
    console.log(
      `\nsummary: p95 sequential ${p95a.toFixed(1)} ms, p95 concurrency 4 ${p95b.toFixed(1)} ms, seq scans ${seq}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
