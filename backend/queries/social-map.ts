import {
  and,
  asc,
  count,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AppDb } from "../db/client";
import {
  addresses,
  organizationProfiles,
  organizations,
  organizationTags,
  type TOrganizationType,
  tags,
  vacancies,
} from "../db/schema";
import type { TOrganization, TOrganizationWithRelations } from "./organizations";

/**
 * The social map (docs/social-map.md): the approved organisations a visitor of this site
 * sees, centres included, that have not opted out (`profile.social_map_visible`; no
 * profile row counts as visible, the column's default). Scope = the tenant and the public
 * centres (queries/public-scope.ts): an organisation belongs to a centre, a centre is
 * its own.
 */

export type TBbox = { minLon: number; minLat: number; maxLon: number; maxLat: number };
export type TSocialMapFilters = {
  q?: string;
  tagSlugs?: string[];
  types?: TOrganizationType[];
  bbox?: TBbox;
  ids?: number[];
};

export type TTagRow = {
  id: number;
  name: string;
  nameEn: string | null;
  slug: string;
  archived: boolean;
};
export type TPublicVacancyRow = {
  id: number;
  organizationId: number;
  title: string;
  summary: string | null;
  city: string | null;
  hoursPerWeek: number | null;
  remote: boolean;
  publishedAt: Date | null;
  closesOn: string | null;
};
export type TSocialMapOrganization = TOrganizationWithRelations & {
  summary: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  logoUrl: string | null;
  tags: TTagRow[];
  vacancies: TPublicVacancyRow[];
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The organisation's address rows (polymorphic), as a correlated condition. */
const addressOf = (tenantId: number, extra: SQL) =>
  sql`(select 1 from ${addresses} where ${addresses.tenantId} = ${tenantId} and ${addresses.addressableType} = 'Organization' and ${addresses.addressableId} = ${organizations.id} and ${extra})`;

/** Everything but the filters: who is on this site's map at all. */
export function socialMapScope(tenantId: number, centerIds: readonly number[]): SQL {
  if (centerIds.length === 0) return sql`false`;
  return and(
    eq(organizations.tenantId, tenantId),
    eq(organizations.status, "approved"),
    or(
      inArray(organizations.volunteerCenterId, [...centerIds]),
      inArray(organizations.id, [...centerIds]),
    ),
    or(isNull(organizationProfiles.id), eq(organizationProfiles.socialMapVisible, true)),
  ) as SQL;
}

function filterConditions(tenantId: number, filters: TSocialMapFilters): SQL[] {
  const out: SQL[] = [];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    out.push(
      or(ilike(organizations.name, pattern), ilike(organizationProfiles.summary, pattern)) as SQL,
    );
  }
  if (filters.types && filters.types.length > 0) {
    out.push(inArray(organizations.type, filters.types));
  }
  if (filters.ids) out.push(inArray(organizations.id, filters.ids));
  if (filters.tagSlugs && filters.tagSlugs.length > 0) {
    // Any of the tags (our decision, docs/social-map.md): checking two themes widens the map.
    out.push(
      exists(
        sql`(select 1 from ${organizationTags} inner join ${tags} on ${tags.id} = ${organizationTags.tagId} where ${organizationTags.tenantId} = ${tenantId} and ${organizationTags.organizationId} = ${organizations.id} and ${inArray(tags.slug, filters.tagSlugs)})`,
      ),
    );
  }
  if (filters.bbox) {
    const b = filters.bbox;
    out.push(
      exists(
        addressOf(
          tenantId,
          and(
            isNotNull(addresses.latitude),
            gte(addresses.longitude, b.minLon),
            lte(addresses.longitude, b.maxLon),
            gte(addresses.latitude, b.minLat),
            lte(addresses.latitude, b.maxLat),
          ) as SQL,
        ),
      ),
    );
  }
  return out;
}

