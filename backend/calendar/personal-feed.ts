import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { AppDb } from "../db/client";
import type { TLocale } from "../mail/templates/layout";
import { feedPlaces } from "../queries/activity-registrations";
import { openApplicationDeadlines } from "../queries/calendar-tokens";

/**
 * The personal calendar feed (docs/calendar-feed.md): what one person has in their agenda,
 * as iCalendar (RFC 5545, written by ical-generator as the public activity feed is). The
 * feed is a list of sources, each giving events of one kind: the activities a person has a
 * place at (or on the waiting list of), and the closing days of their open applications.
 */

/** One event of the feed: all day (a date in Europe/Amsterdam) or from a moment to another. */
export type TFeedEvent = {
  /** Stable across reads, so a subscribed calendar updates the event instead of adding it. */
  uid: string;
  summary: string;
  description: string;
  url: string | null;
  stamp: Date;
  when: { allDay: string } | { start: Date; end: Date };
  location?: string | null;
  /** Called off: calendars show it struck through rather than drop it unseen. */
  cancelled?: boolean;
};

export type TFeedContext = {
  db: AppDb;
  tenantId: number;
  userId: number;
  locale: TLocale;
  /** The site's origin (https://host), for links and UIDs; null when it is unknown. */
  origin: string | null;
  host: string;
  /** The first day (YYYY-MM-DD, Amsterdam) the feed still lists. */
  from: string;
};

export type TFeedSource = (context: TFeedContext) => Promise<TFeedEvent[]>;

const TEXTS = {
  nl: {
    name: (site: string) => `Mijn agenda – ${site}`,
    deadline: (title: string) => `Sluitingsdatum: ${title}`,
    deadlineText: (title: string, organization: string) =>
      `De vacature ${title} van ${organization} sluit vandaag. Je reactie staat nog open.`,
    waitlisted: (title: string) => `Wachtlijst: ${title}`,
    cancelled: (title: string) => `Afgelast: ${title}`,
    placeText: "Je bent aangemeld voor deze activiteit.",
    waitlistText: "Je staat op de wachtlijst. Komt er een plek vrij, dan krijg je bericht.",
    cancelledText: "Deze activiteit gaat niet door.",
  },
  en: {
    name: (site: string) => `My calendar – ${site}`,
    deadline: (title: string) => `Closing date: ${title}`,
    deadlineText: (title: string, organization: string) =>
      `The vacancy ${title} of ${organization} closes today. Your application is still open.`,
    waitlisted: (title: string) => `Waiting list: ${title}`,
    cancelled: (title: string) => `Cancelled: ${title}`,
    placeText: "You are signed up for this activity.",
    waitlistText: "You are on the waiting list. If a place comes free, you will hear.",
    cancelledText: "This activity is not going ahead.",
  },
} as const;

/** The closing day of every vacancy the person's open applications answer. */
export const applicationDeadlines: TFeedSource = async (c) => {
  const texts = TEXTS[c.locale];
  const rows = await openApplicationDeadlines(c.db, c.tenantId, c.userId, c.from);
  return rows.map((row) => {
    const url = c.origin ? `${c.origin}/applications/${row.applicationId}` : null;
    return {
      uid: `application-${row.applicationId}-closes@${c.host}`,
      summary: texts.deadline(row.vacancyTitle),
      description: [texts.deadlineText(row.vacancyTitle, row.organizationName), url]
        .filter(Boolean)
        .join("\n\n"),
      url,
      stamp: row.updatedAt,
      when: { allDay: row.closesOn },
    };
  });
};

const TIME_ZONE = "Europe/Amsterdam";
const HOUR_MS = 3_600_000;
const amsterdamDay = (moment: Date) => new TZDate(moment, TIME_ZONE).toISOString().slice(0, 10);

/** The activities the person has a place at or waits for, from the feed's first day. */
export const signedUpActivities: TFeedSource = async (c) => {
  const texts = TEXTS[c.locale];
  const [year, month, day] = c.from.split("-").map(Number);
  const from = new TZDate(year, month - 1, day, TIME_ZONE);
  const rows = await feedPlaces(c.db, c.tenantId, c.userId, from);
  return rows.map((row) => {
    const url = c.origin ? `${c.origin}/activiteiten/${row.activityId}` : null;
    const cancelled = row.activityStatus === "cancelled";
    const summary = cancelled
      ? texts.cancelled(row.title)
      : row.status === "waitlisted"
        ? texts.waitlisted(row.title)
        : row.title;
    const text = cancelled
      ? texts.cancelledText
      : row.status === "waitlisted"
        ? texts.waitlistText
        : texts.placeText;
    return {
      // One event per place: signing up again after giving a place back is a new one.
      uid: `activity-registration-${row.registrationId}@${c.host}`,
      summary,
      description: [text, url].filter(Boolean).join("\n\n"),
      url,
      stamp: row.updatedAt,
      location: row.place,
      cancelled,
      when: row.allDay
        ? { allDay: amsterdamDay(row.startsAt) }
        : { start: row.startsAt, end: row.endsAt ?? new Date(row.startsAt.getTime() + HOUR_MS) },
    };
  });
};

/** Every source of the feed. */
export const FEED_SOURCES: readonly TFeedSource[] = [signedUpActivities, applicationDeadlines];

/** An all-day date for ical-generator: it writes a Date's UTC date. */
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const DAY_MS = 86_400_000;

export async function personalFeed(
  context: TFeedContext & { siteName: string },
  sources: readonly TFeedSource[] = FEED_SOURCES,
): Promise<string> {
  // One after another: they share the request's transaction (one connection).
  const events: TFeedEvent[] = [];
  for (const source of sources) events.push(...(await source(context)));
  const calendar = ical({
    name: TEXTS[context.locale].name(context.siteName),
    prodId: { company: "Volunteerly", product: "personal", language: context.locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    timezone: null,
    // Calendar apps that honour it ask again within the hour.
    ttl: 3600,
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      summary: event.summary,
      description: event.description,
      url: event.url,
      location: event.location ?? null,
      ...(event.cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
      stamp: event.stamp,
      lastModified: event.stamp,
      ...("allDay" in event.when
        ? {
            allDay: true,
            start: utcDay(event.when.allDay),
            // DTEND of an all-day event is the day after (exclusive).
            end: new Date(utcDay(event.when.allDay).getTime() + DAY_MS),
          }
        : { start: event.when.start, end: event.when.end }),
    });
  }
  return calendar.toString();
}
