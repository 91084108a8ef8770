import { TZDate } from "@date-fns/tz";
import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { REGISTRATION_LIMITS } from "../../lib/contract/activity-registrations";
import { siteOrigin } from "../auth/redirect-url";
import type { AppDb } from "../db/client";
import { activities, activityRegistrations, organizations } from "../db/schema";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  refineReader,
  resourceBody,
  ZPathId,
} from "../http/inputs";
import { stringParam } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { can, runsActivity, type TActivityFacts, type TActor } from "../policies/policy";
import { findPublicActivity } from "../queries/activities";
import {
  attendedMinutes,
  findRegistration,
  listRegistrations,
  registrationActivity,
  type TRegistrationActivity,
  type TRegistrationRow,
} from "../queries/activity-registrations";
import { publicCenterIds } from "../queries/public-scope";
import { cancelRegistration, markAttendance, signUp } from "../services/activity-registrations";

/**
 * /api/v1/activity_registrations (docs/activity-registrations.md): a signed-in person takes
 * a place at a published activity that has not begun (or a place on its waiting list when
 * it is full) and gives it back; the first in line moves up by itself. Those who run the
 * activity (its centre's staff, its desk's managers) list its people and mark attendance.
 */

const registrationActivityResource: TResource = {
  type: "activity",
  attributes: [
    "title",
    "kind",
    "status",
    "startsAt",
    "endsAt",
    "allDay",
    "city",
    "locationName",
    // The centre's name, for a workshop's certificate (docs/workshops.md).
    "volunteerCenterName",
  ],
};

export const registrationResource: TResource = {
  type: "activity_registration",
  attributes: [
    "status",
    "waitlistPosition",
    "activityId",
    "userId",
    "firstName",
    "lastName",
    "email",
    "attended",
    "minutes",
    "createdAt",
    "cancelledAt",
  ],
  relationships: {
    activity: { kind: "one", resource: () => registrationActivityResource, idField: "activityId" },
  },
};

const TYPES = ["activity_registrations", "activity_registration"];
const INCLUDABLE = ["activity"];
const PAGE_LIMITS = { defaultSize: 50, maxSize: 500 };
const ZIdParams = z.object({ id: ZPathId });
const TIME_ZONE = "Europe/Amsterdam";

const ZAttendance = z
  .object({
    attended: z.boolean(),
    minutes: z.number().int().min(0).max(REGISTRATION_LIMITS.maxMinutes).optional(),
  })
  .refine((value) => value.attended || value.minutes === undefined, {
    message: "is only for someone who came",
    path: ["minutes"],
  });

const listReader = refineReader(
  listQuery({
    resource: registrationResource,
    include: INCLUDABLE,
    filter: { activity_id: activityRegistrations.activityId },
    onlyFilters: ["activity_id_eq", "mine"],
    extraFilters: ["mine"],
    page: PAGE_LIMITS,
  }),
  (list) => {
    if (list.orderBy.length > 0) throw badRequest("sort is not a parameter of this list", "sort");
    const mine = stringParam(list.extra, "mine");
    if (mine !== undefined && !["true", "false"].includes(mine)) {
      throw badRequest(`'${mine}' is not a valid value for filter[mine]`, "filter[mine]");
    }
    const raw = (list.raw as Record<string, unknown>)["filter[activity_id_eq]"];
    const activityId = typeof raw === "string" && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
    if (mine !== "true" && activityId === null) {
      throw badRequest(
        "filter[activity_id_eq] is needed, or filter[mine]=true for one's own",
        "filter[activity_id_eq]",
      );
    }
    return { ...list, mine: mine === "true", activityId };
  },
);

const origin = (request: FastifyRequest) =>
  siteOrigin(request, request.server.config.REDIRECT_HOSTS);

const activityFacts = (activity: TRegistrationActivity): TActivityFacts => ({
  volunteerCenterId: activity.volunteerCenterId,
  deskId: activity.deskId,
});

/** The place and its activity, if the caller may read it; a 404 otherwise. */
async function readable(tx: AppDb, tenantId: number, actor: NonNullable<TActor>, id: number) {
  const row = await findRegistration(tx, tenantId, id);
  const activity = row ? await registrationActivity(tx, tenantId, row.activityId) : null;
  if (!row || !activity) throw notFound();
  const facts = { userId: row.userId, activity: activityFacts(activity) };
  if (!can(actor, "activity_registrations.read", facts)) throw notFound();
  return { row, activity, facts };
}

/** Names and addresses only for those who run the activity; the rest see their own place. */
async function present(
  tx: AppDb,
  tenantId: number,
  actor: NonNullable<TActor>,
  rows: TRegistrationRow[],
  include: readonly string[],
  /** The caller runs the activity (every row of one call is of one activity, or their own). */
  runs: boolean,
) {
  const related = include.includes("activity")
    ? await tx
        .select({
          id: activities.id,
          title: activities.title,
          kind: activities.kind,
          status: activities.status,
          startsAt: activities.startsAt,
          endsAt: activities.endsAt,
          allDay: activities.allDay,
          city: activities.city,
          locationName: activities.locationName,
          volunteerCenterName: organizations.name,
        })
        .from(activities)
        .innerJoin(
          organizations,
          and(
            eq(organizations.tenantId, tenantId),
            eq(organizations.id, activities.volunteerCenterId),
          ),
        )
        .where(
          and(
            eq(activities.tenantId, tenantId),
            inArray(activities.id, [0, ...rows.map((r) => r.activityId)]),
          ),
        )
    : null;
  const byId = new Map((related ?? []).map((a) => [a.id, a]));
  return rows.map((row) => {
    const visible = row.userId === actor.id || runs;
    return {
      ...row,
      firstName: visible ? row.firstName : null,
      lastName: visible ? row.lastName : null,
      email: visible ? row.email : null,
      ...(related ? { activity: byId.get(row.activityId) ?? null } : {}),
    };
  });
}

