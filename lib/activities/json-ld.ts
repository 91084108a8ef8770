import type { Event, WithContext } from "schema-dts";
import { placeLine, type TActivity } from "./types";

/**
 * schema.org Event of an activity (docs/seo.md): status, attendance mode,
 * a Place with its address and coordinates or a VirtualLocation, and the organiser.
 */
export function eventJsonLd(
  activity: TActivity,
  pageUrl: string,
  fallbackOrganizer: string,
): WithContext<Event> {
  const cancelled = activity.status === "cancelled";
  const location = activity.online
    ? {
        "@type": "VirtualLocation" as const,
        url: activity.registrationUrl?.startsWith("http") ? activity.registrationUrl : pageUrl,
      }
    : {
        "@type": "Place" as const,
        name: activity.locationName ?? placeLine(activity),
        address: {
          "@type": "PostalAddress" as const,
          streetAddress: activity.street ?? undefined,
          postalCode: activity.postalCode ?? undefined,
          addressLocality: activity.city ?? undefined,
          addressCountry: "NL",
        },
        ...(activity.latitude !== null && activity.longitude !== null
          ? {
              geo: {
                "@type": "GeoCoordinates" as const,
                latitude: activity.latitude,
                longitude: activity.longitude,
              },
            }
          : {}),
      };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: activity.title,
    description: activity.summary ?? undefined,
    url: pageUrl,
    startDate: activity.startsAt,
    endDate: activity.endsAt ?? undefined,
    eventStatus: cancelled
      ? "https://schema.org/EventCancelled"
      : "https://schema.org/EventScheduled",
    eventAttendanceMode: activity.online
      ? "https://schema.org/OnlineEventAttendanceMode"
      : "https://schema.org/OfflineEventAttendanceMode",
    location,
    organizer: {
      "@type": "Organization",
      name: activity.organization?.name ?? fallbackOrganizer,
      ...(activity.organization?.website ? { url: activity.organization.website } : {}),
    },
    ...(activity.imageUrl ? { image: activity.imageUrl } : {}),
  };
}
