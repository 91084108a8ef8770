import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDb, Database } from "../../backend/db/client";
import { tags, vacancies, vacancyTags } from "../../backend/db/schema";
import { freshDatabase } from "./support/database";
import { createOrganization, createTenantWithCenter } from "./support/factories";
import { createTag, createVacancy } from "./support/vacancy-factory";

// vacancies.tag_ids mirrors vacancy_tags through statement triggers (migration 0009): the
// search filters and counts tags from it, so every way a link changes must show there.

let database: Database;
let db: AppDb;
let tenantId = 0;
let organizationId = 0;
let centerId = 0;

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const setup = await createTenantWithCenter(db);
  tenantId = setup.tenant.id;
  centerId = setup.center.id;
  organizationId = (await createOrganization(db, tenantId, { volunteerCenterId: centerId })).id;
});
afterAll(() => database.close());

const tagIdsOf = async (id: number) =>
  (await db.select({ ids: vacancies.tagIds }).from(vacancies).where(eq(vacancies.id, id)))[0]?.ids;

describe("vacancies.tag_ids", () => {
  it("follows inserts, updates and deletes of vacancy_tags, sorted", async () => {
    const [t1, t2, t3] = [
      await createTag(db, tenantId),
      await createTag(db, tenantId),
      await createTag(db, tenantId),
    ];
    const v = await createVacancy(db, tenantId, {
      organizationId,
      volunteerCenterId: centerId,
      tagIds: [t2.id, t1.id],
    });
    expect(await tagIdsOf(v.id)).toEqual([t1.id, t2.id].sort((x, y) => x - y));

    await db
      .update(vacancyTags)
      .set({ tagId: t3.id })
      .where(sql`${vacancyTags.vacancyId} = ${v.id} and ${vacancyTags.tagId} = ${t1.id}`);
    expect(await tagIdsOf(v.id)).toEqual([t2.id, t3.id].sort((x, y) => x - y));

    await db
      .delete(vacancyTags)
      .where(sql`${vacancyTags.vacancyId} = ${v.id} and ${vacancyTags.tagId} = ${t2.id}`);
    expect(await tagIdsOf(v.id)).toEqual([t3.id]);

    // Deleting the tag itself cascades to the link, and the mirror follows.
    await db.delete(tags).where(eq(tags.id, t3.id));
    expect(await tagIdsOf(v.id)).toEqual([]);
  });

  it("is right for every vacancy of a statement that links many at once", async () => {
    const tag = await createTag(db, tenantId);
    const other = await createTag(db, tenantId);
    const plain = { organizationId, volunteerCenterId: centerId };
    const a = await createVacancy(db, tenantId, { ...plain, tagIds: [other.id] });
    const b = await createVacancy(db, tenantId, plain);
    const untouched = await createVacancy(db, tenantId, { ...plain, tagIds: [other.id] });
    await db.insert(vacancyTags).values([
      { tenantId, vacancyId: a.id, tagId: tag.id },
      { tenantId, vacancyId: b.id, tagId: tag.id },
    ]);
    expect(await tagIdsOf(a.id)).toEqual([tag.id, other.id].sort((x, y) => x - y));
    expect(await tagIdsOf(b.id)).toEqual([tag.id]);
    expect(await tagIdsOf(untouched.id)).toEqual([other.id]);
  });

  it("rolls back with the statement that failed", async () => {
    const tag = await createTag(db, tenantId);
    const v = await createVacancy(db, tenantId, { organizationId, volunteerCenterId: centerId });
    // The second row names a tag that does not exist: the whole insert fails.
    await expect(
      db.insert(vacancyTags).values([
        { tenantId, vacancyId: v.id, tagId: tag.id },
        { tenantId, vacancyId: v.id, tagId: 2_000_000_000 },
      ]),
    ).rejects.toThrow();
    expect(await tagIdsOf(v.id)).toEqual([]);
  });
});
