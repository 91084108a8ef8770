import { useTranslations } from "next-intl";
import type { TTenantFeatures } from "@/lib/tenants/tenants";
import { mainNavItems, type TMainNavId } from "./main-nav-items";
import { MainNavMenu } from "./main-nav-menu";

type Props = {
  features: Pick<TTenantFeatures, "activities" | "peerHelp" | "peerHelpWording">;
};

/**
 * The main navigation of spec §2's toolbar: the public sections the tenant has (spec §1).
 * The labels are looked up here (on the server in the header), the menu is a small client
 * island (main-nav-menu.tsx).
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
  return <MainNavMenu items={items} labels={{ nav: t("label"), menu: t("menu") }} />;
}
