import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwnerWithinTenant } from "../../backend/db/as-owner";
import { type AppDb, type Database, withTenant } from "../../backend/db/client";
import * as schema from "../../backend/db/schema";
import { amsterdamToday } from "../../backend/queries/vacancies";
import {
  searchSummary,
  searchVacancyIds,
  type TSearchParams,
} from "../../backend/queries/vacancy-search";
import { freshDatabase } from "./support/database";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { createTag, createVacancy } from "./support/vacancy-factory";

// The vacancy search's id, count and facet statements run as the table owner
// (backend/db/as-owner.ts, docs/vacancies-search.md): they must still stay inside the
// transaction's tenant whatever tenant and centre ids the caller passes, hand the
// transaction back as volunteerly_app (also after an error), and, on PostgreSQL, use the
// text and point indexes.

let database: Database;
let db: AppDb;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let bVacancy = 0;
let bOrganization = 0;
let bTag = 0;

const ZWOLLE = { latitude: 52.5168, longitude: 6.083 };

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const aOrganization = (
    await createOrganization(db, a.tenant.id, { volunteerCenterId: a.center.id })
  ).id;
  bOrganization = (await createOrganization(db, b.tenant.id, { volunteerCenterId: b.center.id }))
    .id;
  bTag = (await createTag(db, b.tenant.id, { slug: "vervoer", name: "Vervoer" })).id;
  await createVacancy(db, a.tenant.id, {
    organizationId: aOrganization,
    volunteerCenterId: a.center.id,
    title: "Koffie schenken in het buurthuis",
    ...ZWOLLE,
    hoursPerWeek: 3,
  });
  bVacancy = (
    await createVacancy(db, b.tenant.id, {
      organizationId: bOrganization,
      volunteerCenterId: b.center.id,
      title: "Chauffeur voor de voedselbank",
      ...ZWOLLE,
      hoursPerWeek: 3,
      tagIds: [bTag],
    })
  ).id;
});

afterAll(async () => {
  await database?.close();
});

/** Every filter, naming tenant B, B's centre, organisation and tag. */
const paramsOfB = (): TSearchParams => ({
  tenantId: b.tenant.id,
  centerIds: [b.center.id],
  today: amsterdamToday(),
  q: "voedselbank",
  near: { ...ZWOLLE, km: 10 },
  tagIds: [bTag],
  hours: ["0-4"],
  organizationIds: [bOrganization],
  sort: "relevance",
  limit: 20,
  offset: 0,
});

const roleOf = async (tx: AppDb) =>
  (
    (await tx.execute(
      sql`select current_user as "user", current_setting('role') as role`,
    )) as unknown as { rows: { user: string; role: string }[] }
  ).rows[0];

describe("the owner statements stay in the transaction's tenant", () => {
  it("finds B's vacancy in B's own transaction (the control)", async () => {
    const found = await withTenant(db, b.tenant.id, async (tx) => ({
      hits: await searchVacancyIds(tx, paramsOfB()),
      summary: await searchSummary(tx, paramsOfB()),
    }));
    expect(found.hits.map((h) => h.id)).toEqual([bVacancy]);
    expect(found.summary.records).toBe(1);
    expect(found.summary.facets.organizations).toEqual([
      expect.objectContaining({ id: bOrganization, count: 1 }),
    ]);
  });

  it("finds nothing in A's transaction with B's tenant, centre, organisation and tag", async () => {
    const found = await withTenant(db, a.tenant.id, async (tx) => ({
      hits: await searchVacancyIds(tx, paramsOfB()),
      summary: await searchSummary(tx, paramsOfB()),
      after: await roleOf(tx),
    }));
    expect(found.hits).toEqual([]);
    expect(found.summary.records).toBe(0);
    expect(found.summary.facets.organizations).toEqual([]);
    expect(found.summary.facets.hours.every((h) => h.count === 0)).toBe(true);
    // B's tags are read under row security: A's transaction sees none of them.
    expect(found.summary.facets.tags).toEqual([]);
    expect(found.after).toEqual({ user: "volunteerly_app", role: "volunteerly_app" });
  });

  it("finds nothing in A's transaction without words or place either (newest, B's centre)", async () => {
    const params: TSearchParams = {
      tenantId: b.tenant.id,
      centerIds: [b.center.id, a.center.id],
      today: amsterdamToday(),
      sort: "-published_at",
      limit: 20,
      offset: 0,
    };
    const hits = await withTenant(db, a.tenant.id, (tx) => searchVacancyIds(tx, params));
    // Only A's own vacancy (A's centre is in the list): never B's.
    expect(hits.map((h) => h.id)).not.toContain(bVacancy);
    expect(hits).toHaveLength(1);
  });
});

