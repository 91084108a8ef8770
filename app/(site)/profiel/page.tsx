import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { ProfileView } from "@/components/profile/profile-view";
import { requireSession } from "@/lib/auth/get-session";
import { requireVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile");

/**
 * /profiel (spec §2, login-required; docs/profile-pages.md): the signed-in user's own
 * volunteer profile. Not on a tenant without profiles (meedoen: 404). Loads in the browser
 * through the BFF (decisions.md: server components never call authenticated api endpoints).
 */
export default withInterruptScreens(async function ProfileRoute() {
  await requireVolunteerProfiles();
  await requireSession("/profiel");
  // spec §1: activities are off on some tenants; then there is nothing to sign up for.
  const tenant = await getCurrentTenant();
  return <ProfileView activities={tenant.features.activities} />;
});
