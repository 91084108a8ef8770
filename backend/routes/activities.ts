import { TZDate } from "@date-fns/tz";
import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ACTIVITY_KINDS, type TActivityKind } from "../../lib/contract/activities";
import type { AppDb } from "../db/client";
import { activities } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import { documentQuery, listQuery, pathParams, refineReader, ZPathId } from "../http/inputs";
import { pathId } from "../jsonapi/document-attributes";
import type { TQueryValue } from "../jsonapi/query";
import { addressResource } from "../jsonapi/resources";
import { serialize, type TResource } from "../jsonapi/serializer";
import {
  findDesk,
  findPublicActivity,
  listPublicActivities,
  type TActivityFilters,
} from "../queries/activities";
import { registrationCounts, type TRegistrationActivity } from "../queries/activity-registrations";
import { addressesFor } from "../queries/addresses";
import { publicCenterIds } from "../queries/public-scope";
import { registrationOpen, spotsLeft } from "../services/activity-registrations";

/**
 * Public activities and desk welcome pages (docs/activities.md). Everyone may read them,
 * signed in or not (policy activities.list, activities.read, desks.read):
 * - GET /api/v1/activities, GET /api/v1/activities/:id: published and cancelled
 *   activities of the centres the site shows (public-scope.ts), never a draft; another
 *   tenant's or centre's id is a 404. spec §1: activities are off in the meedoen variant,
 *   so there both answer 404.
 * - GET /api/v1/desks/:id (an id or the desk's slug): a desk's welcome title and text and
 *   its address, for /:balie/welkom. Tenant-scoped like the desk list.
 */

const TIME_ZONE = "Europe/Amsterdam";
/** Longest range one request may ask (a month view spans at most six weeks). */
export const MAX_RANGE_DAYS = 62;

export const activityOrganizationResource: TResource = {
  type: "organization",
  attributes: ["name", "website"],
};

export const activityDeskResource: TResource = {
  type: "desk",
  attributes: ["azcName", "slug"],
};

export const activityResource: TResource = {
  type: "activity",
  attributes: [
    "title",
    "kind",
    "summary",
    "description",
    "status",
    "startsAt",
    "endsAt",
    "allDay",
    "online",
    "locationName",
    "street",
    "postalCode",
    "city",
    "latitude",
    "longitude",
    "imageUrl",
    "registrationUrl",
    "capacity",
    "registrationsCount",
    "waitlistCount",
    "spotsLeft",
    "registrationOpen",
    "volunteerCenterId",
    "organizationId",
    "deskId",
    "publishedAt",
    "updatedAt",
  ],
  relationships: {
    organization: { kind: "one", resource: () => activityOrganizationResource },
    desk: { kind: "one", resource: () => activityDeskResource },
  },
};

export const deskWelcomeResource: TResource = {
  type: "desk",
  attributes: [
    "azcName",
    "slug",
    "volunteerCenterId",
    "organizationId",
    "email",
    "phone",
    "welcomeTitle",
    "welcomeBody",
  ],
  relationships: {
    address: { kind: "one", resource: () => addressResource },
  },
};

const SORTABLE = { starts_at: activities.startsAt };
const FILTERS = ["from", "to", "desk", "desk_id", "q", "organization_id", "kind"] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// An ISO date-time with an offset or Z; a local time without one is read in Amsterdam.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date is a day in Amsterdam: `from` its first moment, `to` the first moment after it. */
function parseMoment(value: string, name: "from" | "to"): Date {
  const day = DATE.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    // 2026-02-30 is no day: Date.UTC would roll it over into March.
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d) {
      return new Date(new TZDate(y, m - 1, d + (name === "to" ? 1 : 0), TIME_ZONE).getTime());
    }
  } else if (DATE_TIME.test(value)) {
    const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(value);
    const date = hasZone ? new Date(value) : new Date(new TZDate(value, TIME_ZONE).getTime());
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw badRequest(`${value} is not a date (YYYY-MM-DD) or an ISO date-time`, `filter[${name}]`);
}

function positiveId(value: string, name: string): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2 ** 31 - 1) {
    throw badRequest(`${value} is not an id`, `filter[${name}]`);
  }
  return Number(value);
}

function activityKind(value: string): TActivityKind {
  const kind = ACTIVITY_KINDS.find((k) => k === value);
  if (!kind)
    throw badRequest(`${value} is not a kind (${ACTIVITY_KINDS.join(", ")})`, "filter[kind]");
  return kind;
}

/**
 * `filter[from|to|desk|desk_id|q|organization_id|kind]`, this endpoint's own filters (not
 * ransack): the list reader refuses any other key with a 400 naming it.
 */
