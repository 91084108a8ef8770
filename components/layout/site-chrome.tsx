import type { ReactNode } from "react";
import { ImpersonationBanner } from "@/components/impersonation/impersonation-banner";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { loadSiteSettings } from "@/lib/site/site-settings";
import { BackOfficeFrame } from "./back-office-frame";
import { RouteMain } from "./route-main";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { SkipLink } from "./skip-link";

/**
 * The default layout of spec §2: skip link, the banner while acting as someone else
 * (components/impersonation), the sticky 'tab' header with the toolbar, the
 * page and the footer. Used by app/(site)/layout.tsx.
 */
export async function SiteChrome({ children }: { children: ReactNode }) {
  const tenant = await getCurrentTenant();
  // Cached per tenant (lib/api/tenant-cache.ts); without it (api unreachable) a plain footer.
  const site = await loadSiteSettings(tenant);
  return (
    <>
      <SkipLink />
      <ImpersonationBanner />
      <SiteHeader tenant={tenant} />
      <BackOfficeFrame>
        <RouteMain>{children}</RouteMain>
      </BackOfficeFrame>
      <SiteFooter siteName={tenant.displayName} site={site} />
    </>
  );
}
