"use client";

import type { AbstractIntlMessages } from "next-intl";
import { NextIntlClientProvider } from "next-intl";
import { ActivityMenu } from "@/components/activity/activity-menu";
import { ConversationsLink } from "@/components/conversations/conversations-link";
import { DeskProvider } from "@/components/desks/desk-provider";
import { WrongDeskGuard } from "@/components/desks-admin/wrong-desk-guard";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { AuthProvider } from "@/components/providers/auth-provider";
import { OrganizationProvider } from "@/components/providers/organization-provider";
import { QueryProvider } from "@/components/providers/query-provider";
import { ToastProvider } from "@/components/toasts/toast-provider";
import type { TDeskSummary } from "@/lib/desks/select-desk";
import type { AppLocale } from "@/lib/i18n/config";
import { publishSignedInIntl } from "@/lib/i18n/signed-in-intl";
import { AccountMenu } from "./account-menu";

export type TSignedInToolbarProps = {
  locale: AppLocale;
  timeZone: string;
  messages: AbstractIntlMessages;
  desks: readonly TDeskSummary[];
  /** The tenant has volunteer profiles (spec §1): the account menu links to /profiel. */
  profiles: boolean;
};

/**
 * The toolbar's app menus (activity, notifications, account) with the providers they need,
 * for a signed-in visitor of a page with the light chrome (public-header.tsx). Loaded
 * lazily by signed-in-toolbar-island.tsx, so none of it is in a signed-out visitor's
 * JavaScript (docs/public-pages.md).
 */
export default function SignedInToolbar({
  locale,
  timeZone,
  messages,
  desks,
  profiles,
}: TSignedInToolbarProps) {
  // Before AuthProvider tells the page's islands the visitor is signed in: the apply panel
  // of a vacancy takes its texts from here (lib/i18n/signed-in-intl.ts).
  publishSignedInIntl({ locale, timeZone, messages });
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages}>
      <QueryProvider>
        <AuthProvider initialSignedIn>
          <OrganizationProvider>
            <DeskProvider desks={desks}>
              <ToastProvider>
                <WrongDeskGuard desks={desks} />
                <div className="flex items-center gap-1">
                  <ActivityMenu />
                  <ConversationsLink />
                  <NotificationBell />
                  <AccountMenu profiles={profiles} />
                </div>
              </ToastProvider>
            </DeskProvider>
          </OrganizationProvider>
        </AuthProvider>
      </QueryProvider>
    </NextIntlClientProvider>
  );
}
