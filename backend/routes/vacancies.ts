import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { type AppDb, withTenant } from "../db/client";
import { AppError, badRequest, notFound } from "../errors";
import { createGeocoder } from "../geo";
import { pathId } from "../jsonapi/document-attributes";
import { parseFilter } from "../jsonapi/filters";
import { paginate } from "../jsonapi/pagination";
import { parseFields, parseInclude, parsePage, type TQuery } from "../jsonapi/params";
import { stringParam } from "../jsonapi/query";
import { sendDocument } from "../jsonapi/reply";
import { organizationResource } from "../jsonapi/resources";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
import { publicCenterIds } from "../queries/public-scope";
import {
  amsterdamToday,
  findPublicVacancy,
  loadVacancies,
  tagIdsBySlug,
} from "../queries/vacancies";
import {
  combineSummary,
  HOURS_BUCKETS,
  SEARCH_SORTS,
  searchGroupSummary,
  searchTagSummary,
  searchVacancyIds,
  type THoursBucket,
  type TSearchParams,
  type TSearchSort,
  type TSearchSummary,
} from "../queries/vacancy-search";
import { tagResource } from "./tags";

/**
 * GET /api/v1/vacancies and GET /api/v1/vacancies/:id (issue 5; docs/vacancies-search.md).
 * Public, signed in or not (policy vacancies.list / vacancies.read): only published
 * vacancies, not past their closing date, of the site's public centres
 * (queries/public-scope.ts: every centre of a sharing collaboration, else the site's own).
 * Drafts, closed ones, another centre's and another tenant's are a 404 by id, never 403.
 */

export const vacancyResource: TResource = {
  type: "vacancy",
  attributes: [
    "title",
    "summary",
    "description",
    "status",
    "hoursPerWeek",
    "remote",
    "street",
    "postalCode",
    "city",
    "latitude",
    "longitude",
    "imageUrl",
    "contactName",
    "contactEmail",
    "contactPhone",
    "publishedAt",
    "closesOn",
    "organizationId",
    "volunteerCenterId",
    "distanceKm",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    organization: {
      kind: "one",
      resource: () => organizationResource,
      idField: "organizationId",
    },
    tags: { kind: "many", resource: () => tagResource },
  },
};

const INCLUDABLE = ["organization.address", "organization.profile", "tags"] as const;
const FILTERS = ["q", "near", "distance", "tags", "hours", "organization_id"] as const;
// Brief: page[size] at most 100 for the public search.
const PAGE_LIMITS = { defaultSize: 20, maxSize: 100 };
export const DEFAULT_DISTANCE_KM = 10;
export const MAX_DISTANCE_KM = 100;
const MAX_QUERY_LENGTH = 200;

const one = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[value.length - 1] : value;
const list = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

function parseDistance(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_DISTANCE_KM;
  const km = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || !(km > 0) || km > MAX_DISTANCE_KM) {
    throw badRequest(
      `filter[distance] must be a number of km above 0 and at most ${MAX_DISTANCE_KM}`,
      "filter[distance]",
    );
  }
  return km;
}

function parseSearchSort(query: TQuery, hasQ: boolean, hasNear: boolean): TSearchSort {
  const raw = stringParam(query, "sort")?.trim();
  if (!raw) return hasQ ? "relevance" : "-published_at";
  const sort = SEARCH_SORTS.find((s) => s === raw);
  if (!sort) throw badRequest(`${raw} is not a sortable field`, "sort");
  if (sort === "relevance" && !hasQ) throw badRequest("sort=relevance needs filter[q]", "sort");
  if (sort === "distance" && !hasNear) throw badRequest("sort=distance needs filter[near]", "sort");
  return sort;
}

/**
 * What the count and facets of a search depend on: the site, the day and every filter as
 * asked (not sort or page). Keyed by the request rather than the resolved centres and tag
 * ids, so a cached summary costs no query; a centre approved or a tag renamed shows in the
 * counts within SEARCH_SUMMARY_CACHE_MS, as on the web's cached pages.
 */
function summaryKey(input: {
  tenantId: number;
  siteCenterId: number | null;
  today: string;
  q: string | null;
  near: readonly number[] | null;
  tagSlugs: readonly string[];
  hours: readonly string[];
  organizationIds: readonly number[];
}): string {
  const sorted = <T>(list: readonly T[]) => [...new Set(list)].sort();
  return JSON.stringify([
    input.tenantId,
    input.siteCenterId,
    input.today,
    input.q,
    input.near,
    sorted(input.tagSlugs),
    sorted(input.hours),
    sorted(input.organizationIds),
  ]);
}

