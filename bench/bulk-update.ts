/**
 * `npm run bench:bulk-update` (docs/vacancy-writes.md, "Bulk edit"): one POST
 * /api/v1/vacancies/bulk_update of 500 vacancies through the api on PostgreSQL, timed
 * (target ≤ 2 s): a preview, a change of deadline, contact person and tags, and closing
 * them all (a fifth of them with two open applications each, which close and are told).
 * Every run builds a fresh tenant in DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/bench_bulk_update, created when missing), starts the
 * api in this process on a loopback port and prints the figures. `--vacancies N` for
 * another size, `--rounds N` to repeat each request on a fresh set (the median is printed).
 */

import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { addRole } from "../backend/auth/roles";
import { openDatabase } from "../backend/db/client";
import { migrate } from "../backend/db/migrate";
import { organizations, tags, tenants, users } from "../backend/db/schema";
import { benchHeaders, rows, startBenchApi } from "./bench-api";
import { ensureDatabase } from "./bench-db";

const { values: args } = parseArgs({
  options: {
    vacancies: { type: "string", default: "500" },
    rounds: { type: "string", default: "3" },
  },
});
const VACANCIES = Number(args.vacancies);
const ROUNDS = Number(args.rounds);
const URL_ =
  process.env.DATABASE_URL ??
  process.env.TEST_DATABASE_URL?.replace(/\/[^/]*$/, "/bench_bulk_update") ??
  "postgres://postgres@127.0.0.1:5432/bench_bulk_update";
const SLUG = `bench-bulk-${randomBytes(3).toString("hex")}`;
const TARGET_MS = 2000;

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

await ensureDatabase(URL_);
const database = await openDatabase({ kind: "postgres", url: URL_, max: 8 });
const db = database.db;
try {
  await migrate(database);
  const [tenant] = await db
    .insert(tenants)
    .values({ slug: SLUG, name: "Bench bulk update" })
    .returning({ id: tenants.id });
  const [centre] = await db
    .insert(organizations)
    .values({
      tenantId: tenant.id,
      type: "VolunteerCenter",
      name: "Bench centre",
      slug: `${SLUG}-centre`,
      status: "approved",
    })
    .returning({ id: organizations.id });
  const [organization] = await db
    .insert(organizations)
    .values({
      tenantId: tenant.id,
      type: "Organization",
      name: "Bench organisation",
      slug: `${SLUG}-organisation`,
      status: "approved",
      volunteerCenterId: centre.id,
    })
    .returning({ id: organizations.id });
  const [member] = await db
    .insert(users)
    .values({
      tenantId: tenant.id,
      email: `staff@${SLUG}.test`,
      uid: `staff@${SLUG}.test`,
      firstName: "Staff",
    })
    .returning({ id: users.id });
  await addRole(db, tenant.id, member.id, "member", { type: "Organization", id: organization.id });
  const tagRows = await db
    .insert(tags)
    .values(
      ["zorg", "sport", "taal", "natuur"].map((slug) => ({
        tenantId: tenant.id,
        slug,
        name: slug,
      })),
    )
    .returning({ id: tags.id });
  const volunteers = rows<{ id: number }>(
    await db.execute(sql`
      insert into users (tenant_id, email, uid, first_name)
      select ${tenant.id}, 'v' || i || ${`@${SLUG}.test`}, 'v' || i || ${`@${SLUG}.test`}, 'Vera'
      from generate_series(1, 2) i returning id`),
  );

  /** A fresh set of published vacancies with two tags each; a fifth with two applicants. */
  async function seed(): Promise<number[]> {
    const ids = rows<{ id: number }>(
      await db.execute(sql`
        insert into vacancies (tenant_id, volunteer_center_id, organization_id, title, description,
                               status, published_at, postal_code, city)
        select ${tenant.id}, ${centre.id}, ${organization.id}, 'Vacature ' || i,
               '<p>Help mee in de buurt.</p>', 'published', now(), '8096', 'Oldebroek'
        from generate_series(1, ${VACANCIES}) i returning id`),
    ).map((r) => r.id);
    await db.execute(sql`
      insert into vacancy_tags (tenant_id, vacancy_id, tag_id)
      select ${tenant.id}, v.id, t.id
      from unnest(${sql.raw(`array[${ids.join(",")}]::int[]`)}) v(id)
      cross join unnest(${sql.raw(`array[${tagRows[0].id},${tagRows[1].id}]::int[]`)}) t(id)`);
    await db.execute(sql`
      insert into applications (tenant_id, vacancy_id, organization_id, volunteer_center_id, user_id, motivation)
      select ${tenant.id}, v.id, ${organization.id}, ${centre.id}, u.id, 'Ik help graag mee.'
      from unnest(${sql.raw(`array[${ids.filter((_, i) => i % 5 === 0).join(",")}]::int[]`)}) v(id)
      cross join unnest(${sql.raw(`array[${volunteers.map((v) => v.id).join(",")}]::int[]`)}) u(id)`);
    await db.execute(sql`analyze vacancies`);
    return ids;
  }

  const { app, base } = await startBenchApi(database, URL_);
  const headers = {
    ...(await benchHeaders(db, { id: tenant.id, slug: SLUG }, member.id)),
    "content-type": "application/vnd.api+json",
  };
  async function bulk(ids: number[], changes: Record<string, unknown>, preview = false) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/vacancies/bulk_update`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        data: { type: "vacancy_bulk_updates", attributes: { ids: ids.map(String), changes } },
        ...(preview ? { meta: { preview: true } } : {}),
      }),
    });
    const body = (await res.json()) as { meta?: Record<string, unknown> };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    return { ms, meta: body.meta ?? {} };
  }

  const KINDS: { name: string; changes: Record<string, unknown>; preview?: boolean }[] = [
    {
      name: "preview (deadline, tags)",
      changes: { closes_on: "2099-12-31", add_tag_ids: [String(tagRows[2].id)] },
      preview: true,
    },
    {
      name: "deadline+contact+tags",
      changes: {
        closes_on: "2099-12-31",
        contact_person_id: String(member.id),
        add_tag_ids: [String(tagRows[2].id)],
        remove_tag_ids: [String(tagRows[0].id)],
      },
    },
    { name: "close (applications)", changes: { status: "closed" } },
  ];
  // One warm-up request on a set of its own: the first statements plan and cache.
  await bulk(await seed(), KINDS[1].changes);
  console.log(
    `\nbulk_update of ${VACANCIES} vacancies, ${ROUNDS} rounds, each on a fresh set (ms)`,
  );
  let worst = 0;
  for (const kind of KINDS) {
    const times: number[] = [];
    let meta: Record<string, unknown> = {};
    for (let round = 0; round < ROUNDS; round++) {
      const ids = await seed();
      const result = await bulk(ids, kind.changes, kind.preview);
      times.push(result.ms);
      meta = result.meta;
    }
    const m = median(times);
    worst = Math.max(worst, m);
    console.log(
      `${kind.name.padEnd(26)} median ${m.toFixed(0).padStart(6)}  (${times.map((t) => t.toFixed(0)).join(", ")})  changed ${meta.changed_count}, applications closed ${meta.closed_applications}`,
    );
  }
  console.log(
    `slowest median ${worst.toFixed(0)} ms; target <= ${TARGET_MS} ms: ${worst <= TARGET_MS ? "met" : "NOT met"}`,
  );
  await app.close();
} finally {
  await database.close();
}
