import { useTranslations } from "next-intl";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { LanguagePanel } from "./language-panel";
import { MainNav } from "./main-nav";
import { SignInLink } from "./sign-in-link";
import type { TSignedInToolbarProps } from "./signed-in-toolbar";
import { SignedInToolbarIsland } from "./signed-in-toolbar-island";
import { SiteName } from "./site-name";
import { StickyHeader } from "./sticky-header";

type Props = {
  tenant: TTenantConfig;
  /** For a signed-in visitor: what the lazily loaded app menus need; null when signed out. */
  signedIn: TSignedInToolbarProps | null;
};

/**
 * The header of the public reading pages and the root error screens (public-chrome.tsx):
 * the same 'tab' header as site-header.tsx, with only what needs none of the app's
 * browser-side state: the sections, the language and sign in, or for a signed-in visitor a
 * link to their dashboard. It must not import the toolbar's app menus (activity,
 * notifications, account): a client component imported here ships with every public page.
 */
export function PublicHeader({ tenant, signedIn }: Props) {
  const t = useTranslations("layout");
  const { activities, peerHelp, peerHelpWording, languageSwitch } = tenant.features;
  return (
    <StickyHeader>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
        <SiteName name={tenant.displayName} />
        <div className="ml-auto flex flex-wrap items-center justify-end gap-1 md:contents">
          <div className="flex items-center gap-1">
            {languageSwitch ? <LanguagePanel /> : null}
            {signedIn ? (
              <SignedInToolbarIsland
                {...signedIn}
                dashboardLabel={t("dashboard")}
                accountLabel={t("accountNav")}
              />
            ) : (
              // The same landmark as the account menu (account-menu.tsx) has.
              <nav aria-label={t("accountNav")}>
                <SignInLink />
              </nav>
            )}
          </div>
          <MainNav features={{ activities, peerHelp, peerHelpWording }} />
        </div>
      </div>
    </StickyHeader>
  );
}