export async function vacancyRoutes(app: FastifyInstance) {
  // The count and facets are the expensive part of a search (an aggregate over every
  // match) and the same for every sort and page: kept for SEARCH_SUMMARY_CACHE_MS (the
  // web's public cache keeps whole answers as long), per process; 0 turns it off.
  const summaryTtl = app.config.SEARCH_SUMMARY_CACHE_MS;
  const summaries =
    summaryTtl > 0 ? new LRUCache<string, TSearchSummary>({ max: 5_000, ttl: summaryTtl }) : null;
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );

  app.get("/vacancies", async (request, reply) => {
    const query = request.query as TQuery;
    const include = parseInclude(query, vacancyResource, INCLUDABLE);
    const fields = parseFields(query);
    const page = parsePage(query, PAGE_LIMITS);
    const { extra } = parseFilter(query, {}, { extra: FILTERS });
    authorize(null, "vacancies.list", {});

    const q = one(extra.q)?.trim();
    if (q !== undefined && q.length > MAX_QUERY_LENGTH) {
      throw badRequest(`filter[q] is longer than ${MAX_QUERY_LENGTH} characters`, "filter[q]");
    }
    const hours = list(extra.hours);
    for (const bucket of hours) {
      if (!HOURS_BUCKETS.some((b) => b.key === bucket)) {
        throw badRequest(`'${bucket}' is not a valid value for filter[hours]`, "filter[hours]");
      }
    }
    const organizationIds = list(extra.organization_id).map((raw) => {
      const id = pathId(raw);
      if (id === null) {
        throw badRequest(
          `'${raw}' is not a valid value for filter[organization_id]`,
          "filter[organization_id]",
        );
      }
      return id;
    });
    const tagSlugs = list(extra.tags);
    const nearQuery = one(extra.near)?.trim();
    // A distance without a place is ignored: the search form always sends its select.
    const km = parseDistance(one(extra.distance));
    const place = nearQuery ? await geocoder.resolve(nearQuery) : null;
    if (nearQuery && !place) {
      const detail = `'${nearQuery}' is not a place or postcode we know`;
      throw new AppError("unprocessable_entity", detail, {
        items: [{ detail, code: "unknown_place", source: { parameter: "filter[near]" } }],
      });
    }
    const sort = parseSearchSort(query, Boolean(q), Boolean(place));

    const tenantId = request.tenant.id;
    const today = amsterdamToday();
    /**
     * The search's parameters: the site's centres and the tag ids (two small reads), read
     * once, by whichever of the transactions below runs first, on its connection; the others
     * wait for the same answer. (On PGlite the page's transaction, started first, runs first.)
     */
    let resolved: Promise<TSearchParams> | undefined;
    const resolve = (tx: AppDb): Promise<TSearchParams> => {
      resolved ??= (async () => {
        const resolvedTags = await tagIdsBySlug(tx, tenantId, tagSlugs);
        return {
          tenantId,
          centerIds: await publicCenterIds(tx, request.tenant, request.volunteerCenterId),
          today,
          q: q || undefined,
          near: place ? { latitude: place.latitude, longitude: place.longitude, km } : undefined,
          tagIds: resolvedTags.ids,
          unknownTag: resolvedTags.unknown,
          hours: hours as THoursBucket[],
          organizationIds,
          sort,
          limit: page.size,
          offset: page.offset,
        };
      })();
      return resolved;
    };
    // The page and the two halves of the summary on their own connections at once: a
    // search's latency is the slowest of them rather than their sum (PGlite, one
    // connection, runs them in turn). Each is its own transaction with the tenant set.
    const inTenant = <T>(fn: (tx: AppDb) => Promise<T>) => withTenant(app.db, tenantId, fn);
    const key = summaryKey({
      tenantId,
      siteCenterId: request.volunteerCenterId,
      today,
      q: q || null,
      near: place ? [place.latitude, place.longitude, km] : null,
      tagSlugs,
      hours,
      organizationIds,
    });
    const cached = summaries?.get(key);
    const [rows, summary] = await Promise.all([
      inTenant(async (tx) =>
        loadVacancies(
          tx,
          tenantId,
          await searchVacancyIds(tx, await resolve(tx)),
          include.some((i) => i.startsWith("organization")),
        ),
      ),
      cached ??
        Promise.all([
          inTenant(async (tx) => searchTagSummary(tx, await resolve(tx))),
          inTenant(async (tx) => searchGroupSummary(tx, await resolve(tx))),
        ]).then(([tagPart, groupPart]) => {
          const combined = combineSummary(tagPart, groupPart);
          summaries?.set(key, combined);
          return combined;
        }),
    ]);
    const result = { rows, records: summary.records, facets: summary.facets };

    const { meta, links } = paginate(request, page, result.records);
    return sendDocument(
      reply,
      serialize(vacancyResource, result.rows, {
        include,
        fields,
        links,
        meta: {
          ...meta,
          record_count: result.records,
          page_count: Math.max(1, Math.ceil(result.records / page.size)),
          sort,
          facets: result.facets,
          ...(place
            ? {
                near: {
                  query: nearQuery,
                  name: place.name,
                  latitude: place.latitude,
                  longitude: place.longitude,
                  distance_km: km,
                },
              }
            : {}),
        },
      }),
    );
  });

  app.get("/vacancies/:id", async (request, reply) => {
    const query = request.query as TQuery;
    const include = parseInclude(query, vacancyResource, INCLUDABLE);
    const fields = parseFields(query);
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    const tenantId = request.tenant.id;
    const vacancy = await withTenant(app.db, tenantId, async (tx) => {
      const centerIds = await publicCenterIds(tx, request.tenant, request.volunteerCenterId);
      const found = await findPublicVacancy(tx, {
        tenantId,
        centerIds,
        id,
        today: amsterdamToday(),
      });
      if (found === null) return null;
      const [row] = await loadVacancies(tx, tenantId, [{ id: found, distanceKm: null }], true);
      return row ?? null;
    });
    if (!vacancy) throw notFound();
    authorize(null, "vacancies.read", { volunteerCenterId: vacancy.volunteerCenterId });
    return sendDocument(reply, serialize(vacancyResource, vacancy, { include, fields }));
  });
}
