import "server-only";
import { notFound } from "next/navigation";
import { cache } from "react";
import { OrganizationProfile } from "@/components/organization-profile/organization-profile";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { absoluteUrl, getSiteOrigin } from "@/lib/seo/site-origin";
import { socialMapOrganization } from "@/lib/social-map/api";

/**
 * The one organisation profile behind /sociale-kaart/:id and /organizations/:id
 * (docs/social-map.md): both render it, both name /sociale-kaart/:id as canonical, so
 * search engines index one URL. Not on this site's map (pending, denied, hidden, another
 * centre's, another tenant's): 404.
 */
export const canonicalProfilePath = (id: string) => `/sociale-kaart/${id}`;

const load = cache(async (id: string) => {
  const organization = await socialMapOrganization(id);
  if (!organization) notFound();
  return organization;
});

export async function profileMetadata(id: string) {
  const organization = await load(id);
  return publicMetadata({
    title: organization.name,
    description: organization.summary,
    path: canonicalProfilePath(organization.id),
    image: organization.logoUrl,
  });
}

export async function ProfilePage({ id }: { id: string }) {
  const [organization, origin] = await Promise.all([load(id), getSiteOrigin()]);
  return (
    <OrganizationProfile
      organization={organization}
      origin={origin}
      canonicalUrl={absoluteUrl(origin, canonicalProfilePath(organization.id))}
    />
  );
}
