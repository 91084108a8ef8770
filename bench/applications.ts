/**
 * `npm run bench:applications` (docs/api-applications.md, docs/api-conversations.md):
 * GET /api/v1/applications for the staff of an organisation with 10,000 applications, and
 * GET /api/v1/conversations for a volunteer with 1,000 threads, through the api on
 * PostgreSQL, one request at a time: p50/p95/p99 per kind of list and overall (target p95
 * ≤ 30 ms each). Builds
 * its own tenant in DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_applications,
 * created when missing; the tenant is made once and reused), starts the api in this process
 * on a loopback port and prints the figures.
 */

import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { addRole } from "../backend/auth/roles";
import { openDatabase } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { organizations, tenants, users } from "../backend/db/schema";
import { benchHeaders, rows, startBenchApi } from "./bench-api";
import { ensureDatabase } from "./bench-db";

const { values: args } = parseArgs({
  options: {
    applications: { type: "string", default: "10000" },
    requests: { type: "string", default: "400" },
  },
});
const APPLICATIONS = Number(args.applications);
const REQUESTS = Number(args.requests);
const URL_ = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_applications";
const SLUG = `bench-applications-${APPLICATIONS}`;
const VACANCIES = 200;
const THREADS = 1000;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1];
const fmt = (n: number) => n.toFixed(1).padStart(7);

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
      .values({ slug: SLUG, name: "Bench applications" })
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
    const [organization] = await db
      .insert(organizations)
      .values({
        tenantId: tenant.id,
        type: "Organization",
        name: "Bench organisation",
        slug: "bench-organisation",
        status: "approved",
        volunteerCenterId: centre.id,
      })
      .returning({ id: organizations.id });
    const [member] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: "staff@bench.test",
        uid: "staff@bench.test",
        firstName: "Staff",
      })
      .returning({ id: users.id });
    await addRole(db, tenant.id, member.id, "member", {
      type: "Organization",
      id: organization.id,
    });
    const volunteers = Math.ceil(APPLICATIONS / VACANCIES);
    const words = [
      "Voorlezen",
      "Tuinman",
      "Chauffeur",
      "Maatje",
      "Koffie",
      "Sport",
      "Taal",
      "Klussen",
    ];
    await db.execute(sql`
      insert into vacancies (tenant_id, volunteer_center_id, organization_id, title, status, published_at)
      select ${tenant.id}, ${centre.id}, ${organization.id},
             (array[${sql.join(
               words.map((w) => sql`${w}`),
               sql`, `,
             )}])[1 + i % ${words.length}] || ' ' || i,
             'published', now() - (i || ' hours')::interval
      from generate_series(1, ${VACANCIES}) i`);
    await db.execute(sql`
      insert into users (tenant_id, email, uid, first_name, last_name)
      select ${tenant.id}, 'v' || i || '@bench.test', 'v' || i || '@bench.test',
             (array['Anna','Bram','Cem','Dewi','Eva','Fatima','Gijs','Hana'])[1 + i % 8], 'Vrijwilliger ' || i
      from generate_series(1, ${volunteers}) i`);
    // Every volunteer applies to every vacancy until the count is reached; statuses spread
    // as a busy organisation has them, the newest mostly still new.
    await db.execute(sql`
      insert into applications (tenant_id, vacancy_id, organization_id, volunteer_center_id, user_id,
                                status, motivation, responded_at, status_changed_at, created_at, updated_at)
      select ${tenant.id}, v.id, ${organization.id}, ${centre.id}, u.id,
             s.status, 'Ik help graag mee.',
             case when s.status = 'new' then null else c.at + interval '2 days' end,
             c.at, c.at, c.at
      from (select id, row_number() over (order by id) r from vacancies where tenant_id = ${tenant.id}) v
      cross join (select id, row_number() over (order by id) r from users
                  where tenant_id = ${tenant.id} and email like 'v%@bench.test') u
      cross join lateral (select now() - ((v.r * ${volunteers} + u.r) || ' minutes')::interval as at) c
      cross join lateral (select (array['new','new','in_conversation','accepted','declined','withdrawn','closed'])[1 + (v.r + u.r) % 7] as status) s
      limit ${APPLICATIONS}`);
    // A volunteer with 1,000 threads with the centre, three messages each, a third unread.
    const [busy] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: "busy@bench.test",
        uid: "busy@bench.test",
        firstName: "Busy",
      })
      .returning({ id: users.id });
    await db.execute(sql`
      insert into conversations (tenant_id, kind, organization_id, volunteer_id, subject, created_by_id,
                                 last_message_at, last_message_preview, messages_count, created_at, updated_at)
      select ${tenant.id}, 'direct', ${centre.id}, ${busy.id}, 'Vraag ' || i, ${member.id},
             now() - (i || ' minutes')::interval, 'Heb je zaterdag tijd om te helpen?', 3,
             now() - (i || ' minutes')::interval, now()
      from generate_series(1, ${THREADS}) i`);
    await db.execute(sql`
      insert into messages (tenant_id, conversation_id, author_id, body, created_at)
      select ${tenant.id}, c.id, case when m % 2 = 0 then ${busy.id}::int else ${member.id}::int end,
             'Bericht ' || m, c.last_message_at - ((3 - m) || ' seconds')::interval
      from conversations c cross join generate_series(1, 3) m
      where c.tenant_id = ${tenant.id} and c.volunteer_id = ${busy.id}`);
    await db.execute(sql`
      insert into conversation_participants (tenant_id, conversation_id, user_id, unread_count)
      select ${tenant.id}, c.id, ${busy.id}, case when c.id % 3 = 0 then 2 else 0 end
      from conversations c where c.tenant_id = ${tenant.id} and c.volunteer_id = ${busy.id}`);
    await db.execute(
      sql`vacuum (analyze) applications, vacancies, users, conversations, messages, conversation_participants`,
    );
    console.log(`built the tenant in ${Math.round(performance.now() - started)} ms`);
  }
  const [{ n }] = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from applications where tenant_id = ${tenant.id}`,
    ),
  );
  const [staff] = rows<{ id: number }>(
    await db.execute(
      sql`select id from users where tenant_id = ${tenant.id} and email = 'staff@bench.test'`,
    ),
  );
  const [vacancy] = rows<{ id: number }>(
    await db.execute(
      sql`select id from vacancies where tenant_id = ${tenant.id} order by id limit 1 offset 17`,
    ),
  );
  console.log(`applications of the organisation: ${n}`);

  const { app, base } = await startBenchApi(database, URL_);
  const headers = await benchHeaders(db, { id: tenant.id, slug: SLUG }, staff.id);
  const [busyUser] = rows<{ id: number }>(
    await db.execute(
      sql`select id from users where tenant_id = ${tenant.id} and email = 'busy@bench.test'`,
    ),
  );
  const busyHeaders = await benchHeaders(db, { id: tenant.id, slug: SLUG }, busyUser.id);
  const KINDS: { name: string; query: () => string }[] = [
    { name: "newest", query: () => "" },
    { name: "with vacancy+user", query: () => "include=vacancy,user" },
    { name: "waiting", query: () => "filter[waiting]=true&include=vacancy,user" },
    { name: "status", query: () => "filter[status_eq]=in_conversation" },
    { name: "one vacancy", query: () => `filter[vacancy_id_eq]=${vacancy.id}&include=user` },
    {
      name: "search",
      query: () =>
        `filter[q]=${["anna", "tuinman", "fatima", "koffie"][Math.floor(Math.random() * 4)]}`,
    },
    { name: "deep page", query: () => `page[number]=${100 + Math.floor(Math.random() * 200)}` },
    { name: "oldest changed", query: () => "sort=status_changed_at&filter[scope]=managed" },
  ];
  async function measure(
    label: string,
    path: string,
    kinds: { name: string; query: () => string }[],
    who: Record<string, string>,
  ) {
    for (const kind of kinds) {
      for (let i = 0; i < 5; i++) {
        await (await fetch(`${base}${path}?${kind.query()}`, { headers: who })).arrayBuffer();
      }
    }
    const latencies = new Map<string, number[]>();
    for (let i = 0; i < REQUESTS; i++) {
      const kind = kinds[i % kinds.length];
      const started = performance.now();
      const res = await fetch(`${base}${path}?${kind.query()}`, { headers: who });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${kind.name}: ${res.status}`);
      const list = latencies.get(kind.name) ?? [];
      list.push(performance.now() - started);
      latencies.set(kind.name, list);
    }
    console.log(
      `\n${label}, one at a time, ${REQUESTS} requests (ms)\n${"kind".padEnd(20)}    p50     p95     p99`,
    );
    const all: number[] = [];
    for (const [name, list] of latencies) {
      const sorted = [...list].sort((x, y) => x - y);
      all.push(...list);
      console.log(
        `${name.padEnd(20)}${fmt(pct(sorted, 50))} ${fmt(pct(sorted, 95))} ${fmt(pct(sorted, 99))}`,
      );
    }
    const sorted = all.sort((x, y) => x - y);
    const p95 = pct(sorted, 95);
    console.log(
      `${"overall".padEnd(20)}${fmt(pct(sorted, 50))} ${fmt(p95)} ${fmt(pct(sorted, 99))}   target p95 <= 30 ms: ${p95 <= 30 ? "met" : "NOT met"}`,
    );
  }
  const THREAD_KINDS: { name: string; query: () => string }[] = [
    { name: "newest", query: () => "" },
    { name: "unread only", query: () => "filter[unread]=true" },
    { name: "deep page", query: () => `page[number]=${10 + Math.floor(Math.random() * 30)}` },
    { name: "badge (size 1)", query: () => "page[size]=1" },
  ];
  try {
    await measure(
      `GET /api/v1/applications, ${n} applications`,
      "/api/v1/applications",
      KINDS,
      headers,
    );
    await measure(
      `GET /api/v1/conversations, ${THREADS} threads`,
      "/api/v1/conversations",
      THREAD_KINDS,
      busyHeaders,
    );
    const [thread] = rows<{ id: number }>(
      await db.execute(
        sql`select id from conversations where volunteer_id = ${busyUser.id} order by id limit 1 offset 500`,
      ),
    );
    await measure(
      "GET /api/v1/conversations/:id with messages",
      `/api/v1/conversations/${thread.id}`,
      [{ name: "thread", query: () => "include=messages,participants" }],
      busyHeaders,
    );
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
