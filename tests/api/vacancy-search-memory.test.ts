import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDb, type Database, withTenant } from "../../backend/db/client";
import { vacancies, vacancyTags } from "../../backend/db/schema";
import { amsterdamToday } from "../../backend/queries/vacancies";
import {
  HOURS_BUCKETS,
  loadSiteTable,
  loadWordRanks,
  namedSummary,
  searchSummary,
  searchVacancyIds,
  type TSearchParams,
  type TSearchSort,
} from "../../backend/queries/vacancy-search";
import { searchSiteTable } from "../../backend/queries/vacancy-search-memory";
import { freshDatabase } from "./support/database";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { createTag } from "./support/vacancy-factory";

// The api answers a search in memory while its cache is active (queries/vacancy-search-
// memory.ts) and with the SQL statements otherwise: both must give the same page, in the
// same order, with the same distances, count and facets, for any search. A fixed-seed data
// set with what makes them differ if anything does: two centres, drafts and closed ones,
// closing dates around today, no hours, no coordinates, remote ones near and far, equal
// publication times and times a microsecond apart, and texts that rank alike.

let database: Database;
let db: AppDb;
let tenantId = 0;
let centres: number[] = [];
const organizationIds: number[] = [];
const tagIds: number[] = [];

const ZWOLLE = { latitude: 52.5168, longitude: 6.083 };
const TEXTS = [
  "Koffie schenken in het buurthuis",
  "Chauffeur voor de voedselbank",
  "Tuin onderhouden met een maatje",
  "Koffie en tuin: samen klussen",
  "Maatje voor een oudere",
  "Administratie bij de voedselbank, koffie inbegrepen",
];

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  tenantId = tenant.id;
  const second = await createOrganization(db, tenantId, {
    type: "VolunteerCenter",
    name: "Tweede centrum",
  });
  centres = [center.id, second.id];
  for (let i = 0; i < 4; i++) {
    const o = await createOrganization(db, tenantId, {
      name: `Organisatie ${i}`,
      volunteerCenterId: centres[i % 2],
    });
    organizationIds.push(o.id);
  }
  for (const slug of ["zorg", "sport", "taal", "vervoer", "klussen"]) {
    tagIds.push((await createTag(db, tenantId, { slug, name: slug })).id);
  }
  let seed = 20261127;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const today = amsterdamToday();
  const day = (offset: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  const base = Date.parse("2026-10-01T10:00:00Z");
  const rows = Array.from({ length: 240 }, (_, i) => {
    const remote = random() < 0.12;
    const located = random() > 0.06;
    // Remote ones also far away (Maastricht), so their distance is outside any box.
    const far = remote && random() < 0.5;
    return {
      tenantId,
      organizationId: pick(organizationIds),
      volunteerCenterId: pick(centres),
      title: pick(TEXTS),
      summary: random() < 0.5 ? pick(TEXTS) : null,
      status: pick([
        "published",
        "published",
        "published",
        "published",
        "draft",
        "closed",
      ] as const),
      hoursPerWeek: random() < 0.15 ? null : Math.floor(random() * 30),
      remote,
      latitude: located ? (far ? 50.85 : 52.3 + random() * 0.45) : null,
      longitude: located ? (far ? 5.69 : 5.75 + random() * 0.7) : null,
      closesOn: pick([null, null, day(-1), day(0), day(30)]),
      // Few distinct times: many ties, broken by id.
      publishedAt: random() < 0.05 ? null : new Date(base + Math.floor(random() * 12) * 3_600_000),
      _tags: tagIds.filter(() => random() < 0.3),
      _index: i,
    };
  });
  const inserted = await db
    .insert(vacancies)
    .values(rows.map(({ _tags, _index, ...v }) => v))
    .returning({ id: vacancies.id });
  const links = rows.flatMap((r, i) =>
    r._tags.map((tagId) => ({ tenantId, vacancyId: inserted[i].id, tagId })),
  );
  await db.insert(vacancyTags).values(links);
  // Microseconds the api's JavaScript dates cannot hold, so order by them is PostgreSQL's.
  await db.execute(
    sql`update vacancies set published_at = published_at + (id % 3) * interval '1 microsecond'
        where tenant_id = ${tenantId} and id % 5 = 0`,
  );
});

