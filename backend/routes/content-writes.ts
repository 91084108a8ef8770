import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  CONTENT_WRITE_LOCALES,
  CONTENT_WRITE_STATUSES,
  ZContentPageAttributes,
  ZContentPageChanges,
  ZNewsArticleAttributes,
  ZNewsArticleChanges,
} from "../../lib/contract/content";
import { contentPages, newsArticles } from "../db/schema";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { administeredCentres } from "../policies/policy";
import {
  findManagedContentPage,
  findManagedNewsArticle,
  listManagedContentPages,
  listManagedNewsArticles,
  tenantCentre,
} from "../queries/content-writes";
import { tenantCentreIds } from "../queries/help-posts";
import {
  changeContentPage,
  changeNewsArticle,
  createContentPage,
  createNewsArticle,
  removeContentPage,
  removeNewsArticle,
} from "../services/content";

/**
 * Writing news articles and content pages (docs/content-writes.md), and the back office's
 * lists of them in every status. An article is its centre's: that centre's admins and
 * superadmins write it (news_articles.*). Pages are the tenant's: the admins of any of its
 * centres and superadmins (content_pages.*). The public reads are news-articles.ts and
 * content-pages.ts.
 */

const WRITTEN = [
  "slug",
  "locale",
  "title",
  "summary",
  "body",
  "imageUrl",
  "status",
  "publishedAt",
  "createdAt",
  "updatedAt",
];

export const managedNewsArticleResource: TResource = {
  type: "news_article",
  attributes: [...WRITTEN, "volunteerCenterId", "authorId"],
};
export const managedContentPageResource: TResource = {
  type: "content_page",
  attributes: WRITTEN,
};

const ZIdParams = z.object({ id: ZPathId });
const FILTER_ENUMS = { status: CONTENT_WRITE_STATUSES, locale: CONTENT_WRITE_LOCALES };

const mustExist = (attribute: string) =>
  unprocessable([invalidAttribute([attribute], "must exist", "required")]);

