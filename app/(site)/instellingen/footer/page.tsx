import { FooterSettings } from "@/components/settings/settings-pages";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("settings-footer");

/**
 * /instellingen/footer (spec §2, login-required): the text and links of the public site's footer.
 * Loads and saves in the browser through the BFF; superadmins and centre admins only.
 */
export default async function SettingsFooterPage() {
  await requireSession("/instellingen/footer");
  return <FooterSettings />;
}
