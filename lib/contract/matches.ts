import type { TAvailabilityDay } from "./volunteer-profile";

/**
 * What the api and the web both know about matches (docs/matching.md): the reasons a vacancy
 * fits a volunteer, as GET /api/v1/current_user/matches puts them in each vacancy's meta
 * and the periodic mail words them, and why a list of matches can be empty.
 */

export type TMatchReason =
  /** The shared interest, by both its names: each page and mail picks its language's. */
  | { kind: "tag"; id: number; name: string; nameEn: string | null }
  /** Kilometres as the crow flies, one decimal. */
  | { kind: "distance"; km: number }
  | { kind: "remote" }
  | { kind: "day"; day: TAvailabilityDay };

/** `meta.reason` of an empty answer; null when matches were looked for and found. */
export const MATCH_EMPTY_REASONS = ["no_profile", "empty_profile", "no_matches"] as const;
export type TMatchEmptyReason = (typeof MATCH_EMPTY_REASONS)[number];

/** A distance as the reasons show it: whole kilometres, at least 1. */
export const shownKm = (km: number) => Math.max(1, Math.round(km));
