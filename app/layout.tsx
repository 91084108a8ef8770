import "./globals.css";
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { DeskProvider } from "@/components/desks/desk-provider";
import { ErrorReportingConfig } from "@/components/errors/error-reporting-config";
import { AuthProvider } from "@/components/providers/auth-provider";
import { OrganizationProvider } from "@/components/providers/organization-provider";
import { QueryProvider } from "@/components/providers/query-provider";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { loadDesks } from "@/lib/navigation/guard-data";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { loadSiteSettings } from "@/lib/site/site-settings";
import { themeHtmlAttributes } from "@/lib/theme/html-attributes";

/** spec §1: page title = route title + site-name suffix; no title → only the site name. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await getCurrentTenant();
  return {
    title: { template: `%s - ${tenant.displayName}`, default: tenant.displayName },
  };
}

/**
 * The document and the providers every page shares. Header and footer belong to the
 * layouts of spec §2: app/(site) has the default layout, app/(bare) the empty one.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, session, tenant] = await Promise.all([
    getLocale(),
    getSession(),
    getCurrentTenant(),
  ]);
  // Cached per tenant; without them (api unreachable) no desk is selected and the tenant's
  // own design holds.
  const [desks, site] = await Promise.all([loadDesks(tenant), loadSiteSettings(tenant)]);

  return (
    <html lang={locale} {...themeHtmlAttributes(tenant, site?.theme)}>
      <head>
        <ErrorReportingConfig />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        {/* Rendered by a server component, so it passes on the locale and messages of i18n/request.ts. */}
        <NextIntlClientProvider>
          <QueryProvider>
            <AuthProvider initialSignedIn={isSignedIn(session)}>
              <OrganizationProvider>
                <DeskProvider desks={desks ?? []}>
                  <ToastProvider>{children}</ToastProvider>
                </DeskProvider>
              </OrganizationProvider>
            </AuthProvider>
          </QueryProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
