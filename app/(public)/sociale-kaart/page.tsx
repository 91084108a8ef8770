import { getTranslations } from "next-intl/server";
import { SocialMapFilters } from "@/components/map/social-map-filters";
import { SocialMapList } from "@/components/map/social-map-list";
import { SocialMapPanel } from "@/components/map/social-map-panel";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { buttonClassName } from "@/components/ui/button-class";
import { PageTitle } from "@/components/ui/page-title";
import { env } from "@/lib/env";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import { socialMapMarkers, socialMapPage, socialMapThemes } from "@/lib/social-map/api";
import { socialMapTexts } from "@/lib/social-map/map-texts-server";
import { hasFilters, parseSocialMapSearch, socialMapHref } from "@/lib/social-map/search-params";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  const t = await getTranslations("socialMap");
  const [tenant, search] = await Promise.all([
    getCurrentTenant(),
    searchParams.then(parseSocialMapSearch),
  ]);
  return publicMetadata({
    title: t("title"),
    description: t("description", { site: tenant.displayName }),
    // Filtered views are not indexed; pages of the plain list are (their own canonical).
    path: socialMapHref({ ...search, q: "", tags: [], type: null }),
    noIndex: hasFilters(search),
  });
}

/**
 * spec §2 /sociale-kaart (docs/social-map.md): every organisation of the site on a map with
 * a list beside it. The list, the filters and the counts render here on the server; the
 * map is the client panel's, loaded only in the browser.
 */
export default async function SocialMapPage({ searchParams }: Props) {
  const search = parseSocialMapSearch(await searchParams);
  const t = await getTranslations("socialMap");
  const [origin, page, markers, themes] = await Promise.all([
    getSiteOrigin(),
    socialMapPage(search),
    socialMapMarkers(search),
    socialMapThemes(),
  ]);
  return (
    // data-breakout: the route's breakoutContainer (components/layout/public-main.tsx).
    <div className="w-full" data-breakout>
      <Breadcrumb
        origin={origin}
        items={[{ label: t("home"), href: "/" }, { label: t("title") }]}
      />
      <PageTitle description={t("intro")}>{t("title")}</PageTitle>
      <SocialMapFilters search={search} themes={themes} />
      <p className="mb-4 font-semibold text-neutral-900" data-testid="result-count">
        {t("results", { count: page.records })}
      </p>
      {page.records === 0 ? (
        <p className="rounded-shape border border-neutral-300 bg-white p-6 text-neutral-900">
          {t("empty")}
        </p>
      ) : (
        <SocialMapPanel
          organizations={markers}
          styleUrl={env.MAP_STYLE_URL}
          texts={await socialMapTexts()}
          showMapClassName={buttonClassName({ size: "sm" })}
        >
          <SocialMapList organizations={page.organizations} search={search} last={page.last} />
        </SocialMapPanel>
      )}
    </div>
  );
}
