import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { siteSettingKeys } from "@/lib/api/query-keys";
import { fetchSiteSetting, fetchSiteSettings } from "./site-settings-api";

/** The site's own centre and settings (public); the settings pages' centre for superadmins. */
export function siteSettingQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: siteSettingKeys.site(),
    queryFn: ({ signal }) => fetchSiteSetting(client, signal),
  });
}

/** One centre's design and footer, as /instellingen/design and /footer edit them. */
export function siteSettingsQuery(centreId: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: siteSettingKeys.detail(centreId),
    queryFn: ({ signal }) => fetchSiteSettings(client, centreId, signal),
  });
}
