import { ProfilePage, profileMetadata } from "@/lib/organization-profile/profile-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return profileMetadata((await params).id);
}

/**
 * spec §2 /organizations/:id (public): the organisation's profile, the same page as
 * /sociale-kaart/:id, which is its canonical URL (docs/social-map.md). The back office's
 * edit/ and move/ live beside it.
 */
export default async function OrganizationPage({ params }: Props) {
  return <ProfilePage id={(await params).id} />;
}
