import { asc } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  ACTIVITY_STATUSES,
  ZActivityAttributes,
  ZActivityScopeQuery,
  ZActivitySeriesAttributes,
  ZActivityTransition,
} from "../../lib/contract/activities";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { activities } from "../db/schema";
import { AppError, notFound } from "../errors";
import { createGeocoder } from "../geo";
import { defineRoute, type TSession } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  queryParams,
  resourceBody,
  type TReader,
  ZPathId,
} from "../http/inputs";
import { isObject } from "../jsonapi/document-attributes";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { can, runsActivity, type TActor } from "../policies/policy";
import {
  activityReach,
  deskOfTenant,
  findActivityForWrite,
  followingOccurrences,
  listManagedActivities,
  managedActivityScope,
  organizationOfTenant,
  someRunFacts,
  type TWriteActivityRow,
} from "../queries/activity-writes";
import {
  activityFacts,
  copyActivity,
  createActivity,
  createSeries,
  deleteActivity,
  type TActivityHome,
  type TActivityWriteContext,
  transitionActivity,
  transitionFollowing,
  updateActivity,
  updateFollowing,
} from "../services/activities";
import { activityResource, withPlaces } from "./activities";

/**
 * Writing activities (docs/activity-writes.md): POST, PATCH and DELETE /api/v1/activities,
 * PUT /activities/:id/transition and POST /activities/:id/copy, and the back office's list
 * of what the caller runs, GET /managed_activities (docs/activity-overview.md). Those who
 * run an activity write it: its centre's staff (admins, members), the managers of its
 * desk, superadmins (policy activities.*, as for its people and attendance). A draft the
 * caller may not write is a 404; a published or cancelled one (public) a 403; another
 * tenant's a 404.
 * The public reads keep no cache of their own (routes/activities.ts): a committed write is
 * what the next read returns.
 */

const TYPES = ["activities", "activity"];
const DESK_LINK_TYPES = ["desks", "desk"];
const ORGANIZATION_LINK_TYPES = ["organizations", "organization"];
const CENTRE_LINK_TYPES = [
  "volunteer_centers",
  "volunteer_center",
  "organizations",
  "organization",
];
const RELATIONSHIPS = "/data/relationships";

/** The write answers: the public resource, with when it was made. */
export const managedActivityResource: TResource = {
  type: "activity",
  attributes: [...activityResource.attributes, "seriesId", "createdAt"],
};

/** The back office's list: the written resource, with its organiser and desk to include. */
export const managedActivityListResource: TResource = {
  ...managedActivityResource,
  relationships: activityResource.relationships,
};

const managedList = listQuery({
  resource: managedActivityListResource,
  include: ["desk", "organization"],
  filter: {
    // One activity, as the list scopes it: the back office's form reads the one it edits.
    id: activities.id,
    status: activities.status,
    starts_at: activities.startsAt,
    desk_id: activities.deskId,
    title: activities.title,
  },
  onlyFilters: [
    "id_eq",
    "status_eq",
    "status_in",
    "starts_at_gteq",
    "starts_at_lt",
    "desk_id_eq",
    "title_i_cont",
  ],
  filterEnums: { status: ACTIVITY_STATUSES },
  sort: {
    starts_at: activities.startsAt,
    title: activities.title,
    updated_at: activities.updatedAt,
  },
  defaultOrder: [asc(activities.startsAt), asc(activities.id)],
  tieBreaker: activities.id,
  page: { defaultSize: 30, maxSize: 100 },
});

/** The answer to a series: its rule and its occurrences' ids. */
export const activitySeriesResource: TResource = {
  type: "activity_series",
  attributes: [
    "intervalWeeks",
    "until",
    "count",
    "exceptionDates",
    "volunteerCenterId",
    "activityIds",
  ],
};

const SERIES_TYPES = ["activity_series"];
const params = pathParams(z.object({ id: ZPathId }));
const query = documentQuery(managedActivityResource, []);
const scoped = queryParams(ZActivityScopeQuery);
const NO_INCLUDE = { include: [], fields: {} };
const one = { resource: managedActivityResource, many: false } as const;

type TWriteBody<A = z.output<typeof ZActivityAttributes>> = {
  attributes: A;
  /** undefined: not given; null: none. */
  deskId: number | null | undefined;
  organizationId: number | null | undefined;
  volunteerCenterId: number | undefined;
};

