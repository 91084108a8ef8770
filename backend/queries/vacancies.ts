import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { organizations, tags, vacancies, vacancyTags } from "../db/schema";
import { type TOrganizationWithRelations, withOrganizationRelations } from "./organizations";

/**
 * Reading vacancies for the public site (docs/vacancies-search.md); the search itself is
 * vacancy-search.ts. Every function takes the tenant.
 */

/** The columns the api shows: everything but the generated search_vector. */
export const PUBLIC_VACANCY_COLUMNS = {
  id: vacancies.id,
  organizationId: vacancies.organizationId,
  volunteerCenterId: vacancies.volunteerCenterId,
  title: vacancies.title,
  summary: vacancies.summary,
  description: vacancies.description,
  status: vacancies.status,
  hoursPerWeek: vacancies.hoursPerWeek,
  remote: vacancies.remote,
  street: vacancies.street,
  postalCode: vacancies.postalCode,
  city: vacancies.city,
  latitude: vacancies.latitude,
  longitude: vacancies.longitude,
  imageUrl: vacancies.imageUrl,
  contactName: vacancies.contactName,
  contactEmail: vacancies.contactEmail,
  contactPhone: vacancies.contactPhone,
  publishedAt: vacancies.publishedAt,
  closesOn: vacancies.closesOn,
  closedAt: vacancies.closedAt,
  ongoing: vacancies.ongoing,
  startsOn: vacancies.startsOn,
  endsOn: vacancies.endsOn,
  volunteersWanted: vacancies.volunteersWanted,
  createdAt: vacancies.createdAt,
  updatedAt: vacancies.updatedAt,
};

export type TTag = {
  id: number;
  name: string;
  nameEn: string | null;
  slug: string;
  archived: boolean;
};
export type TVacancyRow = {
  [K in keyof typeof PUBLIC_VACANCY_COLUMNS]: (typeof PUBLIC_VACANCY_COLUMNS)[K]["_"]["data"];
} & {
  volunteerCenterId: number;
};
export type TVacancy = TVacancyRow & {
  distanceKm: number | null;
  tags: TTag[];
  organization?: TOrganizationWithRelations | null;
};

// Made once: constructing an Intl.DateTimeFormat took about 0.3 ms, on every search.
const AMSTERDAM_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" });

/** The date in the Netherlands (spec: Dutch sites), as YYYY-MM-DD. */
export function amsterdamToday(now = new Date()): string {
  return AMSTERDAM_DATE.format(now);
}

export async function tagsOf(db: AppDb, tenantId: number, ids: readonly number[]) {
  const rows = await db
    .select({
      vacancyId: vacancyTags.vacancyId,
      id: tags.id,
      name: tags.name,
      nameEn: tags.nameEn,
      slug: tags.slug,
      archived: sql<boolean>`${tags.archivedAt} is not null`,
    })
    .from(vacancyTags)
    .innerJoin(tags, eq(tags.id, vacancyTags.tagId))
    .where(and(eq(vacancyTags.tenantId, tenantId), inArray(vacancyTags.vacancyId, [...ids])))
    .orderBy(asc(tags.name), asc(tags.id));
  const byVacancy = new Map<number, TTag[]>();
  for (const { vacancyId, ...tag } of rows) {
    const list = byVacancy.get(vacancyId) ?? [];
    list.push(tag);
    byVacancy.set(vacancyId, list);
  }
  return byVacancy;
}

/** The form a vacancy asks its applicants to fill in, if it names one. */
export async function vacancyApplicationFormId(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select({ formId: vacancies.applicationFormId })
    .from(vacancies)
    .where(and(eq(vacancies.tenantId, tenantId), eq(vacancies.id, id)));
  return row?.formId ?? null;
}

/** The vacancies with these ids in this order, with tags and, when asked, organisations. */
export async function loadVacancies(
  db: AppDb,
  tenantId: number,
  hits: readonly { id: number; distanceKm: number | null }[],
  withOrganization: boolean,
): Promise<TVacancy[]> {
  if (hits.length === 0) return [];
  const ids = hits.map((h) => h.id);
  const rows = (await db
    .select(PUBLIC_VACANCY_COLUMNS)
    .from(vacancies)
    .where(and(eq(vacancies.tenantId, tenantId), inArray(vacancies.id, ids)))) as TVacancyRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const tagMap = await tagsOf(db, tenantId, ids);
  let organizationMap = new Map<number, TOrganizationWithRelations>();
  if (withOrganization) {
    const organizationIds = [...new Set(rows.map((r) => r.organizationId))];
    const organizationRows = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, organizationIds)));
    const loaded = await withOrganizationRelations(db, tenantId, organizationRows);
    organizationMap = new Map(loaded.map((o) => [o.id, o]));
  }
  return hits.flatMap((hit) => {
    const row = byId.get(hit.id);
    if (!row) return [];
    return [
      {
        ...row,
        distanceKm: hit.distanceKm,
        tags: tagMap.get(hit.id) ?? [],
        ...(withOrganization
          ? { organization: organizationMap.get(row.organizationId) ?? null }
          : {}),
      },
    ];
  });
}

/**
 * The statuses whose page the public sees: a published vacancy (also past its closes_on)
 * and a closed one, which says it is closed; drafts, pending and archived ones are nobody's.
 */
const SHOWN_STATUSES = ["published", "closed"] as const;

/** One vacancy whose public page is shown, of one of the centres; else null. The lists and the
 *  sitemap stay with the open ones. */
export async function findPublicVacancy(
  db: AppDb,
  params: { tenantId: number; centerIds: readonly number[]; id: number },
): Promise<number | null> {
  if (params.centerIds.length === 0) return null;
  const [row] = await db
    .select({ id: vacancies.id })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.tenantId, params.tenantId),
        eq(vacancies.id, params.id),
        inArray(vacancies.status, [...SHOWN_STATUSES]),
        inArray(vacancies.volunteerCenterId, [...params.centerIds]),
      ),
    );
  return row?.id ?? null;
}

/** Tag slugs to ids within the tenant; `unknown` when a slug names no tag. */
export async function tagIdsBySlug(db: AppDb, tenantId: number, slugs: readonly string[]) {
  if (slugs.length === 0) return { ids: [] as number[], unknown: false };
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), inArray(tags.slug, [...slugs])));
  return { ids: rows.map((r) => r.id), unknown: rows.length < new Set(slugs).size };
}
