import { getTranslations } from "next-intl/server";
import { Pagination } from "@/components/lists/pagination";
import { NewsCard } from "@/components/news/news-card";
import { PageTitle } from "@/components/ui/page-title";
import { loadNews, pageParam } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";

/**
 * spec §2 '/nieuws': the published news of the site's centres, newest first, ten a page;
 * paging by links (`?page=2`), so it reads without JavaScript (docs/content-pages.md).
 */

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pathOf = (page: number) => (page > 1 ? `/nieuws?page=${page}` : "/nieuws");

export async function generateMetadata({ searchParams }: Props) {
  const page = pageParam((await searchParams).page);
  const t = await getTranslations("news");
  const tenant = await getCurrentTenant();
  return publicMetadata({
    title: page > 1 ? t("pageTitle", { page }) : t("title"),
    description: t("intro", { site: tenant.displayName }),
    path: pathOf(page),
  });
}

export default async function NewsPage({ searchParams }: Props) {
  const page = pageParam((await searchParams).page);
  const t = await getTranslations("news");
  const [tenant, news] = await Promise.all([getCurrentTenant(), loadNews(page)]);
  return (
    <div className="max-w-4xl">
      <PageTitle description={t("intro", { site: tenant.displayName })}>{t("title")}</PageTitle>
      {news.articles.length === 0 ? (
        <p className="rounded-shape-lg border border-neutral-300 bg-white p-6 text-neutral-800">
          {t("empty")}
        </p>
      ) : (
        <ul aria-label={t("listLabel")} className="flex flex-col gap-4">
          {news.articles.map((article) => (
            <li key={article.id}>
              <NewsCard article={article} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        <Pagination current={news.paging.current} last={news.paging.last} hrefFor={pathOf} />
      </div>
    </div>
  );
}
