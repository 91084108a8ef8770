import { and, eq, inArray } from "drizzle-orm";
import type { TAvailabilitySlot } from "../../../lib/contract/volunteer-profile";
import { vacancies, vacancyTags } from "../schema";
import { SEED_ORGANIZATIONS } from "./organizations";
import type { TPublicSeedContext } from "./public-content";
import type { TSeedOrganization } from "./types";
import {
  CLOSED_VACANCY,
  DRAFT_VACANCIES,
  DUTCH_VACANCIES,
  ENGLISH_VACANCIES,
  type TVacancyText,
} from "./vacancy-texts";

/**
 * The demo vacancies of one tenant (docs/vacancies-search.md): the Dutch set (and the
 * English one where the site switches language), two drafts and one closed, spread over the
 * tenant's approved organisations, placed in or near their town. Idempotent: a vacancy is
 * found by its title within the tenant.
 */
const ENGLISH_TENANTS = new Set(["public", "meedoen"]);

// A small, fixed offset (about 0–2 km) so a town's vacancies do not sit on one point.
const jitter = (i: number, salt: number) => (((i * 37 + salt * 17) % 11) - 5) * 0.004;

/**
 * The week slots of the demo vacancies, in turn (docs/matching.md): some open any time, some
 * on fixed days, so the dashboard's matches of the demo volunteer (Tuesday and Saturday
 * mornings, Thursday afternoons) show both a day as a reason and a vacancy left out.
 */
const SLOT_PATTERNS: TAvailabilitySlot[][] = [
  [],
  ["saturday_morning", "saturday_afternoon"],
  ["tuesday_morning", "thursday_morning"],
  ["monday_evening", "wednesday_evening"],
  ["thursday_afternoon", "friday_afternoon"],
];

export async function seedVacancies(context: TPublicSeedContext): Promise<number> {
  const { db, tenantId, slug, orgIds, defaultCenterId, tagIds, now } = context;
  const approved = (SEED_ORGANIZATIONS[slug] ?? []).filter(
    (org) => org.status === "approved" && orgIds.has(org.slug),
  );
  if (approved.length === 0) return 0;
  const centreOf = (org: TSeedOrganization) =>
    org.type === "VolunteerCenter"
      ? (orgIds.get(org.slug) as number)
      : org.center
        ? (orgIds.get(org.center) ?? defaultCenterId)
        : defaultCenterId;

  // Ordinary organisations first (centres recruit for themselves less often), and mostly
  // the default centre's, whose site is the one a visitor sees where centres do not share;
  // every fourth vacancy goes to another centre's organisations, where there are any.
  const ordered = [
    ...approved.filter((o) => o.type !== "VolunteerCenter"),
    ...approved.filter((o) => o.type === "VolunteerCenter"),
  ];
  const home = ordered.filter((o) => centreOf(o) === defaultCenterId);
  const away = ordered.filter((o) => centreOf(o) !== defaultCenterId);
  const hostOf = (i: number) =>
    away.length > 0 && i % 4 === 3 ? away[Math.floor(i / 4) % away.length] : home[i % home.length];

  const texts: { text: TVacancyText; status: "published" | "draft" | "closed" }[] = [
    ...DUTCH_VACANCIES.map((text) => ({ text, status: "published" as const })),
    ...(ENGLISH_TENANTS.has(slug) ? ENGLISH_VACANCIES : []).map((text) => ({
      text,
      status: "published" as const,
    })),
    ...DRAFT_VACANCIES.map((text) => ({ text, status: "draft" as const })),
    { text: CLOSED_VACANCY, status: "closed" as const },
  ];
  const existing = await db
    .select({ title: vacancies.title })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.tenantId, tenantId),
        inArray(
          vacancies.title,
          texts.map((t) => t.text.title),
        ),
      ),
    );
  const have = new Set(existing.map((row) => row.title));
  const day = 86_400_000;
  const rows = texts.flatMap(({ text, status }, i) => {
    if (have.has(text.title)) return [];
    const org = hostOf(i);
    const place = text.remote ? null : org.address;
    return [
      {
        tenantId,
        organizationId: orgIds.get(org.slug) as number,
        volunteerCenterId: centreOf(org),
        title: text.title,
        summary: text.summary,
        description: text.description,
        status,
        hoursPerWeek: text.hours,
        remote: text.remote ?? false,
        availability: SLOT_PATTERNS[i % SLOT_PATTERNS.length],
        street: place ? `${place.street} ${place.houseNumber}` : null,
        postalCode: place?.postalCode ?? null,
        city: place?.city ?? null,
        latitude: place?.latitude != null ? place.latitude + jitter(i, 1) : null,
        longitude: place?.longitude != null ? place.longitude + jitter(i, 2) : null,
        contactName: org.contactName,
        contactEmail: `vacatures@${org.slug}.example.nl`,
        contactPhone: org.phone ?? null,
        publishedAt: status === "draft" ? null : new Date(now.getTime() - (i + 1) * day),
        closedAt: status === "closed" ? new Date(now.getTime() - day) : null,
        // Every third one has a closing date, two months out.
        closesOn:
          i % 3 === 0 ? new Date(now.getTime() + 60 * day).toISOString().slice(0, 10) : null,
      },
    ];
  });
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(vacancies)
    .values(rows)
    .returning({ id: vacancies.id, title: vacancies.title });
  const byTitle = new Map(texts.map(({ text }) => [text.title, text]));
  const links = inserted.flatMap((row) =>
    (byTitle.get(row.title)?.tags ?? []).flatMap((tag) => {
      const tagId = tagIds.get(tag);
      return tagId === undefined ? [] : [{ tenantId, vacancyId: row.id, tagId }];
    }),
  );
  if (links.length > 0) await db.insert(vacancyTags).values(links).onConflictDoNothing();
  return inserted.length;
}
