import type { ReactNode } from "react";
import { SiteChrome } from "@/components/layout/site-chrome";

/** Routes with the default layout (lib/routes.ts: layout 'default'). */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return <SiteChrome>{children}</SiteChrome>;
}
