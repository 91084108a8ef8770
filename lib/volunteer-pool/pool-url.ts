import type { Query } from "@/lib/api/query-string";
import {
  POOL_ACTIVE_WITHIN_CHOICES,
  POOL_DEFAULTS,
  POOL_DISTANCE_CHOICES,
  POOL_SORTS,
  type TPoolSort,
} from "@/lib/contract/pool";
import {
  AVAILABILITY_SLOTS,
  type TAvailabilitySlot,
  type TVolunteerLanguage,
  VOLUNTEER_LANGUAGES,
} from "@/lib/contract/volunteer-profile";

/**
 * The pool page's state lives in its URL (/vrijwilligerspool?q=…&availability=…): a search
 * can be bookmarked, shared and gone back to. Unknown values are dropped here rather than
 * sent to the api, so an edited address never shows an error page.
 */

export type TPoolSearch = {
  q: string;
  tags: string[];
  availability: TAvailabilitySlot[];
  languages: TVolunteerLanguage[];
  near: string;
  distance: number;
  activeWithin: number | null;
  sort: TPoolSort;
  page: number;
  /** The volunteer opened in the detail view. */
  volunteer: string | null;
};

type TParams = { get(name: string): string | null; getAll(name: string): string[] };

const listOf = (params: TParams, name: string) =>
  params
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");

const wholeOf = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : null;

export function parsePoolSearch(params: TParams): TPoolSearch {
  const distance = wholeOf(params.get("distance"));
  const activeWithin = wholeOf(params.get("active_within"));
  const sort = params.get("sort");
  const near = (params.get("near") ?? "").trim();
  const chosenSort = POOL_SORTS.find((s) => s === sort) ?? "best_match";
  return {
    q: (params.get("q") ?? "").trim(),
    tags: listOf(params, "tags").filter((id) => /^\d+$/.test(id)),
    availability: listOf(params, "availability").filter((s): s is TAvailabilitySlot =>
      (AVAILABILITY_SLOTS as readonly string[]).includes(s),
    ),
    languages: listOf(params, "languages").filter((l): l is TVolunteerLanguage =>
      (VOLUNTEER_LANGUAGES as readonly string[]).includes(l),
    ),
    near,
    distance:
      distance !== null && (POOL_DISTANCE_CHOICES as readonly number[]).includes(distance)
        ? distance
        : POOL_DEFAULTS.radiusKm,
    activeWithin:
      activeWithin !== null &&
      (POOL_ACTIVE_WITHIN_CHOICES as readonly number[]).includes(activeWithin)
        ? activeWithin
        : null,
    // Nearest first needs a place; without one the best match stands in.
    sort: chosenSort === "distance" && !near ? "best_match" : chosenSort,
    page: Math.max(1, wholeOf(params.get("page")) ?? 1),
    volunteer: wholeOf(params.get("volunteer")) === null ? null : params.get("volunteer"),
  };
}

/** GET /api/v1/volunteer_pool's query for a search. */
export function poolApiQuery(search: TPoolSearch): Query {
  const filter: Record<string, string> = {};
  if (search.q) filter.q = search.q.slice(0, 200);
  if (search.tags.length > 0) filter.tags = search.tags.join(",");
  if (search.availability.length > 0) filter.availability = search.availability.join(",");
  if (search.languages.length > 0) filter.languages = search.languages.join(",");
  if (search.near) {
    filter.near = search.near;
    filter.distance = String(search.distance);
  }
  if (search.activeWithin !== null) filter.active_within = String(search.activeWithin);
  return {
    filter,
    sort: search.sort,
    include: "tags",
    page: { number: search.page, size: POOL_DEFAULTS.pageSize },
  };
}

/** The page's address with some of its parameters changed (null removes one). */
export function poolHref(
  current: URLSearchParams,
  change: Record<string, string | number | null>,
): string {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  const query = next.toString();
  return query ? `/vrijwilligerspool?${query}` : "/vrijwilligerspool";
}
