/**
 * `npm run bench:pool` (docs/volunteer-pool.md): GET /api/v1/volunteer_pool for a centre's
 * staff member, on a tenant of 50,000 volunteers in the pool (and 10,000 who are not),
 * through the api on PostgreSQL, one request at a time: p50/p95/p99 per kind of search and
 * overall, the headline being every filter combined (target p95 ≤ 30 ms). Builds its own
 * tenant in DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_pool, created when
 * missing; made once and reused), starts the api in this process on a loopback port and
 * prints the figures.
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { addRole } from "../backend/auth/roles";
import { openDatabase } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { organizations, tenants, users } from "../backend/db/schema";
import { AVAILABILITY_SLOTS } from "../lib/contract/volunteer-profile";
import { benchHeaders, rows, startBenchApi } from "./bench-api";
import { ensureDatabase } from "./bench-db";
import { summarize } from "./bench-stats";

const { values: args } = parseArgs({
  options: {
    volunteers: { type: "string", default: "50000" },
    requests: { type: "string", default: "400" },
  },
});
const VOLUNTEERS = Number(args.volunteers);
const REQUESTS = Number(args.requests);
const URL_ = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_pool";
const SLUG = `bench-pool-${VOLUNTEERS}`;
const TAGS = 40;

const fmt = (n: number) => n.toFixed(1).padStart(7);
const textArray = (list: readonly string[]) =>
  sql.raw(`array[${list.map((s) => `'${s}'`).join(",")}]::text[]`);

await ensureDatabase(URL_);
const database = await openDatabase({ kind: "postgres", url: URL_, max: 8 });
const db = database.db;
try {
  await migrate(database);
  let [tenant] = rows<{ id: number }>(
    await db.execute(sql`select id from tenants where slug = ${SLUG}`),
  );
  if (!tenant) {
    const started = performance.now();
    [tenant] = await db
      .insert(tenants)
      .values({ slug: SLUG, name: "Bench pool" })
      .returning({ id: tenants.id });
    const [centre] = await db
      .insert(organizations)
      .values({
        tenantId: tenant.id,
        type: "VolunteerCenter",
        name: "Bench centre",
        slug: "bench-centre",
        status: "approved",
      })
      .returning({ id: organizations.id });
    const [staff] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: "staff@bench.test",
        uid: "staff@bench.test",
        firstName: "Staff",
      })
      .returning({ id: users.id });
    await addRole(db, tenant.id, staff.id, "member", { type: "Organization", id: centre.id });
    await db.execute(sql`
      insert into tags (tenant_id, slug, name)
      select ${tenant.id}, 'tag-' || i, 'Interesse ' || i from generate_series(1, ${TAGS}) i`);
    const total = VOLUNTEERS + Math.round(VOLUNTEERS / 5);
    // Volunteers over the Netherlands' middle (about 52.0–52.6 N, 4.8–6.2 E), signed in over
    // the last two years, a fifth of them out of the pool.
    await db.execute(sql`
      insert into users (tenant_id, email, uid, first_name, last_name, current_sign_in_at)
      select ${tenant.id}, 'v' || i || '@bench.test', 'v' || i || '@bench.test',
             (array['Anna','Bram','Cem','Dewi','Eva','Fatima','Gijs','Hana','Ivo','Joke'])[1 + i % 10],
             'Vrijwilliger ' || i, now() - ((i * 7919) % 730 || ' days')::interval
      from generate_series(1, ${total}) i`);
    const words = [
      "koken",
      "tuinieren",
      "voorlezen",
      "rijden",
      "taalmaatje",
      "sport",
      "klussen",
      "computerles",
    ];
    await db.execute(sql`
      insert into volunteer_profiles (tenant_id, user_id, city, latitude, longitude, about, skills,
                                      availability, hours_per_week, languages, in_pool, pool_opted_in_at,
                                      last_invited_at)
      select ${tenant.id}, u.id, 'Plaats ' || (r % 300),
             52.0 + ((r * 37) % 600) / 1000.0, 4.8 + ((r * 53) % 1400) / 1000.0,
             'Ik help graag met ' || (${textArray(words)})[1 + r % 8] || ' en ' || (${textArray(words)})[1 + (r / 8) % 8] || '.',
             array[(${textArray(words)})[1 + (r / 3) % 8]],
             array(select (${textArray(AVAILABILITY_SLOTS)})[1 + (r * s) % 21] from generate_series(1, 1 + r % 5) s),
             r % 20,
             case r % 4 when 0 then array['nl'] when 1 then array['nl','en'] when 2 then array['nl','ar'] else array['tr','nl'] end,
             r % 6 <> 0, case when r % 6 <> 0 then now() else null end,
             case when r % 3 = 0 then null else now() - ((r % 400) || ' days')::interval end
      from (select id, row_number() over (order by id) r from users
            where tenant_id = ${tenant.id} and email like 'v%@bench.test') u`);
    await db.execute(sql`
      insert into volunteer_profile_tags (tenant_id, user_id, tag_id)
      select ${tenant.id}, p.user_id, t.id
      from volunteer_profiles p
      join lateral (select id from tags where tenant_id = ${tenant.id}
                    order by id offset (p.user_id % ${TAGS}) limit 2) t on true
      where p.tenant_id = ${tenant.id}`);
    await db.execute(sql`vacuum (analyze) users, volunteer_profiles, volunteer_profile_tags, tags`);
    console.log(`built the tenant in ${Math.round(performance.now() - started)} ms`);
  }
  const [{ n }] = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from volunteer_profiles where tenant_id = ${tenant.id} and in_pool`,
    ),
  );
  const [staff] = rows<{ id: number }>(
    await db.execute(
      sql`select id from users where tenant_id = ${tenant.id} and email = 'staff@bench.test'`,
    ),
  );
  const tagIds = rows<{ id: number }>(
    await db.execute(sql`select id from tags where tenant_id = ${tenant.id} order by id limit 6`),
  ).map((r) => r.id);
  console.log(`volunteers in the pool: ${n}`);

  const { app, base } = await startBenchApi(database, URL_);
  const headers = await benchHeaders(db, { id: tenant.id, slug: SLUG }, staff.id);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)];
  const places = ["Utrecht", "Amersfoort", "Zeist", "3511", "Apeldoorn"];
  const all = () =>
    [
      `filter[q]=${pick(["koken", "tuin", "voorlezen", "anna"])}`,
      `filter[tags]=${pick(tagIds)},${pick(tagIds)}`,
      `filter[availability]=${pick(AVAILABILITY_SLOTS)},${pick(AVAILABILITY_SLOTS)}`,
      `filter[near]=${pick(places)}&filter[distance]=${pick([10, 25, 50])}`,
      `filter[languages]=${pick(["ar", "tr", "en"])}`,
      "filter[active_within]=365",
      `sort=${pick(["best_match", "distance", "least_recently_asked"])}`,
    ].join("&");
  const KINDS: { name: string; query: () => string }[] = [
    { name: "every filter", query: all },
    { name: "no filter", query: () => "sort=least_recently_asked" },
    { name: "words", query: () => `filter[q]=${pick(["koken", "tuin", "fatima"])}` },
    {
      name: "near, nearest",
      query: () => `filter[near]=${pick(places)}&filter[distance]=25&sort=distance`,
    },
    {
      name: "slots + langs",
      query: () => `filter[availability]=monday_morning,friday_evening&filter[languages]=ar`,
    },
    { name: "deep page", query: () => `page[number]=${50 + Math.floor(Math.random() * 100)}` },
  ];
  try {
    for (const kind of KINDS) {
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${base}/api/v1/volunteer_pool?${kind.query()}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${kind.name}: ${res.status}`);
      }
    }
    const latencies = new Map<string, number[]>();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const kind = KINDS[i % KINDS.length];
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/volunteer_pool?${kind.query()}&include=tags`, {
        headers,
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${kind.name}: ${res.status}`);
      const list = latencies.get(kind.name) ?? [];
      list.push(performance.now() - t0);
      latencies.set(kind.name, list);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\nGET /api/v1/volunteer_pool, ${n} in the pool, one at a time, ${REQUESTS} requests (ms)\n${"kind".padEnd(20)}    p50     p95     p99`,
    );
    for (const [name, list] of latencies) {
      const s = summarize({ name, latencies: list, seconds });
      const target =
        name === "every filter" ? `   target p95 <= 30 ms: ${s.p95 <= 30 ? "met" : "NOT met"}` : "";
      console.log(`${name.padEnd(20)}${fmt(s.p50)} ${fmt(s.p95)} ${fmt(s.p99)}${target}`);
    }
    const overall = summarize({
      name: "overall",
      latencies: [...latencies.values()].flat(),
      seconds,
    });
    console.log(
      `${"overall".padEnd(20)}${fmt(overall.p50)} ${fmt(overall.p95)} ${fmt(overall.p99)}   ${overall.throughput.toFixed(0)} req/s`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
