import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { CONTENT_LOCALES, type TContentLocale } from "../db/schema";
import { badRequest } from "../errors";
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
import { listContentPages } from "../queries/content-pages";

/**
 * GET /api/v1/content_pages (spec §2 /:slug?, docs/content-pages.md). Public (policy
 * content_pages.list), signed in or not; only the X-Tenant's published pages.
 * - `filter[slug]=over-ons&filter[locale]=en`: that page in English, else in Dutch; an
 *   empty list when it has neither (the site answers 404).
 * - `filter[locale]` alone: every page once, each in that language or else Dutch.
 * - no filter: every published row, each language apart (the sitemap's list).
 * Pages are the tenant's, not a centre's: every centre site of a tenant has the same ones.
 * Not paged: a tenant has tens of pages, and the sitemap wants them all.
 */

export const contentPageResource: TResource = {
  type: "content_page",
  attributes: [
    "slug",
    "locale",
    "title",
    "summary",
    "body",
    "imageUrl",
    "publishedAt",
    "updatedAt",
  ],
};

const FILTERS = ["slug", "locale"] as const;
const one = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v) as string | undefined;

export async function contentPageRoutes(app: FastifyInstance) {
  app.get("/content_pages", async (request, reply) => {
    const tenantId = request.tenant.id;
    const query = request.query as TQuery;
    const fields = parseFields(query);
    parseInclude(query, contentPageResource, []);
    const { extra } = parseFilter(query, {}, { extra: FILTERS });
    parseSort(query, {});
    parsePage(query);
    const locale = one(extra.locale);
    if (locale !== undefined && !(CONTENT_LOCALES as readonly string[]).includes(locale)) {
      throw badRequest(`${locale} is not a language of content pages`, "filter[locale]");
    }
    const slug = one(extra.slug)?.trim();
    authorize(null, "content_pages.list", {});
    const rows = await withTenant(app.db, tenantId, (tx) =>
      listContentPages(tx, tenantId, {
        slug: slug || undefined,
        locale: locale as TContentLocale | undefined,
        now: new Date(),
      }),
    );
    return sendDocument(
      reply,
      serialize(contentPageResource, rows, { fields, meta: { records: rows.length } }),
    );
  });
}
