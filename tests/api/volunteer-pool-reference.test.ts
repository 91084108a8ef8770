import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, volunteerProfiles, volunteerProfileTags } from "../../backend/db/schema";
import { haversineKm } from "../../backend/geo/distance";
import { OfflineGeocoder } from "../../backend/geo/offline-geocoder";
import {
  AVAILABILITY_SLOTS,
  type TAvailabilitySlot,
  type TVolunteerLanguage,
} from "../../lib/contract/volunteer-profile";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import { addRole, createTenantWithCenter, createUser } from "./support/factories";
import { signedIn } from "./support/resources";
import { createTag } from "./support/vacancy-factory";

// The volunteer pool search against a plain reference of docs/volunteer-pool.md: a few
// hundred generated volunteers (in and out of the pool, active or not, in this tenant and
// another) and many generated searches, each of which must find exactly the volunteers the
// reference finds, in its order, with its count, distances and scores. It holds the query
// to its meaning whatever shape its SQL takes for the indexes.

/** A small seeded generator, so a failure can be run again. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)];
  const some = <T>(list: readonly T[], max: number) =>
    Array.from({ length: int(max + 1) }, () => pick(list));
  return { next, int, pick, some };
}

const SEED = 20_17;
const R = generator(SEED);
const DAY = 86_400_000;
// Words with the characters a LIKE pattern treats specially, and letters beyond ASCII.
const WORDS = ["koken", "Tuin", "VOORLEZEN", "fiets", "100%", "a_b", "x\\y", "Özlem", "café"];
const FIRST = ["Anna", "anna", "Bram", "Özlem", "Fatima", "Joke", "Ko", null] as const;
const LAST = ["de Vries", "Bakker", "Koken", "Yılmaz", "van Tuin", null] as const;
const LANGUAGES: readonly TVolunteerLanguage[] = ["nl", "en", "ar", "tr", "de"];
const PLACES = ["Utrecht", "Amersfoort", "Zwolle", "Apeldoorn", "Zeist"];

/** lower() beyond ASCII follows the database's locale, which the reference cannot know. */
const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s);

type TVolunteer = {
  id: number;
  tenant: "ours" | "other";
  active: boolean;
  inPool: boolean;
  firstName: string | null;
  lastName: string | null;
  about: string;
  skills: string[];
  availability: TAvailabilitySlot[];
  languages: TVolunteerLanguage[];
  tags: number[];
  latitude: number | null;
  longitude: number | null;
  lastActive: Date | null;
  lastInvitedAt: Date | null;
};

type TSearch = {
  words: string[];
  tags: number[];
  slots: TAvailabilitySlot[];
  languages: TVolunteerLanguage[];
  near: { name: string; latitude: number; longitude: number; km: number } | null;
  activeWithin: number | null;
  sort: "best_match" | "distance" | "least_recently_asked";
  size: number;
  number: number;
};