describe("asOwnerWithinTenant", () => {
  it("runs fn as the login role and hands back volunteerly_app", async () => {
    const seen = await withTenant(db, a.tenant.id, async (tx) => {
      const inside = await asOwnerWithinTenant(tx, roleOf);
      return { inside, after: await roleOf(tx) };
    });
    expect(seen.inside.role).toBe("none");
    expect(seen.inside.user).not.toBe("volunteerly_app");
    expect(seen.after).toEqual({ user: "volunteerly_app", role: "volunteerly_app" });
  });

  it("hands back volunteerly_app after a failed statement, and the transaction goes on", async () => {
    const seen = await withTenant(db, a.tenant.id, async (tx) => {
      const error = await asOwnerWithinTenant(tx, (owner) => owner.execute(sql`select 1 / 0`))
        .then(() => null)
        .catch((e: unknown) => e);
      return { error, after: await roleOf(tx) };
    });
    expect(String(seen.error)).toMatch(/division by zero|Failed query/);
    expect(seen.after).toEqual({ user: "volunteerly_app", role: "volunteerly_app" });
  });

  it("hands back volunteerly_app after an error thrown in code between statements", async () => {
    const seen = await withTenant(db, a.tenant.id, async (tx) => {
      const error = await asOwnerWithinTenant(tx, async (owner) => {
        await owner.execute(sql`select 1`);
        throw new Error("boom");
      }).catch((e: unknown) => e);
      return { error, after: await roleOf(tx) };
    });
    expect((seen.error as Error).message).toBe("boom");
    expect(seen.after).toEqual({ user: "volunteerly_app", role: "volunteerly_app" });
  });

  it("refuses to run outside withTenant", async () => {
    await expect(db.transaction((tx) => asOwnerWithinTenant(tx, roleOf))).rejects.toThrow(
      /only inside withTenant/,
    );
  });
});

// EXPLAIN needs PostgreSQL's planner with real statistics; PGlite runs the same SQL above.
describe.runIf(process.env.TEST_DB_KIND === "postgres")("the search uses its indexes", () => {
  // 5000 more of A's vacancies spread over the Netherlands, so an index is worth using.
  beforeAll(async () => {
    const organization = (
      await createOrganization(db, a.tenant.id, { volunteerCenterId: a.center.id })
    ).id;
    await db.execute(sql`
      insert into vacancies (tenant_id, organization_id, volunteer_center_id, title, summary,
        status, published_at, latitude, longitude, hours_per_week)
      select ${a.tenant.id}, ${organization}, ${a.center.id}, 'Vrijwilliger ' || g,
        'Helpen bij activiteit ' || g, 'published', now() - g * interval '1 minute',
        50.8 + (g % 97) * 0.035, 3.4 + (g % 89) * 0.04, g % 20
      from generate_series(1, 5000) g`);
    // VACUUM moves the new rows out of the GIN pending list, which the planner counts hard.
    await db.execute(sql`vacuum analyze vacancies`);
  });

  /** The id statement of a search, captured as the api runs it, then EXPLAINed as it runs. */
  async function planOfIdStatement(params: TSearchParams, owner: boolean) {
    const client = (db as unknown as { $client: pg.Pool }).$client;
    const captured: { query: string; params: unknown[] }[] = [];
    const logging = drizzle(client, {
      schema,
      logger: { logQuery: (query, p) => captured.push({ query, params: p }) },
    }) as unknown as AppDb;
    await withTenant(logging, a.tenant.id, (tx) => searchVacancyIds(tx, params));
    const statement = captured.find((c) => /from "vacancies"/.test(c.query));
    if (!statement) throw new Error("no id statement captured");
    const connection = await client.connect();
    try {
      await connection.query("begin");
      await connection.query(
        "select set_config('app.tenant_id', $1, true), set_config('role', 'volunteerly_app', true)",
        [String(a.tenant.id)],
      );
      if (owner) await connection.query("select set_config('role', 'none', true)");
      const plan = await connection.query(`explain ${statement.query}`, statement.params);
      return plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
    } finally {
      await connection.query("rollback");
      connection.release();
    }
  }

  const paramsOfA = (extra: Partial<TSearchParams>): TSearchParams => ({
    tenantId: a.tenant.id,
    centerIds: [a.center.id],
    today: amsterdamToday(),
    sort: "-published_at",
    limit: 20,
    offset: 0,
    ...extra,
  });

  it("a word search uses vacancies_search_idx as the owner, and cannot under row security", async () => {
    const params = paramsOfA({ q: "koffie", sort: "relevance" });
    expect(await planOfIdStatement(params, true)).toContain("vacancies_search_idx");
    expect(await planOfIdStatement(params, false)).not.toContain("vacancies_search_idx");
  });

  it("a place search uses vacancies_located_idx as the owner, and cannot under row security", async () => {
    const params = paramsOfA({ near: { ...ZWOLLE, km: 10 }, sort: "distance" });
    const asOwner = await planOfIdStatement(params, true);
    expect(asOwner).toContain("Index Only Scan using vacancies_located_idx");
    expect(asOwner).toContain("vacancies_published_remote_idx");
    expect(await planOfIdStatement(params, false)).not.toContain("vacancies_located_idx");
  });

  it("the newest of a site reads only the covering index, in its order", async () => {
    // (A tag search at 5 000 rows may as well scan the table; bench:search checks it at
    // 100 000.)
    const newest = await planOfIdStatement(paramsOfA({}), true);
    expect(newest).toContain("Index Only Scan using vacancies_published_idx");
    expect(newest).not.toContain("Sort");
  });
});
