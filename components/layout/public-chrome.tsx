import { getLocale, getMessages, getTimeZone } from "next-intl/server";
import type { ReactNode } from "react";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import type { AppLocale } from "@/lib/i18n/config";
import { loadDesks } from "@/lib/navigation/guard-data";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { loadSiteSettings } from "@/lib/site/site-settings";
import { PublicHeader } from "./public-header";
import { PublicMain } from "./public-main";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/**
 * The default layout of spec §2 for the public reading pages (app/(public)), the 404 screen
 * of addresses no page matches among them: as site-chrome.tsx, but with the light header (public-header.tsx) and
 * without the app's providers, so these pages ship little more JavaScript than React and
 * Next themselves (at most 115 kB compressed; docs/public-pages.md).
 */
export async function PublicChrome({ children }: { children: ReactNode }) {
  const tenant = await getCurrentTenant();
  const [site, session] = await Promise.all([loadSiteSettings(tenant), getSession()]);
  // Only for a signed-in visitor: what the lazily loaded app menus need (all messages,
  // the desks); a signed-out visitor's page carries none of it.
  const signedIn = isSignedIn(session)
    ? {
        locale: (await getLocale()) as AppLocale,
        timeZone: await getTimeZone(),
        messages: await getMessages(),
        desks: (await loadDesks(tenant)) ?? [],
        profiles: tenant.features.volunteerProfiles,
      }
    : null;
  return (
    <>
      <SkipLink />
      <PublicHeader tenant={tenant} signedIn={signedIn} />
      <PublicMain>{children}</PublicMain>
      <SiteFooter siteName={tenant.displayName} site={site} />
    </>
  );
}
