import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { documentQuery, listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { oldSlugTarget } from "../queries/content-writes";
import { findNewsArticle, listNewsArticles } from "../queries/news-articles";
import { publicCenterIds } from "../queries/public-scope";
import { volunteerCenterResource } from "./volunteer-centers";

/**
 * GET /api/v1/news_articles and GET /api/v1/news_articles/:id (spec §2 /nieuws,
 * docs/content-pages.md). Public (policy news_articles.list / news_articles.read), signed
 * in or not: published articles of the visitor's centres (public-scope.ts: the site's
 * centre, or every centre of a collaboration that shares), newest first. `:id` is the
 * numeric id or the slug, since the site's URL carries the slug. A draft, a scheduled
 * article, another centre's outside the scope and another tenant's are all 404. An old
 * slug of a renamed article answers the article with `meta.redirect_to`, its slug now.
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

// An all-digit key is an id; slugs always hold a letter (docs/content-pages.md).
const ZArticleKey = z.object({
  id: z.union([
    ZPathId.transform((id) => ({ id })),
    z
      .string()
      .regex(/\D/)
      .transform((slug) => ({ slug })),
  ]),
});

export async function newsArticleRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/news_articles",
    summary: "Published news of the site's centres, newest first; filter[q] searches words",
    auth: "public",
    query: listQuery({
      resource: newsArticleListResource,
      include: INCLUDES,
      extraFilters: FILTERS,
      page: PAGE_LIMITS,
    }),
    action: "news_articles.list",
    facts: () => ({}),
    response: { resource: newsArticleListResource, many: true },
    handler: async ({ tx, tenant, volunteerCenterId, query, request }) => {
      const { rows, records } = await listNewsArticles(tx, tenant.id, {
        centerIds: await publicCenterIds(tx, tenant, volunteerCenterId),
        q: one(query.extra.q),
        now: new Date(),
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, newsArticleListResource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/news_articles/:id",
    summary: "One published article of the site's centres, by id or slug",
    auth: "public",
    params: pathParams(ZArticleKey),
    query: documentQuery(newsArticleResource, INCLUDES),
    action: "news_articles.read",
    facts: () => ({}),
    response: { resource: newsArticleResource, many: false },
    handler: async ({ tx, tenant, volunteerCenterId, params, query }) => {
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const row = await findNewsArticle(tx, tenant.id, {
        centerIds,
        key: params.id,
        now: new Date(),
      });
      if (row) return serialize(newsArticleResource, row, query);
      // An old slug of a renamed article (docs/content-writes.md "Old slugs"): the article
      // under its new slug, which the site redirects to permanently.
      const movedTo =
        "slug" in params.id
          ? await oldSlugTarget(tx, tenant.id, { kind: "news" }, params.id.slug)
          : null;
      const moved = movedTo
        ? await findNewsArticle(tx, tenant.id, { centerIds, key: { id: movedTo }, now: new Date() })
        : null;
      if (!moved) throw notFound();
      return serialize(newsArticleResource, moved, { ...query, meta: { redirect_to: moved.slug } });
    },
  });
}
