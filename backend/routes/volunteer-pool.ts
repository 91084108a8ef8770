import type { FastifyInstance } from "fastify";
import {
  POOL_DEFAULTS,
  POOL_FILTERS,
  POOL_LIMITS,
  POOL_SORTS,
  type TPoolSort,
} from "../../lib/contract/pool";
import {
  AVAILABILITY_SLOTS,
  type TAvailabilitySlot,
  type TVolunteerLanguage,
  VOLUNTEER_LANGUAGES,
} from "../../lib/contract/volunteer-profile";
import { AppError, badRequest, notFound } from "../errors";
import { createGeocoder, type Geocoder, type TPlace } from "../geo";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery, type TParsedList, type TReader } from "../http/inputs";
import { isObject, pathId } from "../jsonapi/document-attributes";
import { stringParam, type TQueryValue } from "../jsonapi/query";
import type { TResource } from "../jsonapi/serializer";
import { managedDeskIds, searchesWholePool } from "../policies/policy";
import { centerIdsOf, invitableCenterIds } from "../queries/pool-invitations";
import { searchPool, type TPoolRow, tagsOfVolunteers } from "../queries/volunteer-pool";
import { tagResource } from "./tags";

/**
 * GET /api/v1/volunteer_pool (docs/volunteer-pool.md): the tenant's volunteers who opted in
 * to the pool, for the staff of the tenant's centres (and superadmins) to find someone for a
 * vacancy. Only what the volunteer chose to share and nothing to reach them by: first name
 * and the initial of the last, the city, the distance in whole km, about, skills, interests,
 * availability, hours, languages and the month they were last active. Volunteers who did
 * not opt in are never found, nor counted. 404 where the tenant has no volunteer profiles.
 */

export const poolVolunteerResource: TResource = {
  type: "volunteer",
  attributes: [
    "firstName",
    "lastNameInitial",
    "city",
    "distanceKm",
    "about",
    "skills",
    "availability",
    "hoursPerWeek",
    "languages",
    "lastActiveMonth",
    "lastInvitedAt",
    "matchScore",
  ],
  relationships: { tags: { kind: "many", resource: () => tagResource } },
};

const INCLUDABLE = ["tags"];

const one = (value: TQueryValue | undefined) =>
  Array.isArray(value) ? value[value.length - 1] : value;
const list = (value: TQueryValue | undefined) =>
  (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

export type TPoolFilters = {
  words: string[];
  tagIds: number[];
  slots: TAvailabilitySlot[];
  near: string | undefined;
  km: number;
  languages: TVolunteerLanguage[];
  activeWithinDays: number | undefined;
  id: number | undefined;
};

function oneOf<T extends string>(
  allowed: readonly T[],
  raw: TQueryValue | undefined,
  name: string,
) {
  return list(raw).map((value) => {
    if (!(allowed as readonly string[]).includes(value)) {
      throw badRequest(`'${value}' is not a valid value for filter[${name}]`, `filter[${name}]`);
    }
    return value as T;
  });
}

function ids(raw: TQueryValue | undefined, name: string): number[] {
  return list(raw).map((value) => {
    const id = pathId(value);
    if (id === null) {
      throw badRequest(`'${value}' is not a valid value for filter[${name}]`, `filter[${name}]`);
    }
    return id;
  });
}

function wholeNumber(raw: string | undefined, name: string, max: number): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || n < 1 || n > max) {
    throw badRequest(`filter[${name}] must be a whole number from 1 to ${max}`, `filter[${name}]`);
  }
  return n;
}

export function parsePoolFilters(extra: Record<string, TQueryValue>): TPoolFilters {
  const q = one(extra.q)?.trim() ?? "";
  if (q.length > POOL_LIMITS.query) {
    throw badRequest(`filter[q] is longer than ${POOL_LIMITS.query} characters`, "filter[q]");
  }
  const idList = ids(extra.id, "id");
  if (idList.length > 1) throw badRequest("filter[id] takes one id", "filter[id]");
  return {
    words: q.split(/\s+/).filter((w) => w !== ""),
    tagIds: ids(extra.tags, "tags"),
    slots: oneOf(AVAILABILITY_SLOTS, extra.availability, "availability"),
    languages: oneOf(VOLUNTEER_LANGUAGES, extra.languages, "languages"),
    near: one(extra.near)?.trim() || undefined,
    km:
      wholeNumber(one(extra.distance), "distance", POOL_LIMITS.radiusKm) ?? POOL_DEFAULTS.radiusKm,
    activeWithinDays: wholeNumber(
      one(extra.active_within),
      "active_within",
      POOL_DEFAULTS.maxActiveWithinDays,
    ),
    id: idList[0],
  };
}

