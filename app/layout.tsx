import "./globals.css";
import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { mainContentId, SkipLink } from "@/components/layout/skip-link";
import { AuthProvider } from "@/components/providers/auth-provider";
import { OrganizationProvider } from "@/components/providers/organization-provider";
import { QueryProvider } from "@/components/providers/query-provider";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { getCurrentTenant } from "@/lib/request/current-tenant";

/** spec §1: page title = route title + site-name suffix; no title → only the site name. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await getCurrentTenant();
  return {
    title: { template: `%s - ${tenant.displayName}`, default: tenant.displayName },
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, session, tenant] = await Promise.all([
    getLocale(),
    getSession(),
    getCurrentTenant(),
  ]);

  return (
    <html lang={locale} data-contrast={tenant.highContrast ? "high" : undefined}>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        {/* Rendered by a server component, so it passes on the locale and messages of i18n/request.ts. */}
        <NextIntlClientProvider>
          <QueryProvider>
            <AuthProvider initialSignedIn={isSignedIn(session)}>
              <OrganizationProvider>
                <SkipLink />
                <SiteHeader
                  siteName={tenant.displayName}
                  languageSwitch={tenant.features.languageSwitch}
                />
                <main
                  id={mainContentId}
                  tabIndex={-1}
                  className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none"
                >
                  {children}
                </main>
                <SiteFooter siteName={tenant.displayName} />
              </OrganizationProvider>
            </AuthProvider>
          </QueryProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
