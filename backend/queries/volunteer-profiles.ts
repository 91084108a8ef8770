import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  type TVolunteerProfile,
  tags,
  volunteerProfiles,
  volunteerProfileTags,
} from "../db/schema";

/**
 * The profile's own columns, without its keys, timestamps and what the mail and the pool keep
 * about it (when the periodic mail last went, its unsubscribe token, when the pool last asked,
 * the pool's generated search text).
 */
export type TVolunteerProfileValues = Omit<
  TVolunteerProfile,
  | "userId"
  | "tenantId"
  | "createdAt"
  | "updatedAt"
  | "periodicMailSentThrough"
  | "periodicMailUnsubscribeToken"
  | "lastInvitedAt"
  | "searchText"
>;

/** A user who never saved a profile has this one (lib/contract EMPTY_VOLUNTEER_PROFILE). */
export const EMPTY_PROFILE_VALUES: TVolunteerProfileValues = {
  postalCode: null,
  city: null,
  latitude: null,
  longitude: null,
  about: "",
  skills: [],
  availability: [],
  hoursPerWeek: null,
  languages: [],
  inPool: false,
  poolOptedInAt: null,
  periodicMailFrequency: "never",
  periodicMailRadiusKm: null,
};

export async function findVolunteerProfile(db: AppDb, tenantId: number, userId: number) {
  const [row] = await db
    .select()
    .from(volunteerProfiles)
    .where(and(eq(volunteerProfiles.tenantId, tenantId), eq(volunteerProfiles.userId, userId)));
  return row as TVolunteerProfile | undefined;
}

/** The profile's interests, by name. */
export async function volunteerProfileTagRows(db: AppDb, tenantId: number, userId: number) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      nameEn: tags.nameEn,
      slug: tags.slug,
      archived: sql<boolean>`${tags.archivedAt} is not null`,
    })
    .from(volunteerProfileTags)
    .innerJoin(tags, eq(tags.id, volunteerProfileTags.tagId))
    .where(
      and(
        eq(volunteerProfileTags.tenantId, tenantId),
        eq(volunteerProfileTags.userId, userId),
        eq(tags.tenantId, tenantId),
      ),
    )
    .orderBy(asc(tags.name), asc(tags.id));
}

/** Those of `ids` that are tags of the tenant. */
export async function tenantTagIds(
  db: AppDb,
  tenantId: number,
  ids: readonly number[],
  /** An archived tag counts only as one this volunteer already has (docs/tags.md). */
  userId: number,
) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, tenantId),
        inArray(tags.id, [...ids]),
        sql`(${tags.archivedAt} is null or exists (select 1 from ${volunteerProfileTags} where ${volunteerProfileTags.userId} = ${userId} and ${volunteerProfileTags.tagId} = ${tags.id}))`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Writes the whole profile: a new row on the first save, else the user's row. */
export async function saveVolunteerProfile(
  db: AppDb,
  tenantId: number,
  userId: number,
  values: TVolunteerProfileValues,
): Promise<TVolunteerProfile> {
  // The values are often the stored row with changes, and so carry the generated
  // search_text, which PostgreSQL refuses to be set.
  const { searchText: _generated, ...writable } = values as TVolunteerProfileValues & {
    searchText?: unknown;
  };
  const [row] = await db
    .insert(volunteerProfiles)
    .values({ ...writable, tenantId, userId })
    .onConflictDoUpdate({
      target: volunteerProfiles.userId,
      set: { ...writable, updatedAt: new Date() },
      // The row is the tenant's own (row-level security as well): never another's.
      where: eq(volunteerProfiles.tenantId, tenantId),
    })
    .returning();
  return row;
}

/** The interests become exactly `tagIds` (already checked to be the tenant's). */
export async function replaceVolunteerProfileTags(
  db: AppDb,
  tenantId: number,
  userId: number,
  tagIds: readonly number[],
) {
  await db
    .delete(volunteerProfileTags)
    .where(
      and(eq(volunteerProfileTags.tenantId, tenantId), eq(volunteerProfileTags.userId, userId)),
    );
  if (tagIds.length === 0) return;
  await db
    .insert(volunteerProfileTags)
    .values(tagIds.map((tagId) => ({ tenantId, userId, tagId })));
}