let t: TestApp;
let headers: Record<string, string>;
let tagIds: number[];
const volunteers: TVolunteer[] = [];
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const ours = await createTenantWithCenter(db);
  const other = await createTenantWithCenter(db);
  const staff = await createUser(db, ours.tenant.id);
  await addRole(db, ours.tenant.id, staff.id, "member", {
    type: "Organization",
    id: ours.center.id,
  });
  headers = await signedIn(db, ours.tenant, staff.id);
  tagIds = [];
  for (let i = 0; i < 6; i++) tagIds.push((await createTag(db, ours.tenant.id)).id);
  const otherTag = (await createTag(db, other.tenant.id)).id;

  for (let i = 0; i < 240; i++) {
    const tenant = i % 8 === 7 ? other.tenant : ours.tenant;
    const located = R.next() < 0.9;
    // Half a day off the whole days, so "active within N days" is never a matter of ms.
    const lastActive = R.next() < 0.85 ? new Date(now - (R.int(400) + 0.5) * DAY) : null;
    const v: Omit<TVolunteer, "id"> = {
      tenant: tenant === ours.tenant ? "ours" : "other",
      active: R.next() < 0.9,
      inPool: R.next() < 0.8,
      firstName: R.pick(FIRST),
      lastName: R.pick(LAST),
      about: R.some(WORDS, 3).join(R.pick([" ", ", ", ". "])),
      skills: R.some(WORDS, 2).map((w) => R.pick([w, ascii(w) ? w.toUpperCase() : w, `${w}s`])),
      availability: R.some(AVAILABILITY_SLOTS, 4),
      languages: R.some(LANGUAGES, 2),
      tags: [],
      latitude: located ? 52.0 + R.next() * 0.6 : null,
      longitude: located ? 4.8 + R.next() * 1.4 : null,
      lastActive,
      lastInvitedAt: R.next() < 0.5 ? new Date(now - R.int(300) * DAY) : null,
    };
    const [user] = await db
      .insert(users)
      .values({
        tenantId: tenant.id,
        email: `v${i}-${SEED}@pool.test`,
        uid: `v${i}-${SEED}@pool.test`,
        firstName: v.firstName,
        lastName: v.lastName,
        status: v.active ? "active" : R.pick(["inactive", "archived", "invited"] as const),
        lastSignInAt: v.lastActive && R.next() < 0.5 ? v.lastActive : null,
      })
      .returning({ id: users.id, lastSignInAt: users.lastSignInAt });
    // The most recent sign-in is current_sign_in_at, or last_sign_in_at when it is empty.
    if (v.lastActive && !user.lastSignInAt) {
      await db
        .update(users)
        .set({ currentSignInAt: v.lastActive, lastSignInAt: new Date(now - 900 * DAY) })
        .where(eq(users.id, user.id));
    }
    await db.insert(volunteerProfiles).values({
      tenantId: tenant.id,
      userId: user.id,
      about: v.about,
      skills: v.skills,
      availability: v.availability,
      languages: v.languages,
      latitude: v.latitude,
      longitude: v.longitude,
      inPool: v.inPool,
      poolOptedInAt: v.inPool ? new Date() : null,
      lastInvitedAt: v.lastInvitedAt,
    });
    const tags =
      tenant === ours.tenant ? [...new Set(R.some(tagIds, 3))] : R.next() < 0.5 ? [otherTag] : [];
    if (tags.length > 0) {
      await db
        .insert(volunteerProfileTags)
        .values(tags.map((tagId) => ({ tenantId: tenant.id, userId: user.id, tagId })));
    }
    volunteers.push({ ...v, id: user.id, tags });
  }
}, 120_000);
afterAll(() => t.close());

const lower = (s: string) => s.toLowerCase();

/** docs/volunteer-pool.md, "The search", as plainly as it can be said. */
function reference(s: TSearch) {
  const since = s.activeWithin === null ? null : now - s.activeWithin * DAY;
  const distance = (v: TVolunteer) =>
    s.near && v.latitude !== null && v.longitude !== null
      ? haversineKm(s.near.latitude, s.near.longitude, v.latitude, v.longitude)
      : null;
  const matches = volunteers
    .filter((v) => v.tenant === "ours" && v.inPool && v.active)
    .filter((v) => {
      const text = lower(
        `${v.about} ${v.skills.join(" ")} ${v.firstName ?? ""} ${v.lastName ?? ""}`,
      );
      return s.words.every((w) => text.includes(lower(w)));
    })
    .filter((v) => s.tags.length === 0 || v.tags.some((id) => s.tags.includes(id)))
    .filter((v) => s.slots.length === 0 || v.availability.some((a) => s.slots.includes(a)))
    .filter((v) => s.languages.length === 0 || v.languages.some((l) => s.languages.includes(l)))
    .filter((v) => since === null || (v.lastActive !== null && v.lastActive.getTime() >= since))
    .filter((v) => !s.near || (distance(v) ?? Number.POSITIVE_INFINITY) <= s.near.km)
    .map((v) => {
      const d = distance(v);
      const score =
        v.tags.filter((id) => s.tags.includes(id)).length +
        v.availability.filter((a) => s.slots.includes(a)).length +
        v.languages.filter((l) => s.languages.includes(l)).length +
        (d === null ? 0 : -d / 10);
      return { v, d, score };
    });
  const asked = (a: (typeof matches)[number], b: (typeof matches)[number]) =>
    (a.v.lastInvitedAt?.getTime() ?? Number.NEGATIVE_INFINITY) -
      (b.v.lastInvitedAt?.getTime() ?? Number.NEGATIVE_INFINITY) || a.v.id - b.v.id;
  matches.sort((a, b) => {
    if (s.sort === "distance") return (a.d ?? 0) - (b.d ?? 0) || a.v.id - b.v.id;
    if (s.sort === "least_recently_asked") return asked(a, b);
    return b.score - a.score || asked(a, b);
  });
  const start = (s.number - 1) * s.size;
  return { records: matches.length, page: matches.slice(start, start + s.size) };
}

