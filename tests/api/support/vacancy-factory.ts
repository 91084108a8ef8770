import { randomBytes } from "node:crypto";
import type { AppDb } from "../../../backend/db/client";
import { tags, vacancies, vacancyTags } from "../../../backend/db/schema";

/** Test factories for vacancies and tags (docs/vacancies-search.md). Inserted as the owner. */

const unique = () => randomBytes(4).toString("hex");

export async function createTag(
  db: AppDb,
  tenantId: number,
  attrs: { name?: string; nameEn?: string; slug?: string } = {},
) {
  const slug = attrs.slug ?? `tag-${unique()}`;
  const [tag] = await db
    .insert(tags)
    .values({ tenantId, slug, name: attrs.name ?? slug, nameEn: attrs.nameEn ?? null })
    .returning();
  return tag;
}

export type TVacancyAttrs = Partial<typeof vacancies.$inferInsert> & {
  organizationId: number;
  volunteerCenterId: number;
  tagIds?: number[];
};

export async function createVacancy(db: AppDb, tenantId: number, attrs: TVacancyAttrs) {
  const { tagIds = [], ...values } = attrs;
  const [vacancy] = await db
    .insert(vacancies)
    .values({
      tenantId,
      title: `Vacature ${unique()}`,
      status: "published",
      publishedAt: new Date(),
      ...values,
    })
    .returning({ id: vacancies.id, title: vacancies.title });
  if (tagIds.length > 0) {
    await db
      .insert(vacancyTags)
      .values(tagIds.map((tagId) => ({ tenantId, vacancyId: vacancy.id, tagId })));
  }
  return vacancy;
}
