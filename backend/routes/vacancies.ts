import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { type AppDb, withTenant } from "../db/client";
import { AppError, badRequest, notFound } from "../errors";
import { createGeocoder, type Geocoder, type TPlace } from "../geo";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  documentQuery,
  listQuery,
  pathParams,
  type TParsedList,
  type TReader,
  ZPathId,
} from "../http/inputs";
import { isObject, pathId } from "../jsonapi/document-attributes";
import { stringParam, type TQueryValue } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { vacancyResource } from "../jsonapi/vacancy-resources";
import { publicCenterIds } from "../queries/public-scope";
import { replyDaysMedian } from "../queries/reply-times";
import type { SearchSummaryCache } from "../queries/search-summary-cache";
import {
  amsterdamToday,
  findPublicVacancy,
  loadVacancies,
  tagIdsBySlug,
  vacancyApplicationFormId,
} from "../queries/vacancies";
import {
  combineSummary,
  HOURS_BUCKETS,
  loadSiteTable,
  loadWordRanks,
  namedSummary,
  SEARCH_SORTS,
  searchGroupSummary,
  searchSummaryOneScan,
  searchTagSummary,
  searchVacancyIds,
  type THoursBucket,
  type TSearchParams,
  type TSearchSort,
  type TSearchSummary,
} from "../queries/vacancy-search";
import {
  SearchMemo,
  searchSiteTable,
  siteTableBytes,
  wordMatchesBytes,
} from "../queries/vacancy-search-memory";
import { applicationQuestions } from "../services/forms";
import { vacancyWriteRoutes } from "./vacancy-writes";

/**
 * GET /api/v1/vacancies and GET /api/v1/vacancies/:id (docs/vacancies-search.md).
 * Public, signed in or not (policy vacancies.list / vacancies.read): only published
 * vacancies, not past their closing date, of the site's public centres
 * (queries/public-scope.ts: every centre of a sharing collaboration, else the site's own).
 * The list holds the open ones only. By id, a closed vacancy (or one past its closing date)
 * is still answered, with its status and `closed_at`, so its page can stay and say so; drafts,
 * pending and archived ones, another centre's and another tenant's are a 404, never 403.
 */

/**
 * One vacancy adds how fast its organisation usually replies (docs/reply-times.md):
 * `reply_days_median`, null until it replied often enough lately. Only here, not in the
 * search list: one aggregate per page, not one per result.
 */
export const vacancyDetailResource: TResource = {
  ...vacancyResource,
  attributes: [...vacancyResource.attributes, "replyDaysMedian", "applicationForm"],
};

/**
 * The questions applying asks (docs/forms.md): `application_form` is `{ form_id,
 * form_version_id, definition }` of the vacancy's published form, else null. Only on the
 * one vacancy, so the search list stays small; snake-case keys, as the serializer passes an
 * attribute's value as it is.
 */
async function applicationFormOf(tx: AppDb, tenantId: number, vacancyId: number) {
  const formId = await vacancyApplicationFormId(tx, tenantId, vacancyId);
  const questions = await applicationQuestions(tx, tenantId, formId);
  return questions
    ? {
        form_id: questions.formId,
        form_version_id: questions.versionId,
        definition: questions.definition,
      }
    : null;
}

const INCLUDABLE = ["organization.address", "organization.profile", "tags"] as const;
const FILTERS = ["q", "near", "distance", "tags", "hours", "organization_id"] as const;
// Brief: page[size] at most 100 for the public search.
const PAGE_LIMITS = { defaultSize: 20, maxSize: 100 };
export const DEFAULT_DISTANCE_KM = 10;
export const MAX_DISTANCE_KM = 100;
const MAX_QUERY_LENGTH = 200;
// What one api process keeps to search in memory: a site of 16 000 open vacancies takes
// about 0.6 MB, a word's matches 12 bytes each.
const SEARCH_MEMO_BYTES = 64 * 1024 * 1024;

const one = (value: TQueryValue | undefined) =>
  Array.isArray(value) ? value[value.length - 1] : value;
