import { ActivityMenu } from "@/components/activity/activity-menu";
import { ConversationsLink } from "@/components/conversations/conversations-link";
import { NotificationBell } from "@/components/notifications/notification-bell";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { AccountMenu } from "./account-menu";
import { LanguagePanel } from "./language-panel";
import { LanguageRefreshForm } from "./language-refresh-form";
import { MainNav } from "./main-nav";
import { SiteName } from "./site-name";
import { StickyHeader } from "./sticky-header";

type Props = { tenant: TTenantConfig };

/**
 * spec §2 toolbar in the spec §1 'tab' header: the site name (home), then activity and
 * notifications (signed in only), language and account, then the sections as tabs (a Menu
 * button below md). Focus order follows the reading order: first row left to right, then
 * the tabs.
 */
export function SiteHeader({ tenant }: Props) {
  const { activities, peerHelp, peerHelpWording, languageSwitch } = tenant.features;
  return (
    <StickyHeader>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
        <SiteName name={tenant.displayName} />
        {/* Below md one right-aligned group that wraps, so every panel opens leftwards on
            screen; from md on the group dissolves and the nav becomes the row of tabs. */}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-1 md:contents">
          <div className="flex items-center gap-1">
            <ActivityMenu />
            <ConversationsLink />
            <NotificationBell />
            {languageSwitch ? <LanguagePanel Form={LanguageRefreshForm} /> : null}
            <AccountMenu profiles={tenant.features.volunteerProfiles} />
          </div>
          <MainNav features={{ activities, peerHelp, peerHelpWording }} />
        </div>
      </div>
    </StickyHeader>
  );
}