function parsePoolSort(raw: string | undefined, filters: TPoolFilters): TPoolSort {
  const asked = raw?.trim();
  if (!asked) return "best_match";
  const sort = POOL_SORTS.find((s) => s === asked);
  if (!sort) throw badRequest(`${asked} is not a sortable field`, "sort");
  if (sort === "distance" && !filters.near) {
    throw badRequest("sort=distance needs filter[near]", "sort");
  }
  return sort;
}

const poolList = listQuery({
  resource: poolVolunteerResource,
  include: INCLUDABLE,
  extraFilters: POOL_FILTERS,
  page: { defaultSize: POOL_DEFAULTS.pageSize, maxSize: POOL_DEFAULTS.maxPageSize },
});

/** The list query without its sort, which is the pool's own (POOL_SORTS, not columns). */
const poolQuery: TReader<TParsedList & { filters: TPoolFilters; sort: TPoolSort }> = {
  parse(raw) {
    const { sort, ...rest } = isObject(raw) ? raw : {};
    const parsed = poolList.parse(rest);
    for (const key of Object.keys(parsed.extra)) {
      if (!(POOL_FILTERS as readonly string[]).includes(key)) {
        throw badRequest(`${key} is not a filter this endpoint allows`, `filter[${key}]`);
      }
    }
    const filters = parsePoolFilters(parsed.extra);
    return { ...parsed, filters, sort: parsePoolSort(stringParam({ sort }, "sort"), filters) };
  },
  parameters: () => [
    ...(poolList.parameters?.() ?? []),
    {
      name: "sort",
      in: "query",
      required: false,
      description: "best_match (default), distance (needs filter[near]), least_recently_asked",
      schema: { enum: [...POOL_SORTS] },
    },
  ],
};

async function placeOf(geocoder: Geocoder, near: string | undefined): Promise<TPlace | null> {
  if (!near) return null;
  const place = await geocoder.resolve(near);
  if (place) return place;
  const detail = `'${near}' is not a place or postcode we know`;
  throw new AppError("unprocessable_entity", detail, {
    items: [{ detail, code: "unknown_place", source: { parameter: "filter[near]" } }],
  });
}

const MONTH = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
});

/** What the pool shows of a volunteer: never the full last name, postcode or exact point. */
function shared(row: TPoolRow) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastNameInitial: row.lastName?.trim().charAt(0).toUpperCase() || null,
    city: row.city,
    // Whole km: the distance says how far, not where.
    distanceKm: row.distanceKm === null ? null : Math.round(row.distanceKm),
    about: row.about,
    skills: row.skills,
    availability: row.availability,
    hoursPerWeek: row.hoursPerWeek,
    languages: row.languages,
    lastActiveMonth: row.lastActiveAt ? MONTH.format(row.lastActiveAt).slice(0, 7) : null,
    lastInvitedAt: row.lastInvitedAt,
    matchScore: Math.round(row.matchScore * 100) / 100,
  };
}

export async function volunteerPoolRoutes(app: FastifyInstance) {
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );

  defineRoute(app, {
    method: "GET",
    url: "/volunteer_pool",
    summary: "Search the volunteers who opted in to the pool (centre staff)",
    auth: "signed_in",
    query: poolQuery,
    load: async ({ tx, tenant }) => {
      if (!tenant.volunteerProfiles) throw notFound();
      return centerIdsOf(tx, tenant.id);
    },
    action: "volunteer_pool.list",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: poolVolunteerResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, centerIds) => {
      const { filters } = query;
      const place = await placeOf(geocoder, filters.near);
      // A centre's staff and superadmins search the whole pool; a desk manager (and no more)
      // only the volunteers of their desks.
      const { rows, records } = await searchPool(tx, {
        tenantId: tenant.id,
        ...(searchesWholePool(actor, centerIds) ? {} : { deskIds: managedDeskIds(actor) }),
        words: filters.words,
        tagIds: filters.tagIds,
        slots: filters.slots,
        languages: filters.languages,
        near: place
          ? { latitude: place.latitude, longitude: place.longitude, km: filters.km }
          : undefined,
        activeWithinDays: filters.activeWithinDays,
        userId: filters.id,
        now: new Date(),
        sort: query.sort,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const interests = await tagsOfVolunteers(
        tx,
        tenant.id,
        rows.map((r) => r.id),
      );
      const data = rows.map((row) => ({ ...shared(row), tags: interests.get(row.id) ?? [] }));
      const meta = {
        sort: query.sort,
        invitable_center_ids: (await invitableCenterIds(tx, tenant.id, actor, centerIds)).map(
          String,
        ),
        ...(place
          ? {
              near: {
                query: filters.near,
                name: place.name,
                distance_km: filters.km,
              },
            }
          : {}),
      };
      return listDocument(request, poolVolunteerResource, query, data, records, meta);
    },
  });
}
