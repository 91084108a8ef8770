import { and, eq } from "drizzle-orm";
import type { AppDb } from "../client";
import { partners } from "../schema";
import { SEED_PLACES, type TSeedCentre } from "./content-places";

/**
 * The partners of each centre (docs/content-pages.md): its municipality, the library, two
 * national funds and a local ally, four or five per centre. Natural key: centre and name.
 */

type TPartner = { name: string; description: string; website: string; logoUrl: string | null };

function partnersOf(c: TSeedCentre, index: number): TPartner[] {
  const list: TPartner[] = [
    {
      name: `Gemeente ${c.municipality}`,
      description: `Subsidieert het vrijwilligerswerk in ${c.municipality} en regelt de vrijwilligersverzekering.`,
      website: `https://www.${c.municipality.toLowerCase()}.nl`,
      logoUrl: "/images/partners/gemeente.svg",
    },
    {
      name: `Bibliotheek ${c.town}`,
      description: "Taalcafés, digitale spreekuren en een plek voor onze inloopochtend.",
      website: "https://www.bibliotheek.nl",
      logoUrl: "/images/partners/bibliotheek.svg",
    },
    {
      name: "Oranje Fonds",
      description: "Steunt sociale initiatieven en de jaarlijkse vrijwilligersactie NLdoet.",
      website: "https://www.oranjefonds.nl",
      logoUrl: "/images/partners/fonds.svg",
    },
    {
      name: "VSBfonds",
      description: "Draagt bij aan projecten waarin mensen elkaar ontmoeten en helpen.",
      website: "https://www.vsbfonds.nl",
      logoUrl: "/images/partners/fonds.svg",
    },
  ];
  if (index === 0) {
    list.push({
      name: `Voedselbank ${c.town}`,
      description:
        "Werkt met ons samen om vrijwilligers te vinden voor het uitdelen van pakketten.",
      website: "https://www.voedselbankennederland.nl",
      logoUrl: null,
    });
  }
  return list;
}

/** Inserts the tenant's missing partners; returns how many. */
export async function seedPartners(
  db: AppDb,
  tenantId: number,
  slug: string,
  centreIds: ReadonlyMap<string, number>,
): Promise<number> {
  const place = SEED_PLACES[slug];
  if (!place) return 0;
  let inserted = 0;
  for (const [index, centre] of place.centres.entries()) {
    const centreId = centreIds.get(centre.slug);
    if (centreId === undefined) continue;
    const existing = await db
      .select({ name: partners.name })
      .from(partners)
      .where(and(eq(partners.tenantId, tenantId), eq(partners.volunteerCenterId, centreId)));
    const have = new Set(existing.map((row) => row.name));
    const missing = partnersOf(centre, index)
      .map((p, position) => ({ ...p, position }))
      .filter((p) => !have.has(p.name));
    if (missing.length === 0) continue;
    await db
      .insert(partners)
      .values(missing.map((p) => ({ tenantId, volunteerCenterId: centreId, ...p })));
    inserted += missing.length;
  }
  return inserted;
}
