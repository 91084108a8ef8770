/**
 * `npm run bench:analytics` (docs/analytics.md): the analytics endpoints for a centre with
 * 100,000 applications over two years (with its vacancies and tags, activities and their
 * places, pool invitations) beside a small second centre, through the api on PostgreSQL,
 * one request at a time: p50/p95/p99 per endpoint and range (target p95 ≤ 200 ms). Builds its
 * own tenant in DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_analytics,
 * created when missing; the tenant is made once and reused; `--drop` drops the database
 * afterwards), starts the api in this process on a loopback port and prints the figures.
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { addRole } from "../backend/auth/roles";
import { openDatabase } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { organizations, tenants, users } from "../backend/db/schema";
import { amsterdamDay } from "../backend/domain/working-days";
import { shiftDay } from "../lib/contract/analytics";
import { benchHeaders, rows, startBenchApi } from "./bench-api";
import { ensureDatabase } from "./bench-db";

const { values: args } = parseArgs({
  options: {
    applications: { type: "string", default: "100000" },
    requests: { type: "string", default: "60" },
    drop: { type: "boolean", default: false },
  },
});
const APPLICATIONS = Number(args.applications);
const REQUESTS = Number(args.requests);
const URL_ = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_analytics";
const SLUG = `bench-analytics-${APPLICATIONS}`;
const ORGANISATIONS = 40;
const VACANCIES = 800;
const VOLUNTEERS = 5000;
const TARGET_MS = 200;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
const fmt = (n: number) => n.toFixed(1).padStart(7);

async function build(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const started = performance.now();
  const [tenant] = await db
    .insert(tenants)
    .values({ slug: SLUG, name: "Bench analytics" })
    .returning({ id: tenants.id });
  const t = tenant.id;
  const centres = await db
    .insert(organizations)
    .values(
      ["Bench centre", "Small centre"].map((name, i) => ({
        tenantId: t,
        type: "VolunteerCenter" as const,
        name,
        slug: `bench-centre-${i}`,
        status: "approved" as const,
      })),
    )
    .returning({ id: organizations.id });
  const [big, small] = centres.map((c) => c.id);
  await db.execute(sql`
    insert into organizations (tenant_id, type, name, slug, status, volunteer_center_id)
    select ${t}, 'Organization', 'Organisatie ' || i, 'org-' || i, 'approved',
           case when i % 10 = 0 then ${small}::int else ${big}::int end
    from generate_series(1, ${ORGANISATIONS}) i`);
  await db.execute(sql`
    insert into tags (tenant_id, name, slug)
    select ${t}, 'Tag ' || i, 'tag-' || i from generate_series(1, 30) i`);
  // Vacancies published over two years, a third of them closed since.
  await db.execute(sql`
    insert into vacancies (tenant_id, volunteer_center_id, organization_id, title, status,
                           published_at, closed_at, created_at, updated_at)
    select ${t}, o.volunteer_center_id, o.id, 'Vacature ' || i,
           case when i % 3 = 0 then 'closed' else 'published' end,
           now() - (i % 730 || ' days')::interval,
           case when i % 3 = 0 then now() - (i % 730 / 2 || ' days')::interval end,
           now() - (i % 730 || ' days')::interval, now() - (i % 400 || ' days')::interval
    from generate_series(1, ${VACANCIES}) i
    join lateral (select id, volunteer_center_id from organizations
                  where tenant_id = ${t} and type = 'Organization'
                  order by id offset (i % ${ORGANISATIONS}) limit 1) o on true`);
  await db.execute(sql`
    insert into vacancy_tags (tenant_id, vacancy_id, tag_id)
    select ${t}, v.id, tg.id from vacancies v
    join tags tg on tg.tenant_id = ${t} and (v.id + tg.id) % 7 = 0
    where v.tenant_id = ${t}`);
  await db.execute(sql`
    insert into users (tenant_id, email, uid, first_name, last_name)
    select ${t}, 'v' || i || '@bench.test', 'v' || i || '@bench.test', 'Vrijwilliger', '' || i
    from generate_series(1, ${VOLUNTEERS}) i`);
  // Applications to the big centre's vacancies over two years, the statuses spread as a
  // busy centre has them; most answered within days, some never.
  await db.execute(sql`
    with v as (select array_agg(id order by id) ids from vacancies
               where tenant_id = ${t} and volunteer_center_id = ${big}),
         u as (select array_agg(id order by id) ids from users
               where tenant_id = ${t} and email like 'v%@bench.test')
    insert into applications (tenant_id, vacancy_id, organization_id, volunteer_center_id, user_id,
                              status, responded_at, status_changed_at, created_at, updated_at)
    select ${t}, vac.id, vac.organization_id, vac.volunteer_center_id,
           u.ids[1 + i % cardinality(u.ids)], s.status,
           case when s.status in ('new', 'withdrawn', 'closed') then null
                else c.at + ((i % 240) || ' hours')::interval end,
           c.at + interval '3 days', c.at, c.at
    from generate_series(1, ${APPLICATIONS}) i
    cross join v cross join u
    cross join lateral (select now() - ((i::bigint * 631 % (730 * 24 * 60)) || ' minutes')::interval as at) c
    cross join lateral (select (array['new','in_conversation','accepted','accepted','declined','withdrawn','closed'])[1 + i % 7] as status) s
    join vacancies vac on vac.id = v.ids[1 + (i / 7) % cardinality(v.ids)]
    on conflict do nothing`);
  await db.execute(sql`
    insert into activities (tenant_id, volunteer_center_id, title, status, starts_at, ends_at)
    select ${t}, case when i % 10 = 0 then ${small}::int else ${big}::int end, 'Activiteit ' || i,
           'published', now() - ((i * 2) || ' days')::interval + interval '1 year',
           now() - ((i * 2) || ' days')::interval + interval '1 year 2 hours'
    from generate_series(1, 500) i`);
  await db.execute(sql`
    with u as (select array_agg(id order by id) ids from users
               where tenant_id = ${t} and email like 'v%@bench.test')
    insert into activity_registrations (tenant_id, activity_id, user_id, status, attended, minutes)
    select ${t}, a.id, u.ids[1 + (a.id * 40 + k) % cardinality(u.ids)],
           case when (a.id + k) % 9 = 0 then 'waitlisted' else 'registered' end,
           case when (a.id + k) % 9 = 0 then null when a.starts_at < now() then (a.id + k) % 4 <> 0 end,
           case when (a.id + k) % 9 <> 0 and a.starts_at < now() and (a.id + k) % 4 <> 0 then 120 end
    from activities a cross join generate_series(1, 40) k cross join u
    where a.tenant_id = ${t}`);
  await db.execute(sql`
    with v as (select array_agg(id order by id) ids from vacancies where tenant_id = ${t}),
         u as (select array_agg(id order by id) ids from users
               where tenant_id = ${t} and email like 'v%@bench.test')
    insert into pool_invitations (tenant_id, volunteer_center_id, vacancy_id, user_id, status,
                                  answered_at, created_at, updated_at)
    select ${t}, vac.volunteer_center_id, vac.id, u.ids[1 + i % cardinality(u.ids)], s.status,
           case when s.status in ('accepted', 'declined') then c.at + interval '1 day' end, c.at, c.at
    from generate_series(1, 5000) i cross join v cross join u
    cross join lateral (select now() - ((i * 7 % 730) || ' days')::interval as at) c
    cross join lateral (select (array['pending','accepted','declined','withdrawn'])[1 + i % 4] as status) s
    join vacancies vac on vac.id = v.ids[1 + i % cardinality(v.ids)]
    on conflict do nothing`);
  const [admin] = await db
    .insert(users)
    .values({ tenantId: t, email: "admin@bench.test", uid: "admin@bench.test", firstName: "Admin" })
    .returning({ id: users.id });
  await addRole(db, t, admin.id, "superadmin");
  await db.execute(
    sql`vacuum (analyze) applications, vacancies, vacancy_tags, organizations, activities, activity_registrations, pool_invitations, users, tags`,
  );
  console.log(`built the tenant in ${Math.round(performance.now() - started)} ms`);
}

await ensureDatabase(URL_);
const database = await openDatabase({ kind: "postgres", url: URL_, max: 8 });
const db = database.db;
try {
  await migrate(database);
  if (rows(await db.execute(sql`select id from tenants where slug = ${SLUG}`)).length === 0) {
    await build(db);
  }
  const [tenant] = rows<{ id: number }>(
    await db.execute(sql`select id from tenants where slug = ${SLUG}`),
  );
  const [centre] = rows<{ id: number }>(
    await db.execute(
      sql`select id from organizations where tenant_id = ${tenant.id} and slug = 'bench-centre-0'`,
    ),
  );
  const [admin] = rows<{ id: number }>(
    await db.execute(
      sql`select id from users where tenant_id = ${tenant.id} and email = 'admin@bench.test'`,
    ),
  );
  const [{ n }] = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from applications where volunteer_center_id = ${centre.id}`,
    ),
  );
  console.log(`applications of the centre: ${n}`);
  // How busy the machine is: a scan of every application, a few milliseconds when idle.
  const scans: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await db.execute(sql`select count(*) from applications where tenant_id = ${tenant.id}`);
    scans.push(performance.now() - started);
  }
  console.log(
    `reference: count(*) over the tenant's applications, median of 5: ${scans.sort((x, y) => x - y)[2].toFixed(1)} ms`,
  );

  const { app, base } = await startBenchApi(database, URL_);
  const headers = await benchHeaders(db, { id: tenant.id, slug: SLUG }, admin.id);
  const today = amsterdamDay(new Date());
  const month = `filter[from]=${shiftDay(today, { months: -1 })}&filter[to]=${today}`;
  const twoYears = `filter[from]=${shiftDay(today, { months: -24, days: 1 })}&filter[to]=${today}`;
  const fiveYears = `filter[from]=${shiftDay(today, { months: -60, days: 1 })}&filter[to]=${today}`;
  const KINDS: { name: string; path: string }[] = [
    { name: "centre, 12 months", path: `/api/v1/analytics/volunteer_centers/${centre.id}` },
    { name: "centre, 1 month", path: `/api/v1/analytics/volunteer_centers/${centre.id}?${month}` },
    {
      name: "centre, 2 years",
      path: `/api/v1/analytics/volunteer_centers/${centre.id}?${twoYears}`,
    },
    {
      name: "centre, 5 years",
      path: `/api/v1/analytics/volunteer_centers/${centre.id}?${fiveYears}`,
    },
    { name: "comparison, 12 months", path: "/api/v1/analytics/volunteer_centers" },
    { name: "comparison, 2 years", path: `/api/v1/analytics/volunteer_centers?${twoYears}` },
  ];
  try {
    for (const kind of KINDS) {
      for (let i = 0; i < 3; i++) await (await fetch(`${base}${kind.path}`, { headers })).text();
    }
    console.log(
      `\nanalytics, one at a time, ${REQUESTS} requests each (ms)\n${"endpoint".padEnd(24)}    p50     p95     p99`,
    );
    let worst = 0;
    for (const kind of KINDS) {
      const list: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        const res = await fetch(`${base}${kind.path}`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${kind.name}: ${res.status}`);
        list.push(performance.now() - started);
      }
      const sorted = list.sort((x, y) => x - y);
      worst = Math.max(worst, pct(sorted, 95));
      console.log(
        `${kind.name.padEnd(24)}${fmt(pct(sorted, 50))} ${fmt(pct(sorted, 95))} ${fmt(pct(sorted, 99))}`,
      );
    }
    console.log(
      `worst p95 ${worst.toFixed(1)} ms; target p95 <= ${TARGET_MS} ms: ${worst <= TARGET_MS ? "met" : "NOT met"}`,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}

if (args.drop) {
  const name = new URL(URL_).pathname.slice(1);
  const adminUrl = new URL(URL_);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name.replace(/"/g, '""')}"`);
  await client.end();
  console.log(`dropped ${name}`);
}
