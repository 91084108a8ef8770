import { dayOf } from "@/lib/activities/calendar";
import { feedResponse } from "@/lib/activities/ics-response";

/**
 * /activiteitenkalender/feed.ics: the tenant's public activities as an iCalendar feed to
 * subscribe to (webcal:// on the calendar page). A route handler, not a page: it has no
 * row in lib/routes.ts (tests/unit/routes.test.ts counts page.tsx files only) and the
 * proxy lets it through as an unmatched path, after setting the tenant header.
 */
export function GET(): Promise<Response> {
  return feedResponse(dayOf(new Date()));
}
