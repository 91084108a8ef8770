import { getTranslations } from "next-intl/server";
import { Pagination } from "@/components/lists/pagination";
import { NewsCard } from "@/components/news/news-card";
import { NewsSearch, newsQuery } from "@/components/news/news-search";
import { PageTitle } from "@/components/ui/page-title";
import { loadNews, NEWS_PAGE_SIZE, pageParam } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";

/**
 * spec §2 '/nieuws': the published news of the site's centres, newest first, ten a page;
 * a search on words (`?q=`) and paging by links (`?page=2`), so it reads without
 * JavaScript (docs/content-pages.md).
 */

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

function pathOf(page: number, q: string): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/nieuws?${search}` : "/nieuws";
}

export async function generateMetadata({ searchParams }: Props) {
  const params = await searchParams;
  const page = pageParam(params.page);
  const q = newsQuery(params.q);
  const t = await getTranslations("news");
  const tenant = await getCurrentTenant();
  return publicMetadata({
    title: q ? t("searchTitle", { q }) : page > 1 ? t("pageTitle", { page }) : t("title"),
    description: t("intro", { site: tenant.displayName }),
    path: pathOf(page, q),
    // A search's answers are not a page of their own for search engines (as the vacancy
    // search with words, docs/seo.md).
    noIndex: q !== "",
  });
}

export default async function NewsPage({ searchParams }: Props) {
  const params = await searchParams;
  const page = pageParam(params.page);
  const q = newsQuery(params.q);
  const t = await getTranslations("news");
  const [tenant, news] = await Promise.all([
    getCurrentTenant(),
    loadNews(page, NEWS_PAGE_SIZE, q || undefined),
  ]);
  return (
    <div className="max-w-4xl">
      <PageTitle description={t("intro", { site: tenant.displayName })}>{t("title")}</PageTitle>
      <NewsSearch q={q} />
      {q ? (
        <p role="status" className="mb-4 font-medium text-neutral-900">
          {t("results", { count: news.paging.records, q })}
        </p>
      ) : null}
      {news.articles.length === 0 ? (
        <p className="rounded-shape-lg border border-neutral-300 bg-white p-6 text-neutral-800">
          {q ? t("noResults", { q }) : t("empty")}
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
        <Pagination
          current={news.paging.current}
          last={news.paging.last}
          hrefFor={(n) => pathOf(n, q)}
        />
      </div>
    </div>
  );
}
