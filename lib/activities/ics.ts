import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { activityDays, dayStart } from "./calendar";
import { placeLine, type TActivity } from "./types";

/**
 * iCalendar (RFC 5545) of public activities (docs/activities.md): the calendar feed and
 * the one-activity download. UIDs are `activity-<id>@<host>`, stable across downloads, so a
 * subscribed calendar updates an event rather than adding it again; a cancelled activity
 * stays in the feed with STATUS:CANCELLED, so calendars that have it drop or mark it.
 * Escaping of commas, semicolons and newlines is ical-generator's.
 */

type TOptions = {
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
  /** The site's origin, for UIDs and event URLs. */
  origin: string;
  /** The path of an activity's page. */
  pathFor: (activity: TActivity) => string;
  /** Minutes a subscribing client should wait before it asks again. */
  ttlMinutes?: number;
};

/** Tags out of the sanitized HTML description: calendars show plain text. */
export function plainText(html: string | null | undefined): string {
  return (html ?? "")
    .replace(/<\/(p|h[1-6]|li|div)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** An all-day date for ical-generator: it writes a Date's UTC date, so the Amsterdam day at UTC midnight. */
function utcDay(day: string): Date {
  const local = dayStart(day);
  return new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
}

export function activitiesCalendar(activities: readonly TActivity[], options: TOptions): string {
  const host = new URL(options.origin).host;
  const calendar = ical({
    name: options.name,
    prodId: { company: "Volunteerly", product: "activities", language: "NL" },
    method: ICalCalendarMethod.PUBLISH,
    timezone: null,
    ttl: (options.ttlMinutes ?? 60) * 60,
    url: new URL("/activiteitenkalender", `${options.origin}/`).toString(),
  });
  for (const activity of activities) {
    const url = new URL(options.pathFor(activity), `${options.origin}/`).toString();
    const days = activityDays(activity);
    const place = activity.online
      ? null
      : [activity.locationName, placeLine(activity)].filter(Boolean).join(", ");
    const text = [activity.summary, plainText(activity.description), url]
      .filter(Boolean)
      .join("\n\n");
    calendar.createEvent({
      id: `activity-${activity.id}@${host}`,
      summary: activity.title,
      description: text,
      url,
      stamp: new Date(activity.updatedAt),
      lastModified: new Date(activity.updatedAt),
      status:
        activity.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(activity.allDay
        ? {
            allDay: true,
            start: utcDay(days[0]),
            // DTEND of an all-day event is the day after the last (exclusive).
            end: new Date(utcDay(days[days.length - 1]).getTime() + 86_400_000),
          }
        : {
            start: new Date(activity.startsAt),
            end: activity.endsAt ? new Date(activity.endsAt) : new Date(activity.startsAt),
          }),
      location: place
        ? {
            title: place,
            ...(activity.latitude !== null && activity.longitude !== null
              ? { geo: { lat: activity.latitude, lon: activity.longitude } }
              : {}),
          }
        : null,
      organizer: null,
    });
  }
  return calendar.toString();
}
