import "server-only";
import { getTranslations } from "next-intl/server";
import { ApiError } from "@/lib/api/errors";
import { publicGetFor } from "@/lib/public/public-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import { activitiesCalendar } from "./ics";
import type { TActivity } from "./types";

/**
 * The route handlers' iCalendar answers (docs/activities.md): text/calendar, cached by
 * browsers and shared caches for 15 minutes, varying by Host and Cookie because the tenant
 * comes from one of them (a cached feed is never another tenant's).
 */

const CACHE = "public, max-age=900, stale-while-revalidate=3600";

export type TIcsResult = Response;

function notFoundResponse() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
}

async function respond(
  read: (tenant: Awaited<ReturnType<typeof getCurrentTenant>>) => Promise<TActivity[]>,
  filename: string,
  disposition: "inline" | "attachment",
): Promise<Response> {
  const tenant = await getCurrentTenant();
  // spec §1: no activities in the meedoen variant.
  if (!tenant.features.activities) return notFoundResponse();
  let activities: TActivity[];
  try {
    activities = await read(tenant);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 404) return notFoundResponse();
    throw error;
  }
  const t = await getTranslations("activityCalendar");
  const origin = await getSiteOrigin();
  const body = activitiesCalendar(activities, {
    name: t("feedName", { site: tenant.displayName }),
    origin,
    pathFor: (activity) => `/activiteiten/${activity.id}`,
    ttlMinutes: 60,
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${disposition}; filename="${filename}"`,
      "Cache-Control": CACHE,
      Vary: "Host, Cookie",
    },
  });
}

/** The feed: activities from a month ago on, up to the api's page maximum. */
export function feedResponse(today: string): Promise<Response> {
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 30);
  return respond(
    async (tenant) =>
      (
        await publicGetFor<TActivity[]>(tenant, "/api/v1/activities", {
          sort: "starts_at",
          include: "organization",
          "filter[from]": from.toISOString().slice(0, 10),
          "page[size]": 1000,
        })
      ).data,
    "activiteiten.ics",
    "inline",
  );
}

export function oneActivityResponse(id: string): Promise<Response> {
  if (!/^[1-9]\d{0,9}$/.test(id)) return Promise.resolve(notFoundResponse());
  return respond(
    async (tenant) => [
      (
        await publicGetFor<TActivity>(tenant, `/api/v1/activities/${id}`, {
          include: "organization",
        })
      ).data,
    ],
    `activiteit-${id}.ics`,
    "attachment",
  );
}
