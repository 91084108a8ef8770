import type { FastifyInstance } from "fastify";
import { withTenant } from "../db/client";
import { ZTranslationLocale } from "../db/schema";
import { AppError } from "../errors";
import { parseListQuery } from "../jsonapi/list-query";
import { paginate } from "../jsonapi/pagination";
import type { TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { authorize } from "../policies/policy";
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

export async function translationRoutes(app: FastifyInstance) {
  app.get("/translations/:locale", async (request, reply) => {
    const tenantId = request.tenant.id;
    const parsed = ZTranslationLocale.safeParse((request.params as { locale: string }).locale);
    if (!parsed.success) throw unknownLocale();
    const locale = parsed.data;
    const query = request.query as TQuery;
    const { include, fields } = parseListQuery(query, translationResource, {});
    authorize(null, "translations.list", {});
    const rows = await withTenant(app.db, tenantId, (tx) => listTranslations(tx, tenantId, locale));
    // Everything on one page: meta.pagination is { current: 1, records: n }, links.self.
    const whole = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
    const { meta, links } = paginate(request, whole, rows.length);
    return sendDocument(
      reply,
      serialize(translationResource, rows, { include, fields, meta, links }),
    );
  });
}
