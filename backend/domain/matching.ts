import type { TMatchReason } from "../../lib/contract/matches";
import { AVAILABILITY_DAYS, type TAvailabilityDay } from "../../lib/contract/volunteer-profile";
import { haversineKm } from "../geo/distance";

/**
 * How well a vacancy fits a volunteer's profile (docs/matching.md), shared by the
 * dashboard's matches (GET /current_user/matches) and the periodic mail. Pure: the caller
 * reads the profile and the candidates; this decides whether a vacancy matches, its score
 * (0–100) and the reasons in words the web and the mail can render.
 *
 *   score = interests + distance + times
 *   interests = 25 × min(shared tags, 2)                       (0, 25 or 50)
 *   distance  = 30 when the vacancy is remote;
 *               30 × max(0, 1 − d / R) when both places are known (R: the radius, or
 *               DECAY_KM when the volunteer set none); 0 when a place is unknown
 *   times     = 20 × (the vacancy's slots the volunteer has) / (the vacancy's slots);
 *               0 when either side named no slots (an empty grid is "any time")
 *
 * It does not match when it is further than the radius (remote vacancies never are), when
 * both sides named slots and none is shared, or when it shares neither an interest nor a
 * slot with the profile: nearness alone is not something in common.
 */

export const MATCH_POINTS = { perTag: 25, maxTags: 2, distance: 30, times: 20 } as const;
/** Where the volunteer set no radius (any distance), the distance points fade out over this. */
export const DECAY_KM = 50;

export type TMatchProfile = {
  tagIds: readonly number[];
  latitude: number | null;
  longitude: number | null;
  /** The periodic mail's radius; null is any distance. */
  radiusKm: number | null;
  availability: readonly string[];
};

export type TMatchVacancy = {
  tags: readonly { id: number; name: string; nameEn: string | null }[];
  latitude: number | null;
  longitude: number | null;
  remote: boolean;
  availability: readonly string[];
};

export type { TMatchReason };

export type TMatch = { score: number; reasons: TMatchReason[] };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The days of the shared slots, Monday first, each once. */
function sharedDays(slots: readonly string[]): TAvailabilityDay[] {
  return AVAILABILITY_DAYS.filter((day) => slots.some((slot) => slot.startsWith(`${day}_`)));
}

/** The match of `vacancy` for `profile`, or null when it does not match. */
export function scoreMatch(profile: TMatchProfile, vacancy: TMatchVacancy): TMatch | null {
  const wanted = new Set(profile.tagIds);
  const sharedTags = vacancy.tags
    .filter((tag) => wanted.has(tag.id))
    .sort((a, b) => a.name.localeCompare(b.name, "nl") || a.id - b.id);

  const offered = new Set(profile.availability);
  const bothNamedSlots = profile.availability.length > 0 && vacancy.availability.length > 0;
  const sharedSlots = bothNamedSlots ? vacancy.availability.filter((s) => offered.has(s)) : [];
  if (bothNamedSlots && sharedSlots.length === 0) return null;
  if (sharedTags.length === 0 && sharedSlots.length === 0) return null;

  const reasons: TMatchReason[] = sharedTags.map(({ id, name, nameEn }) => ({
    kind: "tag",
    id,
    name,
    nameEn,
  }));
  let distancePoints = 0;
  if (vacancy.remote) {
    distancePoints = MATCH_POINTS.distance;
    reasons.push({ kind: "remote" });
  } else if (
    profile.latitude !== null &&
    profile.longitude !== null &&
    vacancy.latitude !== null &&
    vacancy.longitude !== null
  ) {
    const km = haversineKm(
      profile.latitude,
      profile.longitude,
      vacancy.latitude,
      vacancy.longitude,
    );
    if (profile.radiusKm !== null && km > profile.radiusKm) return null;
    const reach = profile.radiusKm ?? DECAY_KM;
    distancePoints = MATCH_POINTS.distance * Math.max(0, 1 - km / reach);
    reasons.push({ kind: "distance", km: oneDecimal(km) });
  }
  for (const day of sharedDays(sharedSlots)) reasons.push({ kind: "day", day });

  const tagPoints = MATCH_POINTS.perTag * Math.min(sharedTags.length, MATCH_POINTS.maxTags);
  const timePoints = bothNamedSlots
    ? (MATCH_POINTS.times * sharedSlots.length) / vacancy.availability.length
    : 0;
  return { score: oneDecimal(tagPoints + distancePoints + timePoints), reasons };
}

/** Matches first by score, then the newest, then by id: the same order every time. */
export function byScore<T extends { score: number; publishedAt: Date | null; id: number }>(
  a: T,
  b: T,
): number {
  return (
    b.score - a.score ||
    (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) ||
    a.id - b.id
  );
}
