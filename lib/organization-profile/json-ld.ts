import type { Organization, WithContext } from "schema-dts";
import type { TPublicOrganization } from "@/lib/social-map/api";

/**
 * schema.org Organization for an organisation's public page (docs/social-map.md): name,
 * canonical url, logo, PostalAddress, geo and a contactPoint, each only when known.
 */
export function organizationJsonLd(
  org: TPublicOrganization,
  canonicalUrl: string,
  origin: string,
): WithContext<Organization> {
  const address = org.address;
  const profile = org.profile;
  const street = [address?.street, address?.houseNumber].filter(Boolean).join(" ");
  const contactEmail = profile?.contactEmail ?? org.email;
  const contactPhone = profile?.contactPhone ?? org.phone;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: org.name,
    url: canonicalUrl,
    ...(org.summary ? { description: org.summary } : {}),
    ...(org.logoUrl ? { logo: new URL(org.logoUrl, `${origin}/`).toString() } : {}),
    ...(org.website ? { sameAs: org.website } : {}),
    ...(address
      ? {
          address: {
            "@type": "PostalAddress",
            ...(street ? { streetAddress: street } : {}),
            ...(address.postalCode ? { postalCode: address.postalCode } : {}),
            ...(address.city ? { addressLocality: address.city } : {}),
            addressCountry: address.country ?? "NL",
          },
        }
      : {}),
    ...(typeof org.latitude === "number" && typeof org.longitude === "number"
      ? { geo: { "@type": "GeoCoordinates", latitude: org.latitude, longitude: org.longitude } }
      : {}),
    ...(contactEmail || contactPhone
      ? {
          contactPoint: {
            "@type": "ContactPoint",
            contactType: "customer support",
            ...(profile?.contactName ? { name: profile.contactName } : {}),
            ...(contactEmail ? { email: contactEmail } : {}),
            ...(contactPhone ? { telephone: contactPhone } : {}),
          },
        }
      : {}),
  };
}
