import { TZDate } from "@date-fns/tz";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  ANALYTICS_LIMITS,
  defaultRange,
  earliestFrom,
  isDay,
  shiftDay,
} from "../../lib/contract/analytics";
import { addWorkingDays, amsterdamDay, WORKING_DAYS_TIME_ZONE } from "../domain/working-days";
import { badRequest, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { pathParams, queryParams, refineReader, ZPathId } from "../http/inputs";
import { administeredCentres } from "../policies/policy";
import {
  centreFigures,
  type TAnalyticsRange,
  type TCentreFigures,
  tenantCentres,
} from "../queries/analytics";

/**
 * The analytics (docs/analytics.md), figures of a date range per volunteer centre:
 * - GET /api/v1/analytics/volunteer_centers/:id: one centre, for its admins and
 *   superadmins (policy analytics.read); an id that is no centre of the tenant is a 404.
 * - GET /api/v1/analytics/volunteer_centers: the centres side by side: superadmins get all the
 *   tenant's centres, a centre's admin only those they administer (policy
 *   analytics.compare), anyone else a 403.
 * `filter[from]` and `filter[to]` are Amsterdam days, both included (default: the twelve
 * months up to today); a bad day, `to` before `from` or a range of more than
 * ANALYTICS_LIMITS.maxYears years is a 400 naming the parameter.
 */

const RANGE_SHAPE = {
  "filter[from]": z.string().optional(),
  "filter[to]": z.string().optional(),
};

export type TRangeInput = { from: string; to: string };

function oneValue(value: string | undefined, name: string): string | undefined {
  const v = value?.trim() ?? "";
  if (v === "") return undefined;
  if (!isDay(v)) throw badRequest(`${v.slice(0, 40)} is not a day (YYYY-MM-DD)`, name);
  return v;
}

/** The days asked for, checked: both real days, in order, at most the longest range. */
export function parseRange(
  query: { "filter[from]"?: string; "filter[to]"?: string },
  today = amsterdamDay(new Date()),
): TRangeInput {
  const from = oneValue(query["filter[from]"], "filter[from]");
  const to = oneValue(query["filter[to]"], "filter[to]");
  const end = to ?? (from && from > today ? shiftDay(from, { months: 12, days: -1 }) : today);
  const start = from ?? defaultRange(end).from;
  if (end < start) throw badRequest("filter[to] must not come before filter[from]", "filter[to]");
  if (start < earliestFrom(end)) {
    throw badRequest(
      `A range may span at most ${ANALYTICS_LIMITS.maxYears} years`,
      from ? "filter[from]" : "filter[to]",
    );
  }
  return { from: start, to: end };
}

const dayStart = (day: string) => {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, WORKING_DAYS_TIME_ZONE).getTime());
};

/** Every Monday from the week of `from` to the week of `to`. */
function mondays(input: TRangeInput): string[] {
  const weekday = new Date(`${input.from}T12:00:00Z`).getUTCDay();
  const out: string[] = [];
  for (
    let w = shiftDay(input.from, { days: -((weekday + 6) % 7) });
    w <= input.to;
    w = shiftDay(w, { days: 7 })
  ) {
    out.push(w);
  }
  return out;
}

/** The range as moments, its days with their due days, and its weeks (working-days.ts). */
export function analyticsRange(input: TRangeInput, now = new Date()): TAnalyticsRange {
  const starts: string[] = [];
  const dues: string[] = [];
  for (let day = input.from; day <= input.to; day = shiftDay(day, { days: 1 })) {
    starts.push(dayStart(day).toISOString());
    dues.push(addWorkingDays(day, ANALYTICS_LIMITS.answerWorkingDays));
  }
  const weeks = mondays(input);
  return {
    from: dayStart(input.from),
    to: dayStart(shiftDay(input.to, { days: 1 })),
    days: { starts, dues },
    weeks: { mondays: weeks, starts: weeks.map((w) => dayStart(w).toISOString()) },
    now,
  };
}

