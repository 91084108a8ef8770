import type { ReactNode } from "react";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { loadSiteSettings } from "@/lib/site/site-settings";
import { PublicHeader } from "./public-header";
import { PublicMain } from "./public-main";
import { SiteFooter } from "./site-footer";
import { SkipLink } from "./skip-link";

/**
 * The default layout of spec §2 for the public reading pages (app/(public)) and the root
 * error screens: as site-chrome.tsx, but with the light header (public-header.tsx) and
 * without the app's providers, so these pages ship little more JavaScript than React and
 * Next themselves (issue 5: at most 115 kB compressed; docs/public-pages.md).
 */
export async function PublicChrome({ children }: { children: ReactNode }) {
  const tenant = await getCurrentTenant();
  const [site, session] = await Promise.all([loadSiteSettings(tenant), getSession()]);
  return (
    <>
      <SkipLink />
      <PublicHeader tenant={tenant} signedIn={isSignedIn(session)} />
      <PublicMain>{children}</PublicMain>
      <SiteFooter siteName={tenant.displayName} site={site} />
    </>
  );
}
