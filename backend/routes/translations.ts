import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ZTranslationLocale } from "../db/schema";
import { AppError } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { listQuery, pathParams } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { listTranslations } from "../queries/translations";

/**
 * GET /api/v1/translations/:locale: the X-Tenant's overrides of the web's bundled messages
 * for one locale (spec §7: one message fetch per language, which the web caches 24 h).
 * Public (policy translations.list): they are the texts of the site, shown to everyone
 * before sign-in. Only the tenant's rows; all of them, so there is no paging, but the
 * count is in meta.pagination as on every other list.
 *
 * A message key travels as the VALUE of the `key` attribute, never as an attribute name:
 * the web's client converts attribute names between snake_case and camelCase, which would
 * turn `auth.sign_in` into `auth.signIn` and miss the message.
 */

/** Type `translations` as the web asked for it (its deserializer drops the type anyway). */
export const translationResource: TResource = {
  type: "translation",
  attributes: ["key", "value", "locale"],
};

// Not echoed back: the detail names what exists instead.
const unknownLocale = () => {
  const detail = "Unknown locale; there are translations for nl and en.";
  return new AppError("not_found", detail, {
    items: [{ detail, code: null, source: { parameter: "locale" } }],
  });
};

const ZLocaleParams = z.object({ locale: z.string() });

export async function translationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/translations/:locale",
    summary: "The tenant's message overrides for one locale",
    auth: "public",
    params: {
      ...pathParams(ZLocaleParams),
      parse: (raw) => {
        const parsed = ZTranslationLocale.safeParse(ZLocaleParams.safeParse(raw).data?.locale);
        if (!parsed.success) throw unknownLocale();
        return { locale: parsed.data };
      },
    },
    // A list's parameters, though it is never paged: every row of the locale in one answer.
    query: listQuery({ resource: translationResource }),
    action: "translations.list",
    facts: () => ({}),
    response: { resource: translationResource, many: true },
    handler: async ({ tx, tenant, params, query, request }) => {
      const rows = await listTranslations(tx, tenant.id, params.locale);
      // Everything on one page: meta.pagination is { current: 1, records: n }, links.self.
      const whole = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
      return listDocument(
        request,
        translationResource,
        { ...query, page: whole },
        rows,
        rows.length,
      );
    },
  });
}
