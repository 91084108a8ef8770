import { OrganizationSettings } from "@/components/settings/settings-pages";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("settings-organization");

/**
 * /instellingen/organisatie (spec §2, login-required): the centre's own name, e-mail, phone,
 * website and address. Loads and saves in the browser through the BFF; superadmins and centre
 * admins only.
 */
export default async function SettingsOrganizationPage() {
  await requireSession("/instellingen/organisatie");
  return <OrganizationSettings />;
}
