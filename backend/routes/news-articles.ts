import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { notFound } from "../errors";
import { pathId } from "../jsonapi/document-attributes";
import { paginate } from "../jsonapi/pagination";
import {
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
  type TQuery,
} from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
import { findNewsArticle, listNewsArticles } from "../queries/news-articles";
import { publicCenterIds } from "../queries/public-scope";
import { volunteerCenterResource } from "./volunteer-centers";

/**
 * GET /api/v1/news_articles and GET /api/v1/news_articles/:id (spec §2 /nieuws,
 * docs/content-pages.md). Public (policy news_articles.list / news_articles.read), signed
 * in or not: published articles of the visitor's centres (public-scope.ts: the site's
 * centre, or every centre of a collaboration that shares), newest first. `:id` is the
 * numeric id or the slug, since the site's URL carries the slug. A draft, a scheduled
 * article, another centre's outside the scope and another tenant's are all 404.
 */

const relationships = {
  volunteer_center: { kind: "one" as const, resource: () => volunteerCenterResource },
};

/** The list leaves the body out: a page of summaries, not of whole articles. */
export const newsArticleListResource: TResource = {
  type: "news_article",
  attributes: [
    "slug",
    "locale",
    "title",
    "summary",
    "imageUrl",
    "publishedAt",
    "createdAt",
    "updatedAt",
  ],
  relationships,
};

export const newsArticleResource: TResource = {
  ...newsArticleListResource,
  attributes: [...newsArticleListResource.attributes, "body"],
};

const INCLUDES = ["volunteer_center"] as const;
const FILTERS = ["q"] as const;
// The site's news list shows ten a page (spec §2 /nieuws); up to 100 for a feed or sitemap.
const PAGE_LIMITS = { defaultSize: 10, maxSize: 100 };

const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v) as string | undefined;

export async function newsArticleRoutes(app: FastifyInstance) {
  app.get("/news_articles", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, newsArticleListResource, INCLUDES);
    const fields = parseFields(query);
    const { extra } = parseFilter(query, {}, { extra: FILTERS });
    parseSort(query, {});
    const page = parsePage(query, PAGE_LIMITS);
    authorize(null, "news_articles.list", {});
    const { rows, records } = await withTenant(app.db, tenantId, async (tx) =>
      listNewsArticles(tx, tenantId, {
        centerIds: await publicCenterIds(tx, request.tenant, request.volunteerCenterId),
        q: one(extra.q),
        now: new Date(),
        limit: page.size,
        offset: page.offset,
      }),
    );
    const { meta, links } = paginate(request, page, records);
    return sendDocument(
      reply,
      serialize(newsArticleListResource, rows, { include, fields, meta, links }),
    );
  });

  app.get<{ Params: { id: string } }>("/news_articles/:id", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const include = parseInclude(query, newsArticleResource, INCLUDES);
    const fields = parseFields(query);
    const raw = request.params.id;
    const id = pathId(raw);
    // An all-digit key is an id; slugs always hold a letter (docs/content-pages.md).
    const key = id !== null ? { id } : /^\d+$/.test(raw) ? null : { slug: raw };
    if (key === null) throw notFound();
    authorize(null, "news_articles.read", {});
    const row = await withTenant(app.db, tenantId, async (tx) =>
      findNewsArticle(tx, tenantId, {
        centerIds: await publicCenterIds(tx, request.tenant, request.volunteerCenterId),
        key,
        now: new Date(),
      }),
    );
    if (!row) throw notFound();
    return sendDocument(reply, serialize(newsArticleResource, row, { include, fields }));
  });
}
