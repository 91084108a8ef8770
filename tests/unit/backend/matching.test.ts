import { describe, expect, it } from "vitest";
import { byScore, scoreMatch, type TMatchProfile } from "../../../backend/domain/matching";

// The scoring formula of docs/matching.md against cases worked out by hand. Places lie on
// one meridian, so the haversine distance is 6371 km × Δlatitude in radians.

const UTRECHT = { latitude: 52.0907, longitude: 5.1214 };
const SPORT = { id: 1, name: "Sport", nameEn: null };
const ZORG = { id: 2, name: "Zorg", nameEn: "Care" };
const KOKEN = { id: 3, name: "Koken", nameEn: "Cooking" };

const profile: TMatchProfile = {
  tagIds: [SPORT.id, ZORG.id],
  ...UTRECHT,
  radiusKm: 10,
  availability: ["saturday_morning", "saturday_afternoon", "sunday_morning"],
};
const vacancy = (over: Partial<Parameters<typeof scoreMatch>[1]> = {}) => ({
  tags: [],
  ...UTRECHT,
  remote: false,
  availability: [],
  ...over,
});
const north = (degrees: number) => ({
  latitude: UTRECHT.latitude + degrees,
  longitude: UTRECHT.longitude,
});

describe("scoreMatch", () => {
  it("one shared interest, the same place, one of the vacancy's two slots", () => {
    // 25 × 1 + 30 × (1 − 0/10) + 20 × 1/2 = 25 + 30 + 10 = 65
    expect(
      scoreMatch(
        profile,
        vacancy({ tags: [SPORT], availability: ["saturday_morning", "wednesday_evening"] }),
      ),
    ).toEqual({
      score: 65,
      reasons: [
        { kind: "tag", id: 1, name: "Sport", nameEn: null },
        { kind: "distance", km: 0 },
        { kind: "day", day: "saturday" },
      ],
    });
  });

  it("two shared interests 5 km away, a vacancy open any time", () => {
    // d = 6371 × 0.045° × π/180 = 6371 × 0.000785398 = 5.0038 km
    // 25 × 2 + 30 × (1 − 5.0038/10) + 0 = 50 + 14.989 = 64.989 → 65.0
    expect(scoreMatch(profile, vacancy({ tags: [ZORG, SPORT], ...north(0.045) }))).toEqual({
      score: 65,
      reasons: [
        { kind: "tag", id: 1, name: "Sport", nameEn: null },
        { kind: "tag", id: 2, name: "Zorg", nameEn: "Care" },
        { kind: "distance", km: 5 },
      ],
    });
  });

  it("counts at most two shared interests", () => {
    // 25 × min(3, 2) + 30 + 0 = 80
    const wide = { ...profile, tagIds: [1, 2, 3] };
    expect(scoreMatch(wide, vacancy({ tags: [SPORT, ZORG, KOKEN] }))?.score).toBe(80);
  });

  it("a remote vacancy gets the full distance points, wherever it is", () => {
    // 25 × 1 + 30 + 20 × 1/4 = 25 + 30 + 5 = 60
    expect(
      scoreMatch(
        profile,
        vacancy({
          tags: [ZORG],
          remote: true,
          latitude: null,
          longitude: null,
          availability: ["sunday_morning", "sunday_afternoon", "monday_morning", "monday_evening"],
        }),
      ),
    ).toEqual({
      score: 60,
      reasons: [
        { kind: "tag", id: 2, name: "Zorg", nameEn: "Care" },
        { kind: "remote" },
        { kind: "day", day: "sunday" },
      ],
    });
  });

  it("without a radius the distance points fade out over 50 km", () => {
    // d = 6371 × 0.225° × π/180 = 25.019 km; 25 + 30 × (1 − 25.019/50) = 25 + 14.989 → 40.0
    const anywhere = { ...profile, radiusKm: null };
    expect(scoreMatch(anywhere, vacancy({ tags: [SPORT], ...north(0.225) }))).toEqual({
      score: 40,
      reasons: [
        { kind: "tag", id: 1, name: "Sport", nameEn: null },
        { kind: "distance", km: 25 },
      ],
    });
    // 100 km away: no distance points, still a match on the interest: 25
    expect(scoreMatch(anywhere, vacancy({ tags: [SPORT], ...north(0.9) }))?.score).toBe(25);
  });

  it("shared slots alone match, and an unknown place adds nothing", () => {
    // 0 + 0 + 20 × 2/2 = 20
    expect(
      scoreMatch(
        profile,
        vacancy({
          tags: [KOKEN],
          latitude: null,
          longitude: null,
          availability: ["saturday_morning", "saturday_afternoon"],
        }),
      ),
    ).toEqual({ score: 20, reasons: [{ kind: "day", day: "saturday" }] });
  });

  it("names every shared day once, Monday first", () => {
    // 25 + 30 + 20 × 2/3 = 55 + 13.33 = 68.3
    const week = {
      ...profile,
      availability: ["monday_evening", "sunday_morning", "saturday_morning"],
    };
    const match = scoreMatch(
      week,
      vacancy({
        tags: [SPORT],
        availability: ["sunday_morning", "monday_evening", "friday_morning"],
      }),
    );
    expect(match?.score).toBe(68.3);
    expect(match?.reasons.filter((r) => r.kind === "day")).toEqual([
      { kind: "day", day: "monday" },
      { kind: "day", day: "sunday" },
    ]);
  });

  it("does not match beyond the radius", () => {
    // d = 6371 × 0.1° × π/180 = 11.12 km > 10
    expect(scoreMatch(profile, vacancy({ tags: [SPORT], ...north(0.1) }))).toBeNull();
  });

  it("does not match when both name slots and none is shared", () => {
    expect(
      scoreMatch(profile, vacancy({ tags: [SPORT], availability: ["monday_morning"] })),
    ).toBeNull();
  });

  it("does not match with nothing in common, however near", () => {
    expect(scoreMatch(profile, vacancy({ tags: [KOKEN] }))).toBeNull();
    expect(
      scoreMatch({ ...profile, availability: [] }, vacancy({ availability: ["saturday_morning"] })),
    ).toBeNull();
  });
});

describe("byScore", () => {
  it("orders by score, then newest, then id", () => {
    const at = (iso: string) => new Date(iso);
    const rows = [
      { id: 3, score: 50, publishedAt: at("2026-05-01T10:00:00Z") },
      { id: 2, score: 60, publishedAt: at("2026-04-01T10:00:00Z") },
      { id: 1, score: 50, publishedAt: at("2026-05-01T10:00:00Z") },
      { id: 4, score: 50, publishedAt: at("2026-05-02T10:00:00Z") },
    ];
    expect(rows.sort(byScore).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });
});