/** The document of POST and PATCH: attributes, and desk, organization, volunteer_center. */
function writeBody<S extends z.ZodType>(
  schema: S,
  types: readonly string[],
  idParam?: string,
): TReader<TWriteBody<z.output<S>>> {
  const inner = resourceBody(schema, {
    types,
    attributesOptional: true,
    relationships: {
      desk: { types: DESK_LINK_TYPES, kind: "one", required: false },
      organization: { types: ORGANIZATION_LINK_TYPES, kind: "one", required: false },
      volunteer_center: { types: CENTRE_LINK_TYPES, kind: "one", required: false },
    },
  });
  return {
    ...inner,
    parse(raw, routeParams) {
      const data = isObject(raw) && isObject(raw.data) ? raw.data : null;
      const id = idParam ? routeParams?.[idParam] : undefined;
      if (data?.id !== undefined && id !== undefined && String(data.id) !== String(id)) {
        throw unprocessable([
          invalidAttribute(["id"], "does not match the URL", "invalid", "/data"),
        ]);
      }
      const parsed = inner.parse(raw, routeParams);
      const relationships = isObject(data?.relationships) ? data.relationships : {};
      const cleared = (name: string) => {
        const entry = relationships[name];
        return isObject(entry) && entry.data === null;
      };
      return {
        attributes: parsed.attributes,
        deskId: cleared("desk") ? null : parsed.relationships.desk,
        organizationId: cleared("organization") ? null : parsed.relationships.organization,
        volunteerCenterId: parsed.relationships.volunteer_center,
      };
    },
  };
}

const refused = (name: string, detail: string, code = "blank") =>
  unprocessable([{ detail, code, source: { pointer: `${RELATIONSHIPS}/${name}` } }]);

/** spec §1: no activities where the tenant has them switched off (meedoen). */
function requireActivities(tenant: { activities: boolean }) {
  if (!tenant.activities) throw notFound();
}

/** A desk of the tenant, of the centre (null: none). Another tenant's is not found: 422. */
async function checkedDesk(tx: AppDb, tenantId: number, deskId: number | null, centre: number) {
  if (deskId === null) return null;
  const desk = await deskOfTenant(tx, tenantId, deskId);
  if (!desk) throw refused("desk", "Desk must exist");
  if (desk.volunteerCenterId !== centre) {
    throw refused("desk", "Desk must be a desk of the activity's centre", "invalid");
  }
  return desk.id;
}

/** An organisation of the centre (not a centre itself), or none. */
async function checkedOrganization(
  tx: AppDb,
  tenantId: number,
  organizationId: number | null,
  centre: number,
) {
  if (organizationId === null) return null;
  const organization = await organizationOfTenant(tx, tenantId, organizationId);
  if (!organization) throw refused("organization", "Organization must exist");
  if (organization.volunteerCenterId !== centre) {
    throw refused(
      "organization",
      "Organization must be an organisation of the activity's centre",
      "invalid",
    );
  }
  return organization.id;
}

/**
 * Where a new activity belongs: the centre named, else the desk's, else the site's; a desk
 * and an organisation of that centre. Another tenant's id in the body is not found (422).
 */
async function homeOf(
  tx: AppDb,
  tenantId: number,
  siteCentre: number | null,
  body: Omit<TWriteBody, "attributes">,
): Promise<TActivityHome> {
  let centre: number | null = null;
  if (body.volunteerCenterId !== undefined) {
    const named = await organizationOfTenant(tx, tenantId, body.volunteerCenterId);
    if (named?.type !== "VolunteerCenter") {
      throw refused("volunteer_center", "Volunteer center must exist");
    }
    centre = named.id;
  } else if (body.deskId) {
    const desk = await deskOfTenant(tx, tenantId, body.deskId);
    if (!desk) throw refused("desk", "Desk must exist");
    centre = desk.volunteerCenterId;
  } else {
    centre = siteCentre;
  }
  if (centre === null) throw refused("volunteer_center", "Volunteer center must exist");
  return {
    volunteerCenterId: centre,
    deskId: await checkedDesk(tx, tenantId, body.deskId ?? null, centre),
    organizationId: await checkedOrganization(tx, tenantId, body.organizationId ?? null, centre),
  };
}