const geocoder = new OfflineGeocoder();

async function generatedSearch(): Promise<TSearch> {
  const nearName = R.next() < 0.5 ? R.pick(PLACES) : null;
  const place = nearName ? await geocoder.resolve(nearName) : null;
  const near =
    place && nearName ? { ...place, name: nearName, km: R.pick([5, 10, 25, 50, 100]) } : null;
  const sorts: TSearch["sort"][] = [
    "best_match",
    "least_recently_asked",
    ...(near ? (["distance"] as const) : []),
  ];
  const firstWord = R.next() < 0.5 ? R.pick(WORDS) : null;
  return {
    // A word as stored, or in capitals where that is plain ASCII.
    words: firstWord
      ? [firstWord, ...(R.next() < 0.2 ? [R.pick(["ko", "n", "S"])] : [])].map((w) =>
          ascii(w) && R.next() < 0.5 ? w.toUpperCase() : w,
        )
      : [],
    tags: R.next() < 0.4 ? R.some(tagIds, 2) : [],
    slots: R.next() < 0.4 ? R.some(AVAILABILITY_SLOTS, 3) : [],
    languages: R.next() < 0.4 ? R.some(LANGUAGES, 2) : [],
    near,
    activeWithin: R.next() < 0.3 ? R.pick([1, 30, 100, 365]) : null,
    sort: R.pick(sorts),
    size: R.pick([5, 20]),
    number: R.pick([1, 1, 2, 3]),
  };
}

function url(s: TSearch) {
  const q = new URLSearchParams();
  if (s.words.length > 0) q.set("filter[q]", s.words.join(" "));
  if (s.tags.length > 0) q.set("filter[tags]", s.tags.join(","));
  if (s.slots.length > 0) q.set("filter[availability]", s.slots.join(","));
  if (s.languages.length > 0) q.set("filter[languages]", s.languages.join(","));
  if (s.near) {
    q.set("filter[near]", s.near.name);
    q.set("filter[distance]", String(s.near.km));
  }
  if (s.activeWithin !== null) q.set("filter[active_within]", String(s.activeWithin));
  q.set("sort", s.sort);
  q.set("page[size]", String(s.size));
  q.set("page[number]", String(s.number));
  return `/api/v1/volunteer_pool?${q}`;
}

type TAnswer = {
  data: { id: string; attributes: { distance_km: number | null; match_score: number } }[];
  meta: { pagination: { records: number } };
};

describe("GET /api/v1/volunteer_pool against the reference", () => {
  it("finds, orders and counts what the reference does, search after search", async () => {
    let found = 0;
    for (let i = 0; i < 150; i++) {
      const search = await generatedSearch();
      const res = await t.app.inject({ method: "GET", url: url(search), headers });
      expect(res.statusCode, `${url(search)}: ${res.body}`).toBe(200);
      const answer = res.json() as TAnswer;
      const expected = reference(search);
      const context = `search ${i}: ${decodeURIComponent(url(search))}`;
      expect(answer.meta.pagination.records, context).toBe(expected.records);
      expect(
        answer.data.map((d) => Number(d.id)),
        context,
      ).toEqual(expected.page.map((m) => m.v.id));
      for (const [k, d] of answer.data.entries()) {
        const want = expected.page[k];
        expect(d.attributes.distance_km, context).toBe(want.d === null ? null : Math.round(want.d));
        expect(Math.abs(d.attributes.match_score - want.score), context).toBeLessThan(0.006);
      }
      found += answer.data.length;
    }
    // The generated searches found something, not only empty pages.
    expect(found).toBeGreaterThan(300);
  });

  it("finds a word however it is written in capitals, and a LIKE character literally", async () => {
    for (const words of [["KOKEN"], ["koKen", "tuin"], ["100%"], ["a_b"], ["x\\y"], ["%"]]) {
      const search: TSearch = {
        words,
        tags: [],
        slots: [],
        languages: [],
        near: null,
        activeWithin: null,
        sort: "least_recently_asked",
        size: 100,
        number: 1,
      };
      const res = await t.app.inject({ method: "GET", url: url(search), headers });
      const answer = res.json() as TAnswer;
      const expected = reference(search);
      expect(answer.meta.pagination.records, words.join(" ")).toBe(expected.records);
      expect(answer.data.map((d) => Number(d.id))).toEqual(expected.page.map((m) => m.v.id));
    }
  });
});
