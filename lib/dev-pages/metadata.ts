import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { devPageTexts } from "./page-texts";
import type { TDevPageKey } from "./pages";

/** A developer page's <title>: its own name (the route table only knows "Test page"). */
export function devPageMetadata(page: TDevPageKey | "dev") {
  return async (): Promise<Metadata> => {
    const texts = devPageTexts(await getTranslations());
    return { title: texts[page].title, robots: { index: false, follow: false } };
  };
}