/** The activity by id, if the caller may see it: theirs to write, or public. Locked. */
async function writable(
  tx: AppDb,
  tenant: { id: number; activities: boolean },
  actor: TActor,
  id: number,
) {
  requireActivities(tenant);
  const row = await findActivityForWrite(tx, tenant.id, id, true);
  if (!row) throw notFound();
  if (row.status === "draft" && !runsActivity(actor, activityFacts(row))) throw notFound();
  return row;
}

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

/** Registered after routes/activities.ts, whose resource and counts it answers with. */
export async function activityWriteRoutes(app: FastifyInstance) {
  const geocoder = createGeocoder(app.config, (error) =>
    app.log.warn({ err: error }, "geocoder failed; answered from the bundled places"),
  );
  const context = (ctx: {
    tx: AppDb;
    tenant: { id: number };
    actor: NonNullable<TActor>;
    request: FastifyRequest;
  }): TActivityWriteContext => ({
    tx: ctx.tx,
    tenantId: ctx.tenant.id,
    actor: ctx.actor,
    origin: origin(ctx.request),
    geocoder,
    now: app.authSettings.now(),
  });
  const answer = async (
    tx: AppDb,
    tenantId: number,
    row: TWriteActivityRow,
    q: { include: string[]; fields: Record<string, string[]> },
    meta?: Record<string, unknown>,
  ) => {
    const [data] = await withPlaces(tx, tenantId, [row], app.authSettings.now());
    return serialize(managedActivityResource, data, { ...q, ...(meta ? { meta } : {}) });
  };

  defineRoute(app, {
    method: "GET",
    url: "/managed_activities",
    summary: "The activities the caller runs, drafts included, with their places taken and waiting",
    auth: "signed_in",
    query: managedList,
    load: async ({ tx, tenant, actor }) => {
      requireActivities(tenant);
      return activityReach(tx, tenant.id, actor?.roles ?? []);
    },
    action: "activities.list_managed",
    facts: (_ctx, reach) => someRunFacts(reach),
    response: { resource: managedActivityListResource, many: true },
    handler: async ({ tx, tenant, query, request }, reach) => {
      const { rows, records } = await listManagedActivities(tx, tenant.id, {
        where: [managedActivityScope(reach), query.where],
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const data = await withPlaces(tx, tenant.id, rows, app.authSettings.now());
      return listDocument(request, managedActivityListResource, query, data, records);
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/activities",
    summary: "Add an activity (a draft) of a centre, maybe of one of its desks",
    auth: "signed_in",
    query,
    body: writeBody(ZActivityAttributes, TYPES),
    load: async ({ tx, tenant, volunteerCenterId, body }) => {
      requireActivities(tenant);
      return homeOf(tx, tenant.id, volunteerCenterId, body);
    },
    action: "activities.create",
    facts: (_ctx, home) => activityFacts(home),
    status: 201,
    response: one,
    handler: async (ctx, home) => {
      const row = await createActivity(context(ctx), home, { attributes: ctx.body.attributes });
      return answer(ctx.tx, ctx.tenant.id, row, ctx.query);
    },
  });

  /** The later occurrences "this and the following" reaches: each the caller's to write. */
  const following = async (
    ctx: { tx: AppDb; tenant: { id: number }; actor: NonNullable<TActor> },
    row: TWriteActivityRow,
    scope: "this" | "following" | undefined,
  ) => {
    if (scope !== "following") return null;
    const rows = await followingOccurrences(ctx.tx, ctx.tenant.id, row);
    if (rows.some((next) => !can(ctx.actor, "activities.update", activityFacts(next)))) {
      throw new AppError("forbidden", "You are not allowed to do this.");
    }
    return rows;
  };

  defineRoute(app, {
    method: "PATCH",
    url: "/activities/:id",
    summary:
      "Edit an activity (?scope=following: and its series' later ones); people hear of a new time or place",
    auth: "signed_in",
    params,
    query: scoped,
    body: writeBody(ZActivityAttributes, TYPES, "id"),
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant, actor, params.id),
    action: "activities.update",
    facts: (_ctx, row) => activityFacts(row),
    response: one,
    handler: async (ctx, row) => {
      const { body } = ctx;
      if (
        body.volunteerCenterId !== undefined &&
        body.volunteerCenterId !== row.volunteerCenterId
      ) {
        throw refused("volunteer_center", "Volunteer center cannot change", "invalid");
      }
      const deskId =
        body.deskId === undefined
          ? undefined
          : await checkedDesk(ctx.tx, ctx.tenant.id, body.deskId, row.volunteerCenterId);
      // Moving it to another desk (or none) is for whoever also runs it there.
      if (
        deskId !== undefined &&
        deskId !== row.deskId &&
        !can(ctx.actor, "activities.update", activityFacts({ ...row, deskId }))
      ) {
        throw new AppError("forbidden", "You are not allowed to do this.");
      }
      const organizationId =
        body.organizationId === undefined
          ? undefined
          : await checkedOrganization(
              ctx.tx,
              ctx.tenant.id,
              body.organizationId,
              row.volunteerCenterId,
            );
      const input = { attributes: body.attributes, deskId, organizationId };
      const later = await following(ctx, row, ctx.query.scope);
      if (later) {
        const result = await updateFollowing(context(ctx), row, later, input);
        return answer(ctx.tx, ctx.tenant.id, result.row, NO_INCLUDE, {
          moved_up: result.movedUp,
          told: result.told,
          changed_ids: result.changedIds.map(String),
        });
      }
      const result = await updateActivity(context(ctx), row, input);
      return answer(ctx.tx, ctx.tenant.id, result.row, NO_INCLUDE, {
        moved_up: result.movedUp,
        told: result.told,
      });
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/activities/:id/transition",
    summary: "Publish or cancel an activity (?scope=following: and its series' later ones)",
    auth: "signed_in",
    params,
    query: scoped,
    body: attributesBody(ZActivityTransition, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant, actor, params.id),
    action: "activities.transition",
    facts: (_ctx, row) => activityFacts(row),
    response: one,
    handler: async (ctx, row) => {
      const later = await following(ctx, row, ctx.query.scope);
      if (later) {
        const result = await transitionFollowing(context(ctx), row, later, ctx.body.status);
        return answer(ctx.tx, ctx.tenant.id, result.row, NO_INCLUDE, {
          told: result.told,
          changed_ids: result.changedIds.map(String),
        });
      }
      const result = await transitionActivity(context(ctx), row, ctx.body.status);
      return answer(ctx.tx, ctx.tenant.id, result.row, NO_INCLUDE, { told: result.told });
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/activities/:id/copy",
    summary: "A draft copy of an activity, titled 'Kopie van …' ('Copy of …' in English)",
    auth: "signed_in",
    params,
    query,
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant, actor, params.id),
    action: "activities.create",
    facts: (_ctx, row) => activityFacts(row),
    status: 201,
    response: one,
    handler: async (ctx, row) => {
      const locale = (ctx.session as TSession).user.locale === "en" ? "en" : "nl";
      const copy = await copyActivity(context(ctx), row, locale);
      return answer(ctx.tx, ctx.tenant.id, copy, ctx.query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/activities/:id",
    summary: "Delete a draft activity (a published one is cancelled instead: 409)",
    auth: "signed_in",
    params,
    load: ({ tx, tenant, actor, params }) => writable(tx, tenant, actor, params.id),
    action: "activities.delete",
    facts: (_ctx, row) => activityFacts(row),
    status: 204,
    handler: async (ctx, row) => {
      await deleteActivity(context(ctx), row);
      return null;
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/activity_series",
    summary:
      "A recurring activity: its occurrences as draft activities (every N weeks, until a day or for a count)",
    auth: "signed_in",
    body: writeBody(ZActivitySeriesAttributes, SERIES_TYPES),
    load: async ({ tx, tenant, volunteerCenterId, body }) => {
      requireActivities(tenant);
      return homeOf(tx, tenant.id, volunteerCenterId, body);
    },
    action: "activities.create",
    facts: (_ctx, home) => activityFacts(home),
    status: 201,
    response: { resource: activitySeriesResource, many: false },
    handler: async (ctx, home) => {
      const { attributes } = ctx.body;
      const { seriesId, rows } = await createSeries(context(ctx), home, attributes);
      return serialize(
        activitySeriesResource,
        {
          id: seriesId,
          intervalWeeks: attributes.interval_weeks,
          until: attributes.until ?? null,
          count: attributes.count ?? null,
          exceptionDates: [...new Set(attributes.exception_dates ?? [])].sort(),
          volunteerCenterId: home.volunteerCenterId,
          activityIds: rows.map((r) => String(r.id)),
        },
        {},
      );
    },
  });
}
