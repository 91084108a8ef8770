import "./globals.css";
import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { ErrorReportingConfig } from "@/components/errors/error-reporting-config";
import { NoncedStyle } from "@/components/security/nonced-style";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { requestNonce } from "@/lib/security/nonce";
import { loadSiteSettings } from "@/lib/site/site-settings";
import { type TCssVariables, themeStyleSheet } from "@/lib/theme/css-variables";
import { fallbackFontFaces } from "@/lib/theme/font-fallbacks";
import { themeHtmlAttributes } from "@/lib/theme/html-attributes";

/** spec §1: page title = route title + site-name suffix; no title → only the site name. */
export async function generateMetadata(): Promise<Metadata> {
  const tenant = await getCurrentTenant();
  return {
    title: { template: `%s - ${tenant.displayName}`, default: tenant.displayName },
  };
}

/**
 * The document every page shares: language, theme and the error-reporting config. The
 * browser-side providers (components/providers/app-providers.tsx) and the header and
 * footer belong to the layouts of spec §2: app/(site) the default layout, app/(public)
 * the default layout of the public reading pages, app/(bare) the empty one.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, tenant, nonce] = await Promise.all([
    getLocale(),
    getCurrentTenant(),
    requestNonce(),
  ]);
  // Cached per tenant; without it (api unreachable) the tenant's own design holds.
  const site = await loadSiteSettings(tenant);

  const { style, ...theme } = themeHtmlAttributes(tenant, site?.theme);
  const fallbackFaces = fallbackFontFaces(theme["data-font"]);
  // The theme's custom properties sit in <head>, not on <html>: there they kept <meta
  // charset> out of the first 1024 bytes. The <style> elements carry the page's CSP nonce
  // (docs/web-hardening.md).
  return (
    <html lang={locale} {...theme}>
      <head>
        <NoncedStyle nonce={nonce} css={themeStyleSheet(style as TCssVariables)} />
        <ErrorReportingConfig />
        {fallbackFaces ? <NoncedStyle nonce={nonce} css={fallbackFaces} /> : null}
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">{children}</body>
    </html>
  );
}
