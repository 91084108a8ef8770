import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyReply } from "fastify";
import { authenticate } from "../auth/authenticate";
import { withTenant } from "../db/client";
import { normalizeFooter, normalizeTheme, ZSiteSettingsChanges } from "../domain/site-settings";
import { notFound } from "../errors";
import { documentAttributes, pathId } from "../jsonapi/document-attributes";
import { parseFields, parseInclude, type TQuery } from "../jsonapi/params";
import { sendDocument } from "../jsonapi/reply";
import { serialize, type TResource } from "../jsonapi/serializer";
import { parseAttributes } from "../jsonapi/validation";
import { loadActor } from "../policies/actor";
import { authorize } from "../policies/policy";
import { recordAudit } from "../queries/audit-events";
import {
  findCenter,
  saveSiteSettings,
  siteSettingsOf,
  type TSiteSettingsRow,
} from "../queries/site-settings";

/**
 * A volunteer centre's settings for its public site (spec §2 /instellingen/design and
 * /footer; docs/api-site-settings.md). The resource's id is the centre's id.
 *
 * - GET /api/v1/site_setting: the settings of the site the request is for (the centre of
 *   Volunteer-Center-Id, else the tenant's default centre). Public: every page of the site
 *   is drawn with them, before anyone signs in. The web caches them per tenant and centre.
 * - GET /api/v1/site_settings/:id: one centre's (public for the same reason).
 * - PUT /api/v1/site_settings/:id: the centre's admins and superadmins (policy
 *   site_settings.update). Another tenant's centre, or an id that is no centre: 404.
 */

export const siteSettingResource: TResource = {
  type: "site_setting",
  attributes: ["volunteerCenterId", "theme", "footer", "updatedAt"],
};

function send(reply: FastifyReply, query: TQuery, row: TSiteSettingsRow) {
  const include = parseInclude(query, siteSettingResource, []);
  const fields = parseFields(query);
  return sendDocument(reply, serialize(siteSettingResource, row, { include, fields }));
}

export async function siteSettingRoutes(app: FastifyInstance) {
  app.get("/site_setting", async (request, reply) => {
    const tenantId = request.tenant.id;
    const centerId = request.volunteerCenterId;
    authorize(null, "site_settings.read", {});
    if (centerId === null) throw notFound();
    const row = await withTenant(app.db, tenantId, (tx) => siteSettingsOf(tx, tenantId, centerId));
    return send(reply, request.query as TQuery, row);
  });

  app.get("/site_settings/:id", async (request, reply) => {
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    authorize(null, "site_settings.read", {});
    if (id === null) throw notFound();
    const row = await withTenant(app.db, tenantId, async (tx) => {
      if (!(await findCenter(tx, tenantId, id))) throw notFound();
      return siteSettingsOf(tx, tenantId, id);
    });
    return send(reply, request.query as TQuery, row);
  });

  app.put("/site_settings/:id", { preHandler: authenticate }, async (request, reply) => {
    parseInclude(request.query as TQuery, siteSettingResource, []); // refused before the write
    const tenantId = request.tenant.id;
    const id = pathId((request.params as { id: string }).id);
    if (id === null) throw notFound();
    const row = await withTenant(app.db, tenantId, async (tx) => {
      const center = await findCenter(tx, tenantId, id);
      if (!center) throw notFound();
      const actor = await loadActor(tx, tenantId, request.user);
      authorize(actor, "site_settings.update", { volunteerCenterId: id });
      const attributes = documentAttributes(request.body, {
        types: ["site_settings", "site_setting"],
        id,
      });
      const input = parseAttributes(ZSiteSettingsChanges, attributes);
      const before = await siteSettingsOf(tx, tenantId, id);
      const changes = {
        ...(input.theme ? { theme: normalizeTheme(input.theme) } : {}),
        ...(input.footer ? { footer: normalizeFooter(input.footer) } : {}),
      };
      const changed = (["theme", "footer"] as const).filter(
        (part) => changes[part] !== undefined && !isDeepStrictEqual(changes[part], before[part]),
      );
      if (changed.length === 0) return before;
      const saved = await saveSiteSettings(tx, tenantId, id, changes);
      await recordAudit(tx, {
        tenantId,
        actorId: request.user!.id,
        action: "site_settings_updated",
        subject: { type: "Organization", id, label: center.name },
        volunteerCenterId: id,
        details: { changed },
      });
      return saved;
    });
    return send(reply, request.query as TQuery, row);
  });
}
