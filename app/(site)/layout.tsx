import type { ReactNode } from "react";
import { SiteChrome } from "@/components/layout/site-chrome";
import { AppProviders } from "@/components/providers/app-providers";

/** Routes with the default layout (lib/routes.ts: layout 'default'), back office and forms. */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <SiteChrome>{children}</SiteChrome>
    </AppProviders>
  );
}
