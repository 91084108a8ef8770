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

/**
 * The document every page shares: language, theme and the error-reporting config. The root
 * layout wraps every page in it; app/global-not-found.tsx, which Next renders without the
 * root layout, wraps the 404 screen of an unmatched address in it. It lives in app/ as a
 * document belongs to the app router's own files (the lint's rule against a bare <head>
 * holds everywhere else).
 */
export async function Document({ children }: { children: ReactNode }) {
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
