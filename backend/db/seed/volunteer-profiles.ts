import { and, eq, inArray } from "drizzle-orm";
import type {
  TAvailabilitySlot,
  TPeriodicMailFrequency,
  TVolunteerLanguage,
} from "../../../lib/contract/volunteer-profile";
import { OfflineGeocoder } from "../../geo/offline-geocoder";
import type { AppDb } from "../client";
import { users, volunteerProfiles, volunteerProfileTags } from "../schema";
import type { TSeedTagSlug } from "./tags";
import { seedEmail } from "./users";

/**
 * Demo volunteer profiles (docs/volunteer-profiles.md) for the volunteer accounts of the
 * tenants that have profiles (not meedoen). The place is the tenant's own town, its
 * coordinates from the bundled places (the offline geocoder: no network, the same on every
 * run). Daan is in the pool and gets the weekly mail; Lotte, of the second centre, filled
 * in her profile but has not said yes to the pool: the back office sees both cases.
 */

type TSeedProfile = {
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  hoursPerWeek: number | null;
  languages: TVolunteerLanguage[];
  inPool: boolean;
  periodicMailFrequency: TPeriodicMailFrequency;
  periodicMailRadiusKm: number | null;
  interests: TSeedTagSlug[];
};

const PROFILES: Record<string, TSeedProfile> = {
  volunteer: {
    about:
      "Gepensioneerd docent. Ik help graag kinderen met lezen en rekenen, en ga in het weekend mee als begeleider bij uitjes.",
    skills: ["bijles geven", "voorlezen", "rijbewijs B"],
    availability: ["tuesday_morning", "thursday_afternoon", "saturday_morning"],
    hoursPerWeek: 6,
    languages: ["nl", "en", "de"],
    inPool: true,
    periodicMailFrequency: "weekly",
    periodicMailRadiusKm: 15,
    interests: ["onderwijs", "jongeren", "taal-en-integratie"],
  },
  "other-centre": {
    about: "Ik werk parttime en zoek iets in de buurt met ouderen of in de natuur.",
    skills: ["tuinieren", "koken"],
    availability: ["monday_evening", "wednesday_evening", "sunday_afternoon"],
    hoursPerWeek: 3,
    languages: ["nl", "en"],
    inPool: false,
    periodicMailFrequency: "monthly",
    periodicMailRadiusKm: 10,
    interests: ["ouderen", "natuur-en-milieu"],
  },
};

/**
 * The one-click unsubscribe token of a seeded profile (docs/matching.md), known so tests can
 * open the periodic mail's unsubscribe page without waiting for a mail. Demo data only.
 */
export function seedUnsubscribeToken(localPart: string, tenantSlug: string): string {
  return `seed-unsubscribe-${localPart}-${tenantSlug}`;
}

/** The town each tenant's demo volunteers live in, as a postcode of the bundled places. */
const POSTCODES: Record<string, string> = {
  oldebroek: "8096 BC",
  roermond: "6041 AB",
  demo: "3811 AB",
  public: "3511 AB",
  cordaad: "8261 AB",
};

/**
 * Inserts the missing profiles of the tenant's demo volunteers (by user: one row each)
 * with their interests. Returns how many profiles it inserted.
 */
export async function seedVolunteerProfiles(
  db: AppDb,
  tenantId: number,
  slug: string,
  tagIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<number> {
  const postalCode = POSTCODES[slug];
  if (!postalCode) return 0;
  const place = await new OfflineGeocoder().resolve(postalCode);
  const emails = Object.keys(PROFILES).map((localPart) => seedEmail(localPart, slug));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.email, emails)));
  let inserted = 0;
  for (const person of people) {
    const localPart = person.email.split("@")[0];
    const { interests, ...profile } = PROFILES[localPart];
    const [row] = await db
      .insert(volunteerProfiles)
      .values({
        tenantId,
        userId: person.id,
        postalCode,
        city: place?.name.replace(/^\d{4} [A-Z]{2} /, "") ?? null,
        latitude: place?.latitude ?? null,
        longitude: place?.longitude ?? null,
        ...profile,
        poolOptedInAt: profile.inPool ? now : null,
        periodicMailUnsubscribeToken: seedUnsubscribeToken(localPart, slug),
      })
      .onConflictDoNothing({ target: volunteerProfiles.userId })
      .returning({ userId: volunteerProfiles.userId });
    if (!row) continue;
    inserted++;
    const ids = interests.flatMap((tag) => tagIds.get(tag) ?? []);
    if (ids.length > 0) {
      await db
        .insert(volunteerProfileTags)
        .values(ids.map((tagId) => ({ tenantId, userId: person.id, tagId })))
        .onConflictDoNothing();
    }
  }
  return inserted;
}
