import type { JobPosting, WithContext } from "schema-dts";
import { validThrough } from "./closed";
import type { TVacancy } from "./types";

/**
 * schema.org JobPosting of a vacancy (SEO: employmentType VOLUNTEER), for the
 * vacancy page's JSON-LD. Absolute URLs from the site's origin; the description is the
 * sanitized HTML, which Google accepts for JobPosting.
 */
export function jobPosting(
  vacancy: TVacancy,
  options: { origin: string; description: string },
): WithContext<JobPosting> {
  const organization = vacancy.organization;
  const address = organization?.address;
  const locality = vacancy.city ?? address?.city ?? undefined;
  const end = validThrough(vacancy);
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: vacancy.title,
    description: options.description || vacancy.summary || vacancy.title,
    employmentType: "VOLUNTEER",
    url: new URL(`/vacancies/${vacancy.id}`, `${options.origin}/`).toString(),
    ...(vacancy.publishedAt ? { datePosted: vacancy.publishedAt } : {}),
    ...(end ? { validThrough: end } : {}),
    hiringOrganization: {
      "@type": "Organization",
      name: organization?.name ?? "",
      ...(organization
        ? { sameAs: new URL(`/organizations/${organization.id}`, `${options.origin}/`).toString() }
        : {}),
    },
    ...(vacancy.remote ? { jobLocationType: "TELECOMMUTE" } : {}),
    ...(locality || !vacancy.remote
      ? {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              ...(vacancy.street ? { streetAddress: vacancy.street } : {}),
              ...(vacancy.postalCode ? { postalCode: vacancy.postalCode } : {}),
              ...(locality ? { addressLocality: locality } : {}),
              addressCountry: "NL",
            },
            ...(vacancy.latitude !== null && vacancy.longitude !== null
              ? {
                  geo: {
                    "@type": "GeoCoordinates",
                    latitude: vacancy.latitude,
                    longitude: vacancy.longitude,
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}
