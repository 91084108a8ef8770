import {
  and,
  asc,
  count,
  eq,
  ilike,
  isNotNull,
  isNull,
  like,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { TAG_LIMITS } from "../../lib/contract/tags";
import type { AppDb } from "../db/client";
import { organizationTags, tags, vacancyTags, volunteerProfileTags } from "../db/schema";
import { parameterize } from "./desk-slug";

/**
 * The tenant's tag vocabulary as /tags manages it (docs/tags.md): the tags on offer (not
 * archived) for the public list, forms and pickers; every tag with how much it is used for
 * the back office; and the writes: create, change, archive, merge and delete.
 */

export type TTagRow = {
  id: number;
  name: string;
  nameEn: string | null;
  slug: string;
  archived: boolean;
  archivedAt: Date | null;
};

/** How many vacancies, organisations and volunteers' interests point at a tag. */
export type TTagUse = { vacancyCount: number; organizationCount: number; interestCount: number };

export type TTagWithUse = TTagRow & TTagUse;

const columns = {
  id: tags.id,
  name: tags.name,
  nameEn: tags.nameEn,
  slug: tags.slug,
  archived: sql<boolean>`${tags.archivedAt} is not null`,
  archivedAt: tags.archivedAt,
};

const useOf = {
  vacancyCount: sql<number>`(select count(*) from ${vacancyTags} where ${vacancyTags.tagId} = ${tags.id})::int`,
  organizationCount: sql<number>`(select count(*) from ${organizationTags} where ${organizationTags.tagId} = ${tags.id})::int`,
  interestCount: sql<number>`(select count(*) from ${volunteerProfileTags} where ${volunteerProfileTags.tagId} = ${tags.id})::int`,
};

export type TTagListParams = {
  /** Archived tags too, with their use (the back office); else only the tags on offer. */
  all: boolean;
  /** Only active or only archived ones (with `all`). */
  status?: "active" | "archived";
  /** Words in the Dutch or English name or the slug. */
  q?: string;
  limit: number;
  offset: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the tenant's tags by (Dutch) name, and their number. */
export async function listTagsPage(
  db: AppDb,
  tenantId: number,
  params: TTagListParams,
): Promise<{ rows: (TTagRow & Partial<TTagUse>)[]; records: number }> {
  const where: (SQL | undefined)[] = [eq(tags.tenantId, tenantId)];
  if (!params.all || params.status === "active") where.push(isNull(tags.archivedAt));
  if (params.all && params.status === "archived") where.push(isNotNull(tags.archivedAt));
  const q = params.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    where.push(
      or(ilike(tags.name, pattern), ilike(tags.nameEn, pattern), ilike(tags.slug, pattern)),
    );
  }
  const condition = and(...where);
  const rows = await db
    .select(params.all ? { ...columns, ...useOf } : columns)
    .from(tags)
    .where(condition)
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(tags).where(condition);
  return { rows, records: total };
}

/** One tag of the tenant with its use, or null. */
export async function findTag(
  db: AppDb,
  tenantId: number,
  id: number,
): Promise<TTagWithUse | null> {
  const [row] = await db
    .select({ ...columns, ...useOf })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
  return row ?? null;
}

/** Whether another tag of the tenant has this slug. */
export async function tagSlugTaken(db: AppDb, tenantId: number, slug: string, exceptId?: number) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, tenantId),
        eq(tags.slug, slug),
        exceptId === undefined ? undefined : sql`${tags.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

/** A slug from the name that no other tag of the tenant has: `name`, then `name-2`, … */
export async function uniqueTagSlug(db: AppDb, tenantId: number, name: string, exceptId?: number) {
  // Room for a `-n` suffix within the slug's limit.
  const base =
    parameterize(name, "tag")
      .slice(0, TAG_LIMITS.slugMax - 4)
      .replace(/-+$/, "") || "tag";
  const rows = await db
    .select({ slug: tags.slug })
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, tenantId),
        or(eq(tags.slug, base), like(tags.slug, `${escapeLike(base)}-%`)),
        exceptId === undefined ? undefined : sql`${tags.id} <> ${exceptId}`,
      ),
    );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export async function insertTag(
  db: AppDb,
  tenantId: number,
  values: { name: string; nameEn: string | null; slug: string },
): Promise<number> {
  const [row] = await db
    .insert(tags)
    .values({ tenantId, ...values })
    .returning({ id: tags.id });
  return row.id;
}

export async function updateTag(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<{ name: string; nameEn: string | null; slug: string; archivedAt: Date | null }>,
) {
  await db
    .update(tags)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
}

/**
 * Every link of `sourceId` now points at `targetId`, without duplicates (a row that had
 * both keeps one), and the source is gone. The caller's transaction makes it one step.
 * vacancy_tags' triggers keep vacancies.tag_ids in step (migration 0009).
 */
export async function mergeTag(db: AppDb, tenantId: number, sourceId: number, targetId: number) {
  await db.execute(sql`
    insert into ${vacancyTags} (tenant_id, vacancy_id, tag_id)
    select tenant_id, vacancy_id, ${targetId} from ${vacancyTags}
    where tenant_id = ${tenantId} and tag_id = ${sourceId}
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${organizationTags} (tenant_id, organization_id, tag_id)
    select tenant_id, organization_id, ${targetId} from ${organizationTags}
    where tenant_id = ${tenantId} and tag_id = ${sourceId}
    on conflict do nothing`);
  await db.execute(sql`
    insert into ${volunteerProfileTags} (tenant_id, user_id, tag_id)
    select tenant_id, user_id, ${targetId} from ${volunteerProfileTags}
    where tenant_id = ${tenantId} and tag_id = ${sourceId}
    on conflict do nothing`);
  await deleteTag(db, tenantId, sourceId);
}

/** The tag and its links (the links explicitly, so vacancy_tags' triggers see them go). */
export async function deleteTag(db: AppDb, tenantId: number, id: number) {
  await db
    .delete(vacancyTags)
    .where(and(eq(vacancyTags.tenantId, tenantId), eq(vacancyTags.tagId, id)));
  await db
    .delete(organizationTags)
    .where(and(eq(organizationTags.tenantId, tenantId), eq(organizationTags.tagId, id)));
  await db
    .delete(volunteerProfileTags)
    .where(and(eq(volunteerProfileTags.tenantId, tenantId), eq(volunteerProfileTags.tagId, id)));
  await db.delete(tags).where(and(eq(tags.tenantId, tenantId), eq(tags.id, id)));
}