export function parseActivityFilters(raw: Record<string, TQueryValue>): TActivityFilters {
  const filters: TActivityFilters = {};
  for (const [key, value] of Object.entries(raw)) {
    const one = (Array.isArray(value) ? value[value.length - 1] : value)?.trim() ?? "";
    if (one === "") continue;
    if (key === "from" || key === "to") filters[key] = parseMoment(one, key);
    else if (key === "desk") filters.deskSlug = one;
    else if (key === "desk_id") filters.deskId = positiveId(one, key);
    else if (key === "organization_id") filters.organizationId = positiveId(one, key);
    else if (key === "q") filters.q = one.slice(0, 200);
    else if (key === "kind") filters.kind = activityKind(one);
  }
  if (filters.from && filters.to) {
    if (filters.to <= filters.from) {
      throw badRequest("filter[to] must come after filter[from]", "filter[to]");
    }
    const days = (filters.to.getTime() - filters.from.getTime()) / 86_400_000;
    // A range of 62 calendar days may be 62 days and an hour across a DST change.
    if (days > MAX_RANGE_DAYS + 1 / 24) {
      throw badRequest(`A range may span at most ${MAX_RANGE_DAYS} days`, "filter[to]");
    }
  }
  return filters;
}

const INCLUDABLE = ["organization", "desk"];

const activityListQuery = refineReader(
  listQuery({
    resource: activityResource,
    include: INCLUDABLE,
    extraFilters: FILTERS,
    sort: SORTABLE,
  }),
  (list) => ({ ...list, filters: parseActivityFilters(list.extra) }),
);

/** The places taken, the waiting list, what is left, and whether signing up is open. */
export async function withPlaces<T extends TRegistrationActivity>(
  tx: AppDb,
  tenantId: number,
  rows: T[],
  now: Date,
) {
  const counts = await registrationCounts(
    tx,
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const { registered, waitlisted } = counts.get(row.id) ?? { registered: 0, waitlisted: 0 };
    return {
      ...row,
      registrationsCount: registered,
      waitlistCount: waitlisted,
      spotsLeft: spotsLeft(row.capacity, registered),
      registrationOpen: registrationOpen(row, now),
    };
  });
}

/** spec §1: no activities where the tenant has them switched off (meedoen). */
function requireActivities(tenant: { activities: boolean }) {
  if (!tenant.activities) throw notFound();
}

export async function activityRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/activities",
    summary: "Published and cancelled activities of the site's centres, by start",
    auth: "public",
    query: activityListQuery,
    load: async ({ tenant }) => requireActivities(tenant),
    action: "activities.list",
    facts: () => ({}),
    response: { resource: activityResource, many: true },
    handler: async ({ tx, tenant, volunteerCenterId, query, request }) => {
      const { include, fields, orderBy, page, filters } = query;
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const { rows, records } = await listPublicActivities(tx, tenant.id, centerIds, {
        filters,
        orderBy: orderBy.length > 0 ? orderBy : [asc(activities.startsAt)],
        limit: page.size,
        offset: page.offset,
      });
      const data = await withPlaces(tx, tenant.id, rows, app.authSettings.now());
      return listDocument(request, activityResource, { include, fields, page }, data, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/activities/:id",
    summary: "One published or cancelled activity of the site's centres",
    auth: "public",
    params: pathParams(z.object({ id: ZPathId })),
    query: documentQuery(activityResource, INCLUDABLE),
    load: async ({ tx, tenant, volunteerCenterId, params }) => {
      requireActivities(tenant);
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const row = await findPublicActivity(tx, tenant.id, centerIds, params.id);
      if (!row) throw notFound();
      return row;
    },
    action: "activities.read",
    facts: () => ({}),
    response: { resource: activityResource, many: false },
    handler: async ({ tx, tenant, query }, row) => {
      const [data] = await withPlaces(tx, tenant.id, [row], app.authSettings.now());
      return serialize(activityResource, data, query);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/desks/:id",
    summary: "A desk's welcome page: title, text and address (by id or slug)",
    auth: "public",
    params: pathParams(z.object({ id: z.string() })),
    query: documentQuery(deskWelcomeResource, ["address"]),
    load: async ({ tx, tenant, params }) => {
      const id = pathId(params.id);
      const row = await findDesk(tx, tenant.id, id === null ? { slug: params.id } : { id });
      if (!row) throw notFound();
      const found = await addressesFor(tx, tenant.id, "Desk", [row.id]);
      return { ...row, address: found.get(row.id) ?? null };
    },
    action: "desks.read",
    facts: () => ({}),
    response: { resource: deskWelcomeResource, many: false },
    handler: async ({ query }, desk) => serialize(deskWelcomeResource, desk, query),
  });
}
