import { ContactPersonSettings } from "@/components/settings/settings-pages";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("settings-contact-person");

/**
 * /instellingen/contact-person (spec §2, login-required): the centre's contact person and
 * description. Loads and saves in the browser through the BFF; superadmins and centre admins
 * only.
 */
export default async function SettingsContactPersonPage() {
  await requireSession("/instellingen/contact-person");
  return <ContactPersonSettings />;
}
