import { DesignSettings } from "@/components/settings/settings-pages";
import { requireSession } from "@/lib/auth/get-session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";
import { FONT_FAMILIES } from "@/lib/theme/fonts";

export const generateMetadata = routeMetadata("settings-design");

/**
 * /instellingen/design (spec §2, login-required): a centre's palettes, font and
 * shape for its public site. The site's own design (the tenant's theme) and the fonts' CSS
 * families come from the server; the settings load and save in the browser through the BFF.
 */
export default async function SettingsDesignPage() {
  await requireSession("/instellingen/design");
  const tenant = await getCurrentTenant();
  const { palette, font, shape } = tenant.theme;
  return (
    <DesignSettings
      siteTheme={{ palette, font, shape }}
      highContrast={tenant.highContrast}
      fontFamilies={FONT_FAMILIES}
    />
  );
}
