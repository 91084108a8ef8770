import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { ProfilePage, profileMetadata } from "@/lib/organization-profile/profile-page";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = withInterruptMetadata(async ({ params }: Props) => {
  return profileMetadata((await params).id);
});

/** spec §2 /sociale-kaart/:id: an organisation of the social map (docs/social-map.md). */
export default withInterruptScreens(async function SocialMapOrganizationPage({ params }: Props) {
  // Called, not rendered as an element: its notFound() then comes from this page's own
  // render, where withInterruptScreens puts the screen in the HTML (docs/errors.md).
  return ProfilePage({ id: (await params).id });
});