const list = (value: TQueryValue | undefined) =>
  (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");

function parseQ(raw: string | undefined): string | undefined {
  const q = raw?.trim();
  if (q !== undefined && q.length > MAX_QUERY_LENGTH) {
    throw badRequest(`filter[q] is longer than ${MAX_QUERY_LENGTH} characters`, "filter[q]");
  }
  return q || undefined;
}

function parseHours(raw: TQueryValue | undefined): THoursBucket[] {
  return list(raw).map((bucket) => {
    const known = HOURS_BUCKETS.find((b) => b.key === bucket);
    if (!known) {
      throw badRequest(`'${bucket}' is not a valid value for filter[hours]`, "filter[hours]");
    }
    return known.key;
  });
}

function parseOrganizationIds(raw: TQueryValue | undefined): number[] {
  return list(raw).map((value) => {
    const id = pathId(value);
    if (id === null) {
      throw badRequest(
        `'${value}' is not a valid value for filter[organization_id]`,
        "filter[organization_id]",
      );
    }
    return id;
  });
}

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

/** The search's own filters (docs/vacancies-search.md), each checked: 400 naming it. */
export type TSearchFilters = {
  q: string | undefined;
  /** The place as asked; the geocoder resolves it in the handler. */
  near: string | undefined;
  /** A distance without a place is ignored: the search form always sends its select. */
  km: number;
  tagSlugs: string[];
  hours: THoursBucket[];
  organizationIds: number[];
};

export function parseSearchFilters(extra: Record<string, TQueryValue>): TSearchFilters {
  return {
    q: parseQ(one(extra.q)),
    hours: parseHours(extra.hours),
    organizationIds: parseOrganizationIds(extra.organization_id),
    tagSlugs: list(extra.tags),
    near: one(extra.near)?.trim() || undefined,
    km: parseDistance(one(extra.distance)),
  };
}

/** One of SEARCH_SORTS; relevance needs a `q`, distance a place. */
export function parseSearchSort(raw: string | undefined, filters: TSearchFilters): TSearchSort {
  const asked = raw?.trim();
  if (!asked) return filters.q ? "relevance" : "-published_at";
  const sort = SEARCH_SORTS.find((s) => s === asked);
  if (!sort) throw badRequest(`${asked} is not a sortable field`, "sort");
  if (sort === "relevance" && !filters.q) {
    throw badRequest("sort=relevance needs filter[q]", "sort");
  }
  if (sort === "distance" && !filters.near) {
    throw badRequest("sort=distance needs filter[near]", "sort");
  }
  return sort;
}

const searchList = listQuery({
  resource: vacancyResource,
  include: INCLUDABLE,
  extraFilters: FILTERS,
  page: PAGE_LIMITS,
});

/**
 * GET /vacancies' query: the JSON:API list without its sort, which is the search's own
 * (one of SEARCH_SORTS, not columns), and the filters parsed, all before any query runs.
 */
export const vacancySearchQuery: TReader<
  TParsedList & { filters: TSearchFilters; sort: TSearchSort }
> = {
  parse(raw) {
    const { sort, ...rest } = isObject(raw) ? raw : {};
    const parsed = searchList.parse(rest);
    const filters = parseSearchFilters(parsed.extra);
    return { ...parsed, filters, sort: parseSearchSort(stringParam({ sort }, "sort"), filters) };
  },
  parameters: () => [
    ...(searchList.parameters?.() ?? []),
    {
      name: "sort",
      in: "query",
      required: false,
      description: "relevance needs filter[q], distance filter[near]",
      schema: { enum: [...SEARCH_SORTS] },
    },
  ],
};

/** The place of `filter[near]`, or a 422 the web answers by searching without it. */
async function placeOf(geocoder: Geocoder, near: string | undefined): Promise<TPlace | null> {
  if (!near) return null;
  const place = await geocoder.resolve(near);
  if (place) return place;
  const detail = `'${near}' is not a place or postcode we know`;
  throw new AppError("unprocessable_entity", detail, {
    items: [{ detail, code: "unknown_place", source: { parameter: "filter[near]" } }],
  });
}
/**
 * What the count and facets of a search depend on within a tenant (the cache files them
 * under the tenant's generation): the site (its centre and whether the tenant shares
 * centres), the day and every filter as asked (not sort or page, nor the language: the
 * facets carry both tag names). Keyed by the request rather than the resolved centres and
 * tag ids, so a cached summary costs no query; a change to a centre or a tag is a change of
 * the tenant (migration 0031) and empties its cache.
 */
function summaryKey(input: {
  siteCenterId: number | null;
  centreSharing: boolean;
  today: string;
  q: string | null;
  near: readonly number[] | null;
  tagSlugs: readonly string[];
  hours: readonly string[];
  organizationIds: readonly number[];
}): string {
  const sorted = <T>(list: readonly T[]) => [...new Set(list)].sort();
  return JSON.stringify([
    input.siteCenterId,
    input.centreSharing,
    input.today,
    input.q,
    input.near,
    sorted(input.tagSlugs),
    sorted(input.hours),
    sorted(input.organizationIds),
  ]);
}

type TSearchQuery = ReturnType<typeof vacancySearchQuery.parse>;

/**
 * While the cache is active: the page and the summary in memory, from the site's table and
 * the words' matches kept per tenant generation, in one transaction. Otherwise the page and
 * the two halves of the summary by SQL, each in its own tenant transaction on its own pooled
 * connection, at once: a search's latency is the slowest of them rather than their sum
 * (PGlite, one connection, runs them in turn). Either way count and facets come from the
 * cache when the same search ran since the tenant last changed.
 */
async function runSearch(
  db: AppDb,
  request: FastifyRequest,
  query: TSearchQuery,
  place: TPlace | null,
  summaries: SearchSummaryCache | null,
  memo: SearchMemo | null,
) {
  const { filters, page, sort } = query;
  const tenantId = request.tenant.id;
  const today = amsterdamToday();
  const near = place
    ? { latitude: place.latitude, longitude: place.longitude, km: filters.km }
    : undefined;
  // Taken before any statement runs: a change committed after this files the summary
  // under a generation no later search reads.
  const generation = summaries?.generation(tenantId) ?? "";
  /**
   * The search's parameters: the site's centres and the tag ids (two small reads, kept
   * with the summaries until the tenant changes), read once, by whichever of the transactions below runs first, on its connection; the others
   * wait for the same answer. (On PGlite the page's transaction, started first, runs first.)
   */
  let resolved: Promise<TSearchParams> | undefined;
  const resolve = (tx: AppDb): Promise<TSearchParams> => {
    const remember = <T>(key: string, compute: () => Promise<T>) =>
      summaries ? summaries.remember(generation, key, compute) : compute();
    resolved ??= (async () => {
      const slugs = [...new Set(filters.tagSlugs)].sort();
      const tags =
        slugs.length === 0
          ? await tagIdsBySlug(tx, tenantId, [])
          : await remember(`tags ${JSON.stringify(slugs)}`, () =>
              tagIdsBySlug(tx, tenantId, slugs),
            );
      const centres = `centres ${request.volunteerCenterId} ${request.tenant.centreSharing}`;
      return {
        tenantId,
        centerIds: await remember(centres, () =>
          publicCenterIds(tx, request.tenant, request.volunteerCenterId),
        ),
        today,
        q: filters.q,
        near,
        tagIds: tags.ids,
        unknownTag: tags.unknown,
        hours: filters.hours,
        organizationIds: filters.organizationIds,
        sort,
        limit: page.size,
        offset: page.offset,
      };
    })();
    return resolved;
  };
  const inTenant = <T>(fn: (tx: AppDb) => Promise<T>) => withTenant(db, tenantId, fn);
  const key = summaryKey({
    siteCenterId: request.volunteerCenterId,
    centreSharing: request.tenant.centreSharing,
    today,
    q: filters.q ?? null,
    near: near ? [near.latitude, near.longitude, near.km] : null,
    tagSlugs: filters.tagSlugs,
    hours: filters.hours,
    organizationIds: filters.organizationIds,
  });
  const withOrganization = query.include.some((i) => i.startsWith("organization"));
  const pageKey = `page ${key} ${sort} ${page.size} ${page.offset}`;
  if (summaries && memo && summaries.keeps(generation)) {
    // Answered in memory from the site's table (and the words' matches), kept like the
    // summaries: one transaction, for the tables when they are not kept and for the page's
    // rows (docs/vacancies-search.md, "Searches in memory").
    return inTenant(async (tx) => {
      let answer: ReturnType<typeof searchSiteTable> | undefined;
      const answered = async () => {
        if (answer) return answer;
        const params = await resolve(tx);
        const site = `${generation}|site ${JSON.stringify([...params.centerIds].sort((a, b) => a - b))} ${today}`;
        // Kept only under the generation the search began in (see SearchSummaryCache).
        const keep = () => summaries.generation(tenantId) === generation;
        const table = await memo.remember(
          site,
          keep,
          () => loadSiteTable(tx, params),
          siteTableBytes,
        );
        const ranks =
          params.q === undefined
            ? undefined
            : await memo.remember(
                `${site} words ${JSON.stringify(params.q)}`,
                keep,
                () => loadWordRanks(tx, params),
                wordMatchesBytes,
              );
        answer = searchSiteTable(table, params, ranks);
        return answer;
      };
      const hits = await summaries.remember(
        generation,
        pageKey,
        async () => (await answered()).hits,
      );
      let summary = summaries.get(generation, key);
      if (!summary) {
        summary = await namedSummary(tx, await resolve(tx), (await answered()).counts);
        summaries.set(generation, key, summary);
      }
      return { rows: await loadVacancies(tx, tenantId, hits, withOrganization), summary };
    });
  }
  const [rows, summary] = await Promise.all([
    // The page's ids (and distances) are kept like the summary, per sort and page; its rows
    // are always read afresh, under row security.
    inTenant(async (tx) => {
      const ids = () => resolve(tx).then((params) => searchVacancyIds(tx, params));
      const hits = summaries ? await summaries.remember(generation, pageKey, ids) : await ids();
      return loadVacancies(tx, tenantId, hits, withOrganization);
    }),
    summaries?.get(generation, key) ??
      (filters.q
        ? inTenant(async (tx) => searchSummaryOneScan(tx, await resolve(tx)))
        : Promise.all([
            inTenant(async (tx) => searchTagSummary(tx, await resolve(tx))),
            inTenant(async (tx) => searchGroupSummary(tx, await resolve(tx))),
          ]).then(([tagPart, groupPart]) => combineSummary(tagPart, groupPart))
      ).then((summary) => {
        summaries?.set(generation, key, summary);
        return summary;
      }),
  ]);
  return { rows, summary };
}

/** The search's meta beside the pagination: counts, the order applied, facets, the place. */
function searchMeta(query: TSearchQuery, place: TPlace | null, summary: TSearchSummary) {
  return {
    record_count: summary.records,
    page_count: Math.max(1, Math.ceil(summary.records / query.page.size)),
    sort: query.sort,
    facets: summary.facets,
    ...(place
      ? {
          near: {
            query: query.filters.near,
            name: place.name,
            latitude: place.latitude,
            longitude: place.longitude,
            distance_km: query.filters.km,
          },
        }
      : {}),
  };
}

export async function vacancyRoutes(app: FastifyInstance) {
  // The count and facets are the expensive part of a search (an aggregate over every
  // match) and the same for every sort and page: kept per tenant until a change of the
  // tenant's vacancies, tags or organisations (queries/search-summary-cache.ts).
  const summaries = app.searchSummaries;
  // Site tables and words' matches to search in memory, kept as long as a summary.
  const memo = summaries
    ? new SearchMemo({ ttlMs: app.config.SEARCH_SUMMARY_CACHE_MS, maxBytes: SEARCH_MEMO_BYTES })
    : null;
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );
  vacancyWriteRoutes(app, { geocoder });

  defineRoute(app, {
    method: "GET",
    url: "/vacancies",
    summary: "Search the site's public vacancies: words, place and distance, tags, hours",
    auth: "public",
    // Three transactions at once on three connections (runSearch), and the geocoder before
    // them: no request transaction (docs/api-routes.md).
    transaction: "none",
    query: vacancySearchQuery,
    action: "vacancies.list",
    facts: () => ({}),
    response: { resource: vacancyResource, many: true },
    handler: async ({ db, request, query }) => {
      const place = await placeOf(geocoder, query.filters.near);
      const { rows, summary } = await runSearch(db, request, query, place, summaries, memo);
      const meta = searchMeta(query, place, summary);
      return listDocument(request, vacancyResource, query, rows, summary.records, meta);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/vacancies/:id",
    summary: "One public vacancy of the site's centres",
    auth: "public",
    params: pathParams(z.object({ id: ZPathId })),
    query: documentQuery(vacancyDetailResource, INCLUDABLE),
    load: async ({ tx, tenant, volunteerCenterId, params }) => {
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const found = await findPublicVacancy(tx, {
        tenantId: tenant.id,
        centerIds,
        id: params.id,
      });
      if (found === null) throw notFound();
      const [row] = await loadVacancies(tx, tenant.id, [{ id: found, distanceKm: null }], true);
      if (!row) throw notFound();
      return row;
    },
    action: "vacancies.read",
    facts: (_ctx, vacancy) => ({ volunteerCenterId: vacancy.volunteerCenterId }),
    response: { resource: vacancyDetailResource, many: false },
    handler: async ({ tx, tenant, query }, vacancy) => {
      const median = await replyDaysMedian(tx, tenant.id, vacancy.organizationId, new Date());
      const applicationForm = await applicationFormOf(tx, tenant.id, vacancy.id);
      return serialize(
        vacancyDetailResource,
        { ...vacancy, replyDaysMedian: median, applicationForm },
        query,
      );
    },
  });
}