/** One page of the map's organisations by name (ties by id, so pages never overlap). */
export async function listSocialMap(
  db: AppDb,
  tenantId: number,
  params: {
    centerIds: readonly number[];
    filters: TSocialMapFilters;
    limit: number;
    offset: number;
  },
): Promise<{ rows: TOrganization[]; records: number }> {
  const where = and(
    socialMapScope(tenantId, params.centerIds),
    ...filterConditions(tenantId, params.filters),
  );
  const rows = await db
    .select({ organization: organizations })
    .from(organizations)
    .leftJoin(
      organizationProfiles,
      and(
        eq(organizationProfiles.organizationId, organizations.id),
        eq(organizationProfiles.tenantId, tenantId),
      ),
    )
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(organizations)
    .leftJoin(
      organizationProfiles,
      and(
        eq(organizationProfiles.organizationId, organizations.id),
        eq(organizationProfiles.tenantId, tenantId),
      ),
    )
    .where(where);
  return { rows: rows.map((r) => r.organization), records: total };
}

/** The tags of each organisation, by name. */
export async function tagsFor(
  db: AppDb,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, TTagRow[]>> {
  const found = new Map<number, TTagRow[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({
      organizationId: organizationTags.organizationId,
      id: tags.id,
      name: tags.name,
      nameEn: tags.nameEn,
      slug: tags.slug,
      archived: sql<boolean>`${tags.archivedAt} is not null`,
    })
    .from(organizationTags)
    .innerJoin(tags, eq(tags.id, organizationTags.tagId))
    .where(
      and(
        eq(organizationTags.tenantId, tenantId),
        inArray(organizationTags.organizationId, [...ids]),
      ),
    )
    .orderBy(asc(tags.name), asc(tags.id));
  for (const { organizationId, ...tag } of rows) {
    found.set(organizationId, [...(found.get(organizationId) ?? []), tag]);
  }
  return found;
}

/**
 * Each organisation's public vacancies: published, not past their closing day, of a public
 * centre (the same scope as the vacancy pages), newest first.
 */
export async function publishedVacanciesFor(
  db: AppDb,
  tenantId: number,
  ids: readonly number[],
  centerIds: readonly number[],
): Promise<Map<number, TPublicVacancyRow[]>> {
  const found = new Map<number, TPublicVacancyRow[]>();
  if (ids.length === 0 || centerIds.length === 0) return found;
  const rows = await db
    .select({
      id: vacancies.id,
      organizationId: vacancies.organizationId,
      title: vacancies.title,
      summary: vacancies.summary,
      city: vacancies.city,
      hoursPerWeek: vacancies.hoursPerWeek,
      remote: vacancies.remote,
      publishedAt: vacancies.publishedAt,
      closesOn: vacancies.closesOn,
    })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.tenantId, tenantId),
        eq(vacancies.status, "published"),
        inArray(vacancies.organizationId, [...ids]),
        inArray(vacancies.volunteerCenterId, [...centerIds]),
        or(isNull(vacancies.closesOn), sql`${vacancies.closesOn} >= current_date`),
      ),
    )
    .orderBy(sql`${vacancies.publishedAt} desc nulls last`, asc(vacancies.id));
  for (const row of rows) {
    found.set(row.organizationId, [...(found.get(row.organizationId) ?? []), row]);
  }
  return found;
}

/** Address, profile, tags and public vacancies, plus the flat marker attributes. */
export async function withSocialMapRelations(
  db: AppDb,
  tenantId: number,
  rows: readonly TOrganizationWithRelations[],
  centerIds: readonly number[],
  options: { vacancies: boolean },
): Promise<TSocialMapOrganization[]> {
  const ids = rows.map((r) => r.id);
  const tagMap = await tagsFor(db, tenantId, ids);
  const vacancyMap = options.vacancies
    ? await publishedVacanciesFor(db, tenantId, ids, centerIds)
    : new Map<number, TPublicVacancyRow[]>();
  return rows.map((row) => ({
    ...row,
    summary: row.profile?.summary ?? null,
    city: row.address?.city ?? null,
    latitude: row.address?.latitude ?? null,
    longitude: row.address?.longitude ?? null,
    logoUrl: row.profile?.logoUrl ?? null,
    tags: tagMap.get(row.id) ?? [],
    vacancies: vacancyMap.get(row.id) ?? [],
  }));
}
