import type { AppDb } from "../client";
import { seedActivities } from "./activities";
import { seedContentPages } from "./content-pages";
import { seedNews } from "./news";
import { seedPartners } from "./partners";
import { seedSocialMap } from "./social-map";
import { seedTags } from "./tags";
import { seedVacancies } from "./vacancies";

/** What the public content seeders of one tenant get (docs/public-content.md). */
export type TPublicSeedContext = {
  db: AppDb;
  tenantId: number;
  slug: string;
  /** Organisation ids by seed slug (seed/organizations.ts), centres included. */
  orgIds: ReadonlyMap<string, number>;
  /** Desk ids by slug (seed/desks.ts). */
  deskIds: ReadonlyMap<string, number>;
  defaultCenterId: number;
  /** Tag ids by slug (seed/tags.ts). */
  tagIds: ReadonlyMap<string, number>;
  /** The seed's clock: dates of demo content count from it. */
  now: Date;
};

export type TPublicSeedCounts = {
  tags: number;
  activities: number;
  vacancies: number;
  /** Content pages, news articles and partners (docs/content-pages.md). */
  content: number;
  socialMapOrganizations: number;
};

/**
 * The public content of one tenant: tags first (vacancies and organisations refer to
 * them), then each kind of content. Idempotent like the rest of the seed: rows are found
 * by a natural key and only inserted when missing.
 */
export async function seedPublicContent(
  base: Omit<TPublicSeedContext, "tagIds">,
  counts: TPublicSeedCounts,
): Promise<void> {
  const tags = await seedTags(base.db, base.tenantId);
  counts.tags += tags.inserted;
  const context: TPublicSeedContext = { ...base, tagIds: tags.ids };
  counts.vacancies += await seedVacancies(context);
  counts.activities += await seedActivities(context);
  counts.content +=
    (await seedContentPages(base.db, base.tenantId, base.slug, base.now)) +
    (await seedNews(base.db, base.tenantId, base.slug, base.orgIds, base.now)) +
    (await seedPartners(base.db, base.tenantId, base.slug, base.orgIds));
  counts.socialMapOrganizations += await seedSocialMap(context);
}
