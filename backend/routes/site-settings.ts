import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { normalizeFooter, normalizeTheme, ZSiteSettingsChanges } from "../domain/site-settings";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { attributesBody, documentQuery, pathParams, ZPathId } from "../http/inputs";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { recordAudit } from "../queries/audit-events";
import { findCenter, saveSiteSettings, siteSettingsOf } from "../queries/site-settings";

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
  attributes: [
    "volunteerCenterId",
    "theme",
    "footer",
    "replyNudgesEnabled",
    "replyNudgeDays",
    "replyEscalationDays",
    "helpPostsPublic",
    "reviewsNewVacancies",
    "updatedAt",
  ],
};

const params = pathParams(z.object({ id: ZPathId }));
const query = documentQuery(siteSettingResource);
const one = { resource: siteSettingResource, many: false } as const;

export async function siteSettingRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/site_setting",
    summary: "The settings of the site the request is for (its volunteer centre)",
    auth: "public",
    query,
    action: "site_settings.read",
    facts: () => ({}),
    response: one,
    handler: async ({ tx, tenant, volunteerCenterId, query }) => {
      if (volunteerCenterId === null) throw notFound();
      const row = await siteSettingsOf(tx, tenant.id, volunteerCenterId);
      return serialize(siteSettingResource, row, query);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/site_settings/:id",
    summary: "One volunteer centre's site settings",
    auth: "public",
    params,
    query,
    action: "site_settings.read",
    facts: () => ({}),
    response: one,
    handler: async ({ tx, tenant, params, query }) => {
      if (!(await findCenter(tx, tenant.id, params.id))) throw notFound();
      const row = await siteSettingsOf(tx, tenant.id, params.id);
      return serialize(siteSettingResource, row, query);
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/site_settings/:id",
    summary: "Change a volunteer centre's design, footer or reply-time reminders",
    auth: "signed_in",
    params,
    query,
    body: attributesBody(ZSiteSettingsChanges, {
      types: ["site_settings", "site_setting"],
      idParam: "id",
    }),
    // A centre's 404, then the policy's 403, then the body's 422, as before the layer.
    bodyAfterPolicy: true,
    load: async ({ tx, tenant, params }) => {
      const center = await findCenter(tx, tenant.id, params.id);
      if (!center) throw notFound();
      return center;
    },
    action: "site_settings.update",
    facts: ({ params }) => ({ volunteerCenterId: params.id }),
    response: one,
    handler: async ({ tx, tenant, session, params, body: input, query }, center) => {
      const { id } = params;
      const before = await siteSettingsOf(tx, tenant.id, id);
      const changes = {
        ...(input.theme ? { theme: normalizeTheme(input.theme) } : {}),
        ...(input.footer ? { footer: normalizeFooter(input.footer) } : {}),
        ...(input.reply_nudges_enabled === undefined
          ? {}
          : { replyNudgesEnabled: input.reply_nudges_enabled }),
        ...(input.reply_nudge_days === undefined ? {} : { replyNudgeDays: input.reply_nudge_days }),
        ...(input.reply_escalation_days === undefined
          ? {}
          : { replyEscalationDays: input.reply_escalation_days }),
        ...(input.help_posts_public === undefined
          ? {}
          : { helpPostsPublic: input.help_posts_public }),
        ...(input.reviews_new_vacancies === undefined
          ? {}
          : { reviewsNewVacancies: input.reviews_new_vacancies }),
      };
      // The centre is told later than the organisation is reminded: checked on the result,
      // so changing one of the two is measured against the other as stored.
      const nudge = changes.replyNudgeDays ?? before.replyNudgeDays;
      const escalation = changes.replyEscalationDays ?? before.replyEscalationDays;
      if (escalation <= nudge) {
        throw unprocessable([
          invalidAttribute(
            [
              changes.replyEscalationDays === undefined
                ? "reply_nudge_days"
                : "reply_escalation_days",
            ],
            changes.replyEscalationDays === undefined
              ? `must be less than reply escalation days (${escalation})`
              : `must be greater than reply nudge days (${nudge})`,
            changes.replyEscalationDays === undefined ? "less_than" : "greater_than",
          ),
        ]);
      }
      const changed = (
        [
          ["theme", "theme"],
          ["footer", "footer"],
          ["replyNudgesEnabled", "reply_nudges_enabled"],
          ["replyNudgeDays", "reply_nudge_days"],
          ["replyEscalationDays", "reply_escalation_days"],
          ["helpPostsPublic", "help_posts_public"],
          ["reviewsNewVacancies", "reviews_new_vacancies"],
        ] as const
      )
        .filter(
          ([part]) =>
            changes[part] !== undefined && !isDeepStrictEqual(changes[part], before[part]),
        )
        .map(([, name]) => name);
      if (changed.length === 0) return serialize(siteSettingResource, before, query);
      const saved = await saveSiteSettings(tx, tenant.id, id, changes);
      await recordAudit(tx, {
        tenantId: tenant.id,
        actorId: session.user.id,
        action: "site_settings_updated",
        subject: { type: "Organization", id, label: center.name },
        volunteerCenterId: id,
        details: { changed },
      });
      return serialize(siteSettingResource, saved, query);
    },
  });
}