/** The start of this calendar year and of the next, in Dutch time. */
function thisYear(now: Date) {
  const year = new TZDate(now, TIME_ZONE).getFullYear();
  return {
    from: new TZDate(year, 0, 1, TIME_ZONE),
    to: new TZDate(year + 1, 0, 1, TIME_ZONE),
  };
}

export async function activityRegistrationRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "POST",
    url: "/activity_registrations",
    summary: "Take a place at an activity, or one on its waiting list when it is full",
    auth: "signed_in",
    query: documentQuery(registrationResource, INCLUDABLE),
    body: resourceBody(z.object({}).strict(), {
      types: TYPES,
      attributesOptional: true,
      relationships: {
        activity: { types: ["activities", "activity"], kind: "one", required: true },
      },
    }),
    action: "activity_registrations.create",
    facts: () => ({}),
    status: 201,
    response: { resource: registrationResource, many: false },
    handler: async ({ tx, tenant, volunteerCenterId, actor, body, query }) => {
      // Only an activity the site shows: a draft or another centre's is not there at all.
      const centerIds = await publicCenterIds(tx, tenant, volunteerCenterId);
      const shown = tenant.activities
        ? await findPublicActivity(tx, tenant.id, centerIds, body.relationships.activity)
        : undefined;
      if (!shown) throw notFound();
      const created = await signUp(tx, {
        tenantId: tenant.id,
        activityId: shown.id,
        userId: actor.id,
        now: app.authSettings.now(),
      });
      const row = await findRegistration(tx, tenant.id, created.id);
      if (!row) throw notFound();
      const [data] = await present(tx, tenant.id, actor, [row], query.include, false);
      return serialize(registrationResource, data, query);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/activity_registrations",
    summary: "The caller's places (filter[mine]), or an activity's people to those who run it",
    auth: "signed_in",
    query: listReader,
    load: async ({ tx, tenant, query }) => {
      if (query.mine) return null;
      const activity = await registrationActivity(tx, tenant.id, query.activityId as number);
      if (!activity) throw notFound();
      return activity;
    },
    action: "activity_registrations.list",
    facts: (_ctx, activity) => ({ activity: activity ? activityFacts(activity) : null }),
    response: { resource: registrationResource, many: true },
    handler: async ({ tx, tenant, actor, query, request }, activity) => {
      const where: SQL[] = [ne(activityRegistrations.status, "cancelled")];
      if (query.mine) where.push(eq(activityRegistrations.userId, actor.id));
      if (query.activityId !== null) {
        where.push(eq(activityRegistrations.activityId, query.activityId));
      }
      const { rows, records } = await listRegistrations(tx, tenant.id, {
        where,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const runs = activity !== null && runsActivity(actor, activityFacts(activity));
      const data = await present(tx, tenant.id, actor, rows, query.include, runs);
      const meta = query.mine
        ? {
            minutes_this_year: await attendedMinutes(
              tx,
              tenant.id,
              actor.id,
              thisYear(app.authSettings.now()),
            ),
          }
        : {};
      return listDocument(request, registrationResource, query, data, records, meta);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/activity_registrations/:id",
    summary: "One place at an activity, to its holder and those who run the activity",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(registrationResource, INCLUDABLE),
    load: ({ tx, tenant, actor, params }) => readable(tx, tenant.id, actor, params.id),
    action: "activity_registrations.read",
    facts: (_ctx, { facts }) => facts,
    response: { resource: registrationResource, many: false },
    handler: async ({ tx, tenant, actor, query }, { row, facts }) => {
      const runs = runsActivity(actor, facts.activity);
      const [data] = await present(tx, tenant.id, actor, [row], query.include, runs);
      return serialize(registrationResource, data, query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/activity_registrations/:id",
    summary: "Give a place back (or leave the waiting list); the first in line moves up",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: ({ tx, tenant, actor, params }) => readable(tx, tenant.id, actor, params.id),
    action: "activity_registrations.cancel",
    facts: (_ctx, { facts }) => facts,
    handler: async ({ tx, tenant, request }, { row }) => {
      await cancelRegistration(tx, {
        tenantId: tenant.id,
        registration: row,
        now: app.authSettings.now(),
        origin: origin(request),
      });
      return null;
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/activity_registrations/:id/attendance",
    summary: "Mark whether someone came, and the minutes they gave (those who run it)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: documentQuery(registrationResource, INCLUDABLE),
    body: attributesBody(ZAttendance, { types: TYPES, idParam: "id" }),
    load: ({ tx, tenant, actor, params }) => readable(tx, tenant.id, actor, params.id),
    action: "activity_registrations.attendance",
    facts: (_ctx, { facts }) => facts,
    response: { resource: registrationResource, many: false },
    handler: async ({ tx, tenant, actor, body, query, params }, { row }) => {
      await markAttendance(tx, {
        tenantId: tenant.id,
        registration: row,
        attended: body.attended,
        minutes: body.minutes,
        actorId: actor.id,
        now: app.authSettings.now(),
      });
      const updated = await findRegistration(tx, tenant.id, params.id);
      if (!updated) throw notFound();
      const [data] = await present(tx, tenant.id, actor, [updated], query.include, true);
      return serialize(registrationResource, data, query);
    },
  });
}
