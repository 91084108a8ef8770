import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundPath } from "@/components/errors/not-found-path";
import { PublicChrome } from "@/components/layout/public-chrome";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.notFound");
  return { title: t("title") };
}

/**
 * spec §2: an unmatched route gives a 404 error page (texts of spec §8). Next renders this
 * one inside the root layout only, so it brings the default layout's chrome itself: the
 * light one of the public pages, as it is part of every page's bundle (docs/public-pages.md).
 * The route groups have screens of their own without chrome
 * (components/errors/interrupt-screens.tsx); there is no root forbidden or unauthorized
 * screen, as nothing above the groups raises them.
 */
export default function NotFound() {
  return (
    <PublicChrome>
      <ErrorScreen kind="notFound">
        <NotFoundPath />
      </ErrorScreen>
    </PublicChrome>
  );
}
