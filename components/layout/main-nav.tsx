import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import type { TTenantFeatures } from "@/lib/tenants/tenants";
import { PopoverToggle, popoverAnchorStyle } from "./header-popover";
import { mainNavItems, type TMainNavId } from "./main-nav-items";
import { MainNavLinks } from "./main-nav-links";
import { popoverPanelClass } from "./toolbar-styles";

const LIST_ID = "main-nav-list";

// Below md (spec §9: 768 px) the list is a popover under the Menu button; from md on it is a
// row of tabs under the site name (spec §1: header variant 'tab') and the button is gone.
const listOpen = "open:flex open:flex-col";
const listWide =
  "md:static md:m-0 md:flex md:w-auto md:max-w-none md:min-w-0 md:flex-row md:flex-wrap md:gap-1 md:rounded-none md:border-0 md:bg-transparent md:p-0 md:shadow-none";

type Props = {
  features: Pick<TTenantFeatures, "activities" | "peerHelp" | "peerHelpWording">;
};

/**
 * The main navigation of spec §2's toolbar: the public sections the tenant has (spec §1).
 * The labels are looked up here, on the server; the Menu button and its popover need no
 * JavaScript (header-popover.tsx); the links are a small client island (main-nav-links.tsx).
 */
export function MainNav({ features }: Props) {
  const t = useTranslations("layout.nav");
  // One literal key per case, so the message check sees every text (docs/decisions.md, i18n).
  const label = (id: TMainNavId): string => {
    switch (id) {
      case "vacancies":
        return t("vacancies");
      case "socialMap":
        return t("socialMap");
      case "activities":
        return t("activities");
      case "peerHelp":
        return features.peerHelpWording === "neighbour" ? t("neighbourHelp") : t("oneOnOneHelp");
      case "news":
        return t("news");
    }
  };
  const items = mainNavItems(features).map((item) => ({ ...item, label: label(item.id) }));
  return (
    <nav aria-label={t("label")} className="md:basis-full">
      <PopoverToggle target={LIST_ID} className="md:hidden">
        <Icon name="menu" />
        {t("menu")}
      </PopoverToggle>
      <ul
        id={LIST_ID}
        popover="auto"
        style={popoverAnchorStyle(LIST_ID)}
        className={`${popoverPanelClass} ${listOpen} ${listWide}`}
      >
        <MainNavLinks items={items} />
      </ul>
    </nav>
  );
}
