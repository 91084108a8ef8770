"use server";

import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { loadSiteSettings } from "./site-settings";

/**
 * Server action after a save on /instellingen (docs/organization-forms-and-settings.md): this
 * web process drops its cached copy of the tenant's site settings (lib/site/site-settings.ts,
 * cached 60 s), so the next render, the router.refresh() that follows, draws the new design,
 * footer and contact details at once. Other web processes follow when their copy expires.
 *
 * It only forgets (the next page load asks the api again, which decides what is stored), and
 * only the entry of the tenant this request is for; still, signed-out callers are turned
 * away, so nobody outside can make every page load of a site wait for the api.
 */
export async function forgetSiteSettings(): Promise<void> {
  if (!isSignedIn(await getSession())) return;
  const tenant = await getCurrentTenant();
  loadSiteSettings.forget(tenant.slug);
}
