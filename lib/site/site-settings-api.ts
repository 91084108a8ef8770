/**
 * The site settings calls of the back office (docs/api-site-settings.md) through the one
 * api client: a centre's design and footer, read and saved.
 */
import type { ApiClient } from "@/lib/api";
import type { TSiteSettingsChange, TSiteSettingsRecord } from "./site-settings-types";

const path = (centreId: string) => `/api/v1/site_settings/${encodeURIComponent(centreId)}`;

/** GET /api/v1/site_setting (public): the site's own centre and its settings. */
export async function fetchSiteSetting(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<TSiteSettingsRecord> {
  return (await client.get<TSiteSettingsRecord>("/api/v1/site_setting", { signal })).data;
}

/** GET /api/v1/site_settings/:id (public): one centre's settings. */
export async function fetchSiteSettings(
  client: ApiClient,
  centreId: string,
  signal?: AbortSignal,
): Promise<TSiteSettingsRecord> {
  return (await client.get<TSiteSettingsRecord>(path(centreId), { signal })).data;
}

/** PUT /api/v1/site_settings/:id: a part sent replaces that part whole; one left out stays. */
export async function saveSiteSettings(
  client: ApiClient,
  centreId: string,
  change: TSiteSettingsChange,
): Promise<TSiteSettingsRecord> {
  const response = await client.put<TSiteSettingsRecord>(path(centreId), {
    data: { type: "site_settings", id: centreId, attributes: change },
  });
  return response.data;
}
