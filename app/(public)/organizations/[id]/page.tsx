import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { ProfilePage, profileMetadata } from "@/lib/organization-profile/profile-page";

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = withInterruptMetadata(async ({ params }: Props) => {
  return profileMetadata((await params).id);
});

/**
 * spec §2 /organizations/:id (public): the organisation's profile, the same page as
 * /sociale-kaart/:id, which is its canonical URL (docs/social-map.md). The back office's
 * edit/ and move/ live beside it.
 */
export default withInterruptScreens(async function OrganizationPage({ params }: Props) {
  // Called, not rendered as an element: its notFound() then comes from this page's own
  // render, where withInterruptScreens puts the screen in the HTML (docs/errors.md).
  return ProfilePage({ id: (await params).id });
});
