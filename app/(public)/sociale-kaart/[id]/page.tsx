import { ProfilePage, profileMetadata } from "@/lib/organization-profile/profile-page";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props) {
  return profileMetadata((await params).id);
}

/** spec §2 /sociale-kaart/:id: an organisation of the social map (docs/social-map.md). */
export default async function SocialMapOrganizationPage({ params }: Props) {
  return <ProfilePage id={(await params).id} />;
}
