import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { DeskProvider } from "@/components/desks/desk-provider";
import { AuthProvider } from "@/components/providers/auth-provider";
import { OrganizationProvider } from "@/components/providers/organization-provider";
import { QueryProvider } from "@/components/providers/query-provider";
import { ToastProvider } from "@/components/toasts/toast-provider";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { loadDesks } from "@/lib/navigation/guard-data";
import { getCurrentTenant } from "@/lib/request/current-tenant";

/**
 * The browser-side state of the application: messages for client components, TanStack
 * Query, the auth state, the selected organization and desk, and toasts. Around the pages
 * that need them (app/(site), app/(bare), and the public pages
 * for a signed-in visitor), but not around the public reading pages a signed-out visitor
 * gets (app/(public)/layout.tsx): none of this code reaches them (docs/public-pages.md).
 */
export async function AppProviders({ children }: { children: ReactNode }) {
  const [session, tenant] = await Promise.all([getSession(), getCurrentTenant()]);
  const desks = await loadDesks(tenant);
  return (
    // Rendered by a server component, so it passes on the locale and messages of i18n/request.ts.
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
  );
}
