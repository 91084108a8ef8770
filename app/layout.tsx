import "./globals.css";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { Document } from "./document";

/** spec §1: page title = route title + site-name suffix; no title → only the site name. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await getCurrentTenant();
  return {
    title: { template: `%s - ${tenant.displayName}`, default: tenant.displayName },
  };
}

/**
 * The document every page shares (components/layout/document.tsx). The browser-side
 * providers (components/providers/app-providers.tsx) and the header and footer belong to
 * the layouts of spec §2: app/(site) the default layout, app/(public) the default layout of
 * the public reading pages, app/(bare) the empty one.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return <Document>{children}</Document>;
}