afterAll(async () => {
  await database?.close();
});

const search = fc.record({
  twoCentres: fc.boolean(),
  q: fc.option(
    fc.constantFrom("koffie", "voedselbank", "tuin maatje", "koffie or tuin", "-koffie maatje"),
    {
      nil: undefined,
    },
  ),
  near: fc.option(
    fc.record({
      latitude: fc.constantFrom(ZWOLLE.latitude, 52.4),
      longitude: fc.constantFrom(ZWOLLE.longitude, 5.9),
      km: fc.constantFrom(1, 5, 10, 25, 100),
    }),
    { nil: undefined },
  ),
  tags: fc.subarray([0, 1, 2, 3, 4], { maxLength: 2 }),
  unknownTag: fc.boolean(),
  hours: fc.subarray(HOURS_BUCKETS.map((b) => b.key)),
  organizations: fc.subarray([0, 1, 2, 3], { maxLength: 2 }),
  sort: fc.constantFrom<TSearchSort>("relevance", "distance", "-published_at", "published_at"),
  limit: fc.integer({ min: 1, max: 30 }),
  offset: fc.integer({ min: 0, max: 80 }),
});

describe("a search in memory", () => {
  it("gives the SQL statements' page, distances, count and facets", async () => {
    await fc.assert(
      fc.asyncProperty(search, async (s) => {
        const sort =
          (s.sort === "relevance" && !s.q) || (s.sort === "distance" && !s.near)
            ? "-published_at"
            : s.sort;
        const p: TSearchParams = {
          tenantId,
          centerIds: s.twoCentres ? centres : [centres[0]],
          today: amsterdamToday(),
          q: s.q,
          near: s.near,
          tagIds: s.tags.map((i) => tagIds[i]),
          unknownTag: s.unknownTag && s.tags.length === 0,
          hours: s.hours,
          organizationIds: s.organizations.map((i) => organizationIds[i]),
          sort,
          limit: s.limit,
          offset: s.offset,
        };
        const bySql = await withTenant(db, tenantId, async (tx) => ({
          hits: await searchVacancyIds(tx, p),
          summary: await searchSummary(tx, p),
        }));
        const inMemory = await withTenant(db, tenantId, async (tx) => {
          const table = await loadSiteTable(tx, p);
          const ranks = p.q === undefined ? undefined : await loadWordRanks(tx, p);
          const { hits, counts } = searchSiteTable(table, p, ranks);
          return { hits, summary: await namedSummary(tx, p, counts) };
        });
        expect(inMemory.hits.map((h) => h.id)).toEqual(bySql.hits.map((h) => h.id));
        inMemory.hits.forEach((h, i) => {
          const expected = bySql.hits[i].distanceKm;
          if (expected === null) expect(h.distanceKm).toBeNull();
          else expect(Math.abs((h.distanceKm as number) - expected)).toBeLessThan(1e-9);
        });
        expect(inMemory.summary).toEqual(bySql.summary);
      }),
      { numRuns: 150, seed: 20261127 },
    );
  });

  it("finds the data set's matches at all (the property is not vacuous)", async () => {
    const p: TSearchParams = {
      tenantId,
      centerIds: centres,
      today: amsterdamToday(),
      q: "koffie",
      near: { ...ZWOLLE, km: 25 },
      sort: "distance",
      limit: 100,
      offset: 0,
    };
    const summary = await withTenant(db, tenantId, (tx) => searchSummary(tx, p));
    expect(summary.records).toBeGreaterThan(5);
    expect(summary.facets.organizations.length).toBeGreaterThan(1);
  });
});
