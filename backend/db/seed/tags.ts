import { and, eq, inArray } from "drizzle-orm";
import type { AppDb } from "../client";
import { tags } from "../schema";

/**
 * The demo tag vocabulary, the same themes for every tenant (Dutch names: the tenants'
 * sites are Dutch first). Vacancies and the social map's organisations refer to them by
 * slug (seed/vacancies.ts, seed/organization-tags.ts).
 */
export const SEED_TAGS = [
  { slug: "zorg-en-welzijn", name: "Zorg en welzijn" },
  { slug: "onderwijs", name: "Onderwijs" },
  { slug: "sport", name: "Sport" },
  { slug: "cultuur", name: "Cultuur" },
  { slug: "natuur-en-milieu", name: "Natuur en milieu" },
  { slug: "taal-en-integratie", name: "Taal en integratie" },
  { slug: "jongeren", name: "Jongeren" },
  { slug: "ouderen", name: "Ouderen" },
  { slug: "vervoer", name: "Vervoer" },
  { slug: "administratie", name: "Administratie" },
  { slug: "evenementen", name: "Evenementen" },
  { slug: "klussen", name: "Klussen" },
] as const;
export type TSeedTagSlug = (typeof SEED_TAGS)[number]["slug"];

/** Inserts the missing tags of a tenant; returns how many it inserted and every tag's id. */
export async function seedTags(
  db: AppDb,
  tenantId: number,
): Promise<{ inserted: number; ids: Map<string, number> }> {
  const inserted = await db
    .insert(tags)
    .values(SEED_TAGS.map((tag) => ({ tenantId, ...tag })))
    .onConflictDoNothing({ target: [tags.tenantId, tags.slug] })
    .returning({ id: tags.id });
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(
      and(
        eq(tags.tenantId, tenantId),
        inArray(
          tags.slug,
          SEED_TAGS.map((tag) => tag.slug),
        ),
      ),
    );
  return { inserted: inserted.length, ids: new Map(rows.map((row) => [row.slug, row.id])) };
}
