import type { FastifyInstance } from "fastify";
import type { AppDb } from "../db/client";
import { CONTENT_LOCALES, type TContentLocale } from "../db/schema";
import { badRequest } from "../errors";
import { defineRoute } from "../http/define-route";
import { listQuery } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { FALLBACK_LOCALE, listContentPages } from "../queries/content-pages";
import { findManagedContentPage, oldSlugTarget } from "../queries/content-writes";

/** The slug now of the page that had `slug` in the asked language, else in Dutch. */
async function movedPageSlug(
  tx: AppDb,
  tenantId: number,
  slug: string,
  locale: TContentLocale | undefined,
): Promise<string | null> {
  const locales = [...new Set([locale ?? FALLBACK_LOCALE, FALLBACK_LOCALE])];
  for (const each of locales) {
    const id = await oldSlugTarget(tx, tenantId, { kind: "page", locale: each }, slug);
    const page = id ? await findManagedContentPage(tx, tenantId, id) : null;
    if (page && page.slug !== slug) return page.slug;
  }
  return null;
}

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
  defineRoute(app, {
    method: "GET",
    url: "/content_pages",
    summary: "The tenant's published content pages, by slug and language",
    auth: "public",
    query: listQuery({ resource: contentPageResource, extraFilters: FILTERS }),
    action: "content_pages.list",
    facts: () => ({}),
    response: { resource: contentPageResource, many: true },
    handler: async ({ tx, tenant, query }) => {
      const locale = one(query.extra.locale);
      if (locale !== undefined && !(CONTENT_LOCALES as readonly string[]).includes(locale)) {
        throw badRequest(`${locale} is not a language of content pages`, "filter[locale]");
      }
      const slug = one(query.extra.slug)?.trim();
      const asked = locale as TContentLocale | undefined;
      const rows = await listContentPages(tx, tenant.id, {
        slug: slug || undefined,
        locale: asked,
        now: new Date(),
      });
      if (rows.length === 0 && slug) {
        // An old slug of a renamed page (docs/content-writes.md "Old slugs"): the page under
        // its slug now, with `meta.redirect_to`, which the site redirects to permanently.
        const moved = await movedPageSlug(tx, tenant.id, slug, asked);
        if (moved) {
          const found = await listContentPages(tx, tenant.id, {
            slug: moved,
            locale: asked,
            now: new Date(),
          });
          if (found.length > 0) {
            return serialize(contentPageResource, found, {
              fields: query.fields,
              meta: { records: found.length, redirect_to: moved },
            });
          }
        }
      }
      return serialize(contentPageResource, rows, {
        fields: query.fields,
        meta: { records: rows.length },
      });
    },
  });
}
