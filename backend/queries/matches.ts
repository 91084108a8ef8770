import { and, desc, eq, gt, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { vacancies } from "../db/schema";
import { byScore, scoreMatch, type TMatch, type TMatchProfile } from "../domain/matching";
import { boundingBox } from "../geo/distance";
import { findVolunteerProfile, volunteerProfileTagRows } from "./volunteer-profiles";

/**
 * The vacancies that fit a volunteer (docs/matching.md): a bounded set of candidates read
 * in SQL (public, sharing an interest or a slot, inside the radius's box or remote),
 * scored in JS by domain/matching.ts. Every function takes the tenant.
 */

/** How many candidates are scored at most: the newest of them, when there are more. */
export const MATCH_CANDIDATES = 500;

export type TMatchInputs = TMatchProfile & {
  tagNames: Map<number, { name: string; nameEn: string | null }>;
};

/**
 * What the matching needs of the user's profile, or why there is nothing to match:
 * `no_profile` (never saved), `empty_profile` (no interests and no slots).
 */
export async function matchInputs(
  db: AppDb,
  tenantId: number,
  userId: number,
): Promise<
  { inputs: TMatchInputs; why: null } | { inputs: null; why: "no_profile" | "empty_profile" }
> {
  const profile = await findVolunteerProfile(db, tenantId, userId);
  if (!profile) return { inputs: null, why: "no_profile" };
  const interests = await volunteerProfileTagRows(db, tenantId, userId);
  if (interests.length === 0 && profile.availability.length === 0) {
    return { inputs: null, why: "empty_profile" };
  }
  return {
    why: null,
    inputs: {
      tagIds: interests.map((t) => t.id),
      tagNames: new Map(interests.map((t) => [t.id, { name: t.name, nameEn: t.nameEn }])),
      latitude: profile.latitude,
      longitude: profile.longitude,
      radiusKm: profile.periodicMailRadiusKm,
      availability: profile.availability,
    },
  };
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map(Number).join(",")}}`}::integer[]`;
const textArray = (values: readonly string[]) =>
  // Slots come from the contract's grid (checked by the database), never from a request.
  sql`${`{${values.map((v) => `"${v}"`).join(",")}}`}::text[]`;

export type TScoredVacancy = TMatch & { id: number; publishedAt: Date | null };

/**
 * The public vacancies of `centerIds` that match, best first, at most `limit`. With
 * `publishedAfter`/`publishedThrough` only those published in that window (the periodic
 * mail's new ones).
 */
export async function findMatches(
  db: AppDb,
  params: {
    tenantId: number;
    centerIds: readonly number[];
    today: string;
    inputs: TMatchInputs;
    limit: number;
    publishedAfter?: Date | null;
    publishedThrough?: Date;
  },
): Promise<TScoredVacancy[]> {
  const { inputs } = params;
  if (params.centerIds.length === 0) return [];
  const common: SQL[] = [];
  if (inputs.tagIds.length > 0) common.push(sql`${vacancies.tagIds} && ${intArray(inputs.tagIds)}`);
  if (inputs.availability.length > 0) {
    common.push(sql`${vacancies.availability} && ${textArray(inputs.availability)}`);
  }
  if (common.length === 0) return [];
  const where: (SQL | undefined)[] = [
    eq(vacancies.tenantId, params.tenantId),
    sql`${vacancies.status} = 'published'`,
    inArray(vacancies.volunteerCenterId, [...params.centerIds]),
    or(isNull(vacancies.closesOn), gte(vacancies.closesOn, params.today)),
    or(...common),
  ];
  if (inputs.radiusKm !== null && inputs.latitude !== null && inputs.longitude !== null) {
    const box = boundingBox(inputs.latitude, inputs.longitude, inputs.radiusKm);
    where.push(
      or(
        eq(vacancies.remote, true),
        isNull(vacancies.latitude),
        isNull(vacancies.longitude),
        sql`(${vacancies.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8
          and ${vacancies.longitude} between ${box.minLon}::float8 and ${box.maxLon}::float8)`,
      ),
    );
  }
  if (params.publishedAfter) where.push(gt(vacancies.publishedAt, params.publishedAfter));
  if (params.publishedThrough) where.push(lte(vacancies.publishedAt, params.publishedThrough));

  const rows = await db
    .select({
      id: vacancies.id,
      tagIds: vacancies.tagIds,
      latitude: vacancies.latitude,
      longitude: vacancies.longitude,
      remote: vacancies.remote,
      availability: vacancies.availability,
      publishedAt: vacancies.publishedAt,
    })
    .from(vacancies)
    .where(and(...where))
    .orderBy(desc(vacancies.publishedAt), desc(vacancies.id))
    .limit(MATCH_CANDIDATES);

  const scored: TScoredVacancy[] = [];
  for (const row of rows) {
    const match = scoreMatch(inputs, {
      // Only the shared tags can become reasons; the profile's own names them.
      tags: row.tagIds.flatMap((id) => {
        const names = inputs.tagNames.get(id);
        return names === undefined ? [] : [{ id, ...names }];
      }),
      latitude: row.latitude,
      longitude: row.longitude,
      remote: row.remote,
      availability: row.availability,
    });
    if (match) scored.push({ ...match, id: row.id, publishedAt: row.publishedAt });
  }
  return scored.sort(byScore).slice(0, params.limit);
}
