import { asc, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  TEMPLATE_LOCALES,
  ZNotificationTemplateAttributes,
  ZNotificationTemplateChanges,
  ZNotificationTemplatePreview,
} from "../../lib/contract/notification-templates";
import { notificationTemplates } from "../db/schema";
import { notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { attributesBody, listQuery, pathParams, ZPathId } from "../http/inputs";
import { enqueueMail } from "../jobs/mail";
import { bracketGroup } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { TEMPLATE_KINDS } from "../mail/notification-templates/registry";
import { administeredCentres } from "../policies/policy";
import { tenantCentre } from "../queries/content-writes";
import { tenantCentreIds } from "../queries/help-posts";
import {
  findNotificationTemplate,
  listNotificationTemplates,
} from "../queries/notification-templates";
import {
  changeNotificationTemplate,
  createNotificationTemplate,
  previewOf,
  removeNotificationTemplate,
} from "../services/notification-templates";

/**
 * The notification templates (docs/notification-templates.md): the list of overrides the
 * caller may see with every kind's variables and defaults in `meta.kinds`, one override,
 * writing one (a DELETE is "reset to the default"), a preview of any text with the kind's
 * sample data, and a test mail of it to the caller themself.
 */

export const notificationTemplateResource: TResource = {
  type: "notification_template",
  attributes: [
    "kind",
    "locale",
    "volunteerCenterId",
    "subject",
    "body",
    "updatedById",
    "createdAt",
    "updatedAt",
  ],
};
export const notificationTemplatePreviewResource: TResource = {
  type: "notification_template_preview",
  attributes: ["kind", "locale", "subject", "body", "html", "sentTo"],
};

const TYPES = ["notification_templates", "notification_template"];
const ZIdParams = z.object({ id: ZPathId });

/** The registry as the back office reads it: each kind, narrowed by the list's filters. */
function kindsMeta(raw: Record<string, unknown>) {
  const filter = bracketGroup(raw as Parameters<typeof bracketGroup>[0], "filter");
  const wanted = (name: string) => {
    const value = filter[`${name}_eq`] ?? filter[`${name}_in`];
    if (value === undefined) return null;
    return (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(","));
  };
  const kinds = wanted("kind");
  const locales = wanted("locale") ?? [...TEMPLATE_LOCALES];
  return TEMPLATE_KINDS.filter((k) => kinds === null || kinds.includes(k.key)).map((k) => ({
    key: k.key,
    channels: k.channels,
    variables: Object.entries(k.variables).map(([name, sample]) => ({ name, sample })),
    defaults: Object.fromEntries(
      Object.entries(k.defaults).filter(([locale]) => locales.includes(locale)),
    ),
  }));
}

export async function notificationTemplateRoutes(app: FastifyInstance) {
  const now = () => app.authSettings.now();

  defineRoute(app, {
    method: "GET",
    url: "/notification_templates",
    summary:
      "The overrides of the notification templates the caller may see; meta.kinds: every kind with its variables and defaults",
    auth: "signed_in",
    query: listQuery({
      resource: notificationTemplateResource,
      filter: {
        id: notificationTemplates.id,
        kind: notificationTemplates.kind,
        locale: notificationTemplates.locale,
        volunteer_center_id: notificationTemplates.volunteerCenterId,
      },
      filterEnums: { locale: TEMPLATE_LOCALES },
      sort: {
        kind: notificationTemplates.kind,
        locale: notificationTemplates.locale,
        updated_at: notificationTemplates.updatedAt,
      },
      defaultOrder: [
        asc(notificationTemplates.kind),
        asc(notificationTemplates.locale),
        sql`${notificationTemplates.volunteerCenterId} nulls first`,
        asc(notificationTemplates.id),
      ],
      tieBreaker: notificationTemplates.id,
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "notification_templates.list",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: notificationTemplateResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, centerIds) => {
      const { rows, records } = await listNotificationTemplates(tx, tenant.id, {
        centreIds: administeredCentres(actor, centerIds),
        where: query.where,
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, notificationTemplateResource, query, rows, records, {
        kinds: kindsMeta(query.raw),
      });
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/notification_templates/:id",
    summary: "One override of a notification template",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: async ({ tx, tenant, params }) => {
      const row = await findNotificationTemplate(tx, tenant.id, params.id);
      if (!row) throw notFound();
      return { row, centerIds: await tenantCentreIds(tx, tenant.id) };
    },
    action: "notification_templates.read",
    facts: (_ctx, { row, centerIds }) => ({ volunteerCenterId: row.volunteerCenterId, centerIds }),
    response: { resource: notificationTemplateResource, many: false },
    handler: async (_ctx, { row }) => serialize(notificationTemplateResource, row),
  });

  defineRoute(app, {
    method: "POST",
    url: "/notification_templates",
    summary:
      "Override a template for the tenant (superadmins) or a centre (its admins), in one language",
    auth: "signed_in",
    body: attributesBody(ZNotificationTemplateAttributes, { types: TYPES }),
    // Another tenant's centre, or no centre at all, is a 422 for everyone, before the
    // policy could tell whether the caller administers it.
    load: async ({ tx, tenant, body }) => {
      const centre = body.volunteer_center_id ?? null;
      if (centre !== null && !(await tenantCentre(tx, tenant.id, centre))) {
        throw unprocessable([invalidAttribute(["volunteer_center_id"], "must exist", "required")]);
      }
      return centre;
    },
    action: "notification_templates.create",
    facts: (_ctx, volunteerCenterId) => ({ volunteerCenterId }),
    status: 201,
    response: { resource: notificationTemplateResource, many: false },
    handler: async ({ tx, tenant, actor, body }, centre) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(
        notificationTemplateResource,
        await createNotificationTemplate(tx, who, body, centre),
      );
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/notification_templates/:id",
    summary: "Change an override's subject or body",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZNotificationTemplateChanges, { types: TYPES, idParam: "id" }),
    load: async ({ tx, tenant, params }) => {
      const row = await findNotificationTemplate(tx, tenant.id, params.id);
      if (!row) throw notFound();
      return row;
    },
    action: "notification_templates.update",
    facts: (_ctx, row) => ({ volunteerCenterId: row.volunteerCenterId }),
    response: { resource: notificationTemplateResource, many: false },
    handler: async ({ tx, tenant, actor, body }, row) => {
      const who = { tenantId: tenant.id, actorId: actor.id, now: now() };
      return serialize(
        notificationTemplateResource,
        await changeNotificationTemplate(tx, who, row, body),
      );
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/notification_templates/:id",
    summary: "Delete an override: the template is back to the tenant's or the default",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: async ({ tx, tenant, params }) => {
      const row = await findNotificationTemplate(tx, tenant.id, params.id);
      if (!row) throw notFound();
      return row;
    },
    action: "notification_templates.delete",
    facts: (_ctx, row) => ({ volunteerCenterId: row.volunteerCenterId }),
    status: 204,
    handler: async ({ tx, tenant, actor }, row) => {
      await removeNotificationTemplate(
        tx,
        { tenantId: tenant.id, actorId: actor.id, now: now() },
        row,
      );
      return null;
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/notification_templates/preview",
    summary: "Render a (possibly unsaved) subject and body with the kind's sample data",
    auth: "signed_in",
    body: attributesBody(ZNotificationTemplatePreview, {
      types: ["notification_template_previews", "notification_template_preview"],
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "notification_templates.preview",
    facts: (_ctx, centerIds) => ({ centerIds }),
    response: { resource: notificationTemplatePreviewResource, many: false },
    handler: async ({ tenant, body }) => {
      const preview = previewOf(body, tenant.name);
      return serialize(notificationTemplatePreviewResource, {
        id: `${body.kind}:${body.locale}`,
        kind: body.kind,
        locale: body.locale,
        subject: preview.subject,
        body: preview.body,
        html: preview.mail.html,
        sentTo: null,
      });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/notification_templates/test_mail",
    summary: "Mail a (possibly unsaved) template with sample data to the caller themself",
    auth: "signed_in",
    body: attributesBody(ZNotificationTemplatePreview, {
      types: ["notification_template_previews", "notification_template_preview"],
    }),
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "notification_templates.test_mail",
    facts: (_ctx, centerIds) => ({ centerIds }),
    status: 202,
    response: { resource: notificationTemplatePreviewResource, many: false },
    handler: async ({ tx, tenant, session, body }) => {
      const preview = previewOf(body, tenant.name);
      // Through the queue like every mail, to the caller's own address only: a test cannot
      // be aimed at anyone else.
      await enqueueMail(tx, tenant.id, {
        to: session.user.email,
        subject: preview.mail.subject,
        text: preview.mail.text,
        html: preview.mail.html,
      });
      return serialize(notificationTemplatePreviewResource, {
        id: `${body.kind}:${body.locale}`,
        kind: body.kind,
        locale: body.locale,
        subject: preview.subject,
        body: preview.body,
        html: preview.mail.html,
        sentTo: session.user.email,
      });
    },
  });
}
