import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { pluralText } from "@/lib/i18n/island-texts";
import type { TSocialMapTexts } from "./map-texts";

/** The map island's texts in the page's language (messages "socialMap"). */
export async function socialMapTexts(): Promise<TSocialMapTexts> {
  const t = await getTranslations("socialMap");
  const locale = await getLocale();
  return {
    mapLabel: t("mapLabel"),
    mapOnRequest: t("mapOnRequest"),
    showMap: t("showMap"),
    mapUnavailable: t("mapUnavailable"),
    mapLoading: t("mapLoading"),
    listHeading: t("listHeading"),
    inView: pluralText(locale, (count) => t("inView", { count })),
    inViewEmpty: t("inViewEmpty"),
    showOnMap: t("showOnMap", { name: "{name}" }),
    cluster: t("cluster", { count: "{count}" }),
  };
}