function present(centre: { id: number; name: string }, f: TCentreFigures, input: TRangeInput) {
  const a = f.applications;
  return {
    type: "analytics",
    id: String(centre.id),
    attributes: {
      volunteer_center_name: centre.name,
      from: input.from,
      to: input.to,
      vacancies: f.vacancies,
      applications: {
        sent: a.sent,
        accepted: a.accepted,
        // Weeks without applications are listed with 0, so a chart shows the gaps.
        per_week: mondays(input).map((week) => ({ week, count: a.perWeek.get(week) ?? 0 })),
        answer_working_days: ANALYTICS_LIMITS.answerWorkingDays,
        answered_in_time: a.answeredInTime,
        due: a.due,
        answered_in_time_share: a.due === 0 ? null : a.answeredInTime / a.due,
        median_reply_seconds: a.medianReplySeconds,
      },
      active_volunteers: f.activeVolunteers,
      activities: {
        sign_ups: f.activities.signUps,
        waitlisted: f.activities.waitlisted,
        attended: f.activities.attended,
        minutes: f.activities.minutes,
      },
      pool_invitations: f.poolInvitations,
      top_tags: f.topTags.map((t) => ({
        id: t.id,
        name: t.name,
        name_en: t.nameEn,
        applications: t.applications,
      })),
      organizations_without_activity: f.organizationsWithoutActivity,
    },
  };
}

const count = z.number().int();
const ZAnalytics = z.object({
  type: z.literal("analytics"),
  id: z.string(),
  attributes: z.object({
    volunteer_center_name: z.string(),
    from: z.string(),
    to: z.string(),
    vacancies: z.object({ published: count, open: count, closed: count }),
    applications: z.object({
      sent: count,
      accepted: count,
      per_week: z.array(z.object({ week: z.string(), count })),
      answer_working_days: count,
      answered_in_time: count,
      due: count,
      answered_in_time_share: z.number().nullable(),
      median_reply_seconds: z.number().nullable(),
    }),
    active_volunteers: count,
    activities: z.object({ sign_ups: count, waitlisted: count, attended: count, minutes: count }),
    pool_invitations: z.object({
      sent: count,
      accepted: count,
      declined: count,
      pending: count,
      withdrawn: count,
    }),
    top_tags: z.array(
      z.object({
        id: count,
        name: z.string(),
        name_en: z.string().nullable(),
        applications: count,
      }),
    ),
    organizations_without_activity: z.object({
      count,
      organizations: z.array(z.object({ id: count, name: z.string() })),
    }),
  }),
});
const ZRangeMeta = z.object({ from: z.string(), to: z.string() });

const rangeQuery = refineReader(queryParams(z.object(RANGE_SHAPE)), parseRange);

export async function analyticsRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: "GET",
    url: "/analytics/volunteer_centers/:id",
    summary: "A volunteer centre's figures over a date range",
    auth: "signed_in",
    params: pathParams(z.object({ id: ZPathId })),
    query: rangeQuery,
    load: async ({ tx, tenant, params }) => {
      const [centre] = await tenantCentres(tx, tenant.id, [params.id]);
      if (!centre) throw notFound();
      return centre;
    },
    action: "analytics.read",
    facts: (_ctx, centre) => ({ volunteerCenterId: centre.id }),
    response: z.object({ data: ZAnalytics, meta: ZRangeMeta }),
    handler: async ({ tx, tenant, query }, centre) => {
      const figures = await centreFigures(tx, tenant.id, [centre.id], analyticsRange(query));
      const f = figures.get(centre.id);
      if (!f) throw notFound();
      return { data: present(centre, f, query), meta: query };
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/analytics/volunteer_centers",
    summary: "The figures of the caller's volunteer centres side by side",
    auth: "signed_in",
    query: rangeQuery,
    load: ({ tx, tenant }) => tenantCentres(tx, tenant.id),
    action: "analytics.compare",
    facts: (_ctx, centres) => ({ centreIds: centres.map((c) => c.id) }),
    response: z.object({ data: z.array(ZAnalytics), meta: ZRangeMeta }),
    handler: async ({ tx, tenant, actor, query }, all) => {
      // [scoped-list]: a centre's admin compares the centres they administer.
      const mine = new Set(
        administeredCentres(
          actor,
          all.map((c) => c.id),
        ),
      );
      const centres = all.filter((c) => mine.has(c.id));
      const figures = await centreFigures(
        tx,
        tenant.id,
        centres.map((c) => c.id),
        analyticsRange(query),
      );
      return {
        data: centres.flatMap((c) => {
          const f = figures.get(c.id);
          return f ? [present(c, f, query)] : [];
        }),
        meta: query,
      };
    },
  });
}