export async function contentWriteRoutes(app: FastifyInstance) {
  const now = () => app.authSettings.now();

  // --- News -----------------------------------------------------------------------------

  defineRoute(app, {
    method: "GET",
    url: "/managed_news_articles",
    summary: "The news of the centres the caller administers, drafts and scheduled ones too",
    auth: "signed_in",
    query: listQuery({
      resource: managedNewsArticleResource,
      filter: {
        id: newsArticles.id,
        status: newsArticles.status,
        locale: newsArticles.locale,
        slug: newsArticles.slug,
        title: newsArticles.title,
        volunteer_center_id: newsArticles.volunteerCenterId,
        published_at: newsArticles.publishedAt,
      },
      filterEnums: FILTER_ENUMS,
      sort: {
        title: newsArticles.title,
        status: newsArticles.status,
        published_at: newsArticles.publishedAt,
        created_at: newsArticles.createdAt,
        updated_at: newsArticles.updatedAt,
      },
      defaultOrder: [desc(newsArticles.updatedAt), desc(newsArticles.id)],
      tieBreaker: newsArticles.id,
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "news_articles.list_managed",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: managedNewsArticleResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, centerIds) => {
      const { rows, records } = await listManagedNewsArticles(tx, tenant.id, {
        centerIds: administeredCentres(actor, centerIds),
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, managedNewsArticleResource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/news_articles",
    summary: "Write a news article of a centre (a draft, published or scheduled)",
    auth: "signed_in",
    body: attributesBody(ZNewsArticleAttributes, { types: ["news_articles", "news_article"] }),
    // The centre first (the site's when none is named): another tenant's is a 422 for
    // everyone, before the policy could tell whether the caller administers it.
    load: async ({ tx, tenant, body, volunteerCenterId }) => {
      const centre = body.volunteer_center_id ?? volunteerCenterId;
      if (centre === null || centre === undefined) throw mustExist("volunteer_center_id");
      if (!(await tenantCentre(tx, tenant.id, centre))) throw mustExist("volunteer_center_id");
      return centre;
    },
    action: "news_articles.create",
    facts: (_ctx, volunteerCenterId) => ({ volunteerCenterId }),
    status: 201,
    response: { resource: managedNewsArticleResource, many: false },
    handler: async ({ tx, tenant, actor, body }, centre) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      const article = await createNewsArticle(tx, who, body, centre);
      return serialize(managedNewsArticleResource, article);
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/news_articles/:id",
    summary: "Change a news article (its centre's admins); a published one keeps its old slug",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZNewsArticleChanges, {
      types: ["news_articles", "news_article"],
      idParam: "id",
    }),
    load: async ({ tx, tenant, params, body }) => {
      const article = await findManagedNewsArticle(tx, tenant.id, params.id);
      if (!article) throw notFound();
      const target = body.volunteer_center_id;
      if (target !== undefined && !(await tenantCentre(tx, tenant.id, target))) {
        throw mustExist("volunteer_center_id");
      }
      return article;
    },
    action: "news_articles.update",
    facts: ({ body }, article) => ({
      volunteerCenterId: article.volunteerCenterId,
      targetCenterId: body.volunteer_center_id ?? article.volunteerCenterId,
    }),
    response: { resource: managedNewsArticleResource, many: false },
    handler: async ({ tx, tenant, actor, body }, article) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(managedNewsArticleResource, await changeNewsArticle(tx, who, article, body));
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/news_articles/:id",
    summary: "Delete a news article (its old slugs go with it)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: async ({ tx, tenant, params }) => {
      const article = await findManagedNewsArticle(tx, tenant.id, params.id);
      if (!article) throw notFound();
      return article;
    },
    action: "news_articles.delete",
    facts: (_ctx, article) => ({ volunteerCenterId: article.volunteerCenterId }),
    status: 204,
    handler: async ({ tx, tenant, actor }, article) => {
      await removeNewsArticle(tx, { tenantId: tenant.id, actorId: actor.id, now: now() }, article);
      return null;
    },
  });

  // --- Pages ----------------------------------------------------------------------------

  defineRoute(app, {
    method: "GET",
    url: "/managed_content_pages",
    summary: "The tenant's content pages in every language and status",
    auth: "signed_in",
    query: listQuery({
      resource: managedContentPageResource,
      filter: {
        id: contentPages.id,
        status: contentPages.status,
        locale: contentPages.locale,
        slug: contentPages.slug,
        title: contentPages.title,
        published_at: contentPages.publishedAt,
      },
      filterEnums: FILTER_ENUMS,
      sort: {
        title: contentPages.title,
        slug: contentPages.slug,
        status: contentPages.status,
        published_at: contentPages.publishedAt,
        created_at: contentPages.createdAt,
        updated_at: contentPages.updatedAt,
      },
      defaultOrder: [desc(contentPages.updatedAt), desc(contentPages.id)],
      tieBreaker: contentPages.id,
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "content_pages.list_managed",
    facts: (_ctx, centreIds) => ({ centreIds }),
    response: { resource: managedContentPageResource, many: true },
    handler: async ({ tx, tenant, query, request }) => {
      const { rows, records } = await listManagedContentPages(tx, tenant.id, {
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, managedContentPageResource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/content_pages",
    summary: "Write a content page of the tenant in one language",
    auth: "signed_in",
    body: attributesBody(ZContentPageAttributes, { types: ["content_pages", "content_page"] }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "content_pages.create",
    facts: (_ctx, centreIds) => ({ centreIds }),
    status: 201,
    response: { resource: managedContentPageResource, many: false },
    handler: async ({ tx, tenant, actor, body }) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(managedContentPageResource, await createContentPage(tx, who, body));
    },
  });

  const loadPage = async ({
    tx,
    tenant,
    params,
  }: {
    tx: Parameters<typeof findManagedContentPage>[0];
    tenant: { id: number };
    params: { id: number };
  }) => {
    const page = await findManagedContentPage(tx, tenant.id, params.id);
    if (!page) throw notFound();
    return { page, centreIds: await tenantCentreIds(tx, tenant.id) };
  };

  defineRoute(app, {
    method: "PATCH",
    url: "/content_pages/:id",
    summary: "Change a content page; a published one keeps its old slug",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZContentPageChanges, {
      types: ["content_pages", "content_page"],
      idParam: "id",
    }),
    load: loadPage,
    action: "content_pages.update",
    facts: (_ctx, { centreIds }) => ({ centreIds }),
    response: { resource: managedContentPageResource, many: false },
    handler: async ({ tx, tenant, actor, body }, { page }) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(managedContentPageResource, await changeContentPage(tx, who, page, body));
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/content_pages/:id",
    summary: "Delete a content page in one language (its old slugs go with it)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: loadPage,
    action: "content_pages.delete",
    facts: (_ctx, { centreIds }) => ({ centreIds }),
    status: 204,
    handler: async ({ tx, tenant, actor }, { page }) => {
      await removeContentPage(tx, { tenantId: tenant.id, actorId: actor.id, now: now() }, page);
      return null;
    },
  });
}
