import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RichText } from "@/components/content/rich-text";
import { VacancySearchForm } from "@/components/content/vacancy-search-form";
import { NewsCard } from "@/components/news/news-card";
import { PageTitle } from "@/components/ui/page-title";
import { loadContentPage, loadNews } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";

/**
 * spec §2 '/:slug?' without a slug: the home page (docs/content-pages.md). The tenant's
 * 'home' content page, a vacancy search (a GET form to /vacancies/search), the latest three
 * news articles and links to the activities (where the tenant has them) and the social
 * map. Server-rendered, no client component of its own.
 */

export async function generateMetadata() {
  const t = await getTranslations("home");
  const [tenant, page] = await Promise.all([getCurrentTenant(), loadContentPage("home")]);
  return publicMetadata({
    title: page?.title ?? t("fallbackTitle", { site: tenant.displayName }),
    description: page?.summary,
    path: "/",
    image: page?.imageUrl,
  });
}

export default async function HomePage() {
  const t = await getTranslations("home");
  const [tenant, page, news] = await Promise.all([
    getCurrentTenant(),
    loadContentPage("home"),
    loadNews(1, 3),
  ]);
  const explore = [
    ...(tenant.features.activities ? [{ href: "/activiteiten", label: t("activities") }] : []),
    { href: "/sociale-kaart", label: t("socialMap") },
  ];
  return (
    <div className="flex flex-col gap-10">
      <div lang={page?.locale}>
        <PageTitle description={page?.summary}>
          {page?.title ?? t("fallbackTitle", { site: tenant.displayName })}
        </PageTitle>
        <RichText html={page?.body} />
      </div>
      <VacancySearchForm />
      {news.articles.length > 0 ? (
        <section aria-labelledby="home-news-heading">
          <h2 id="home-news-heading" className="text-2xl font-bold text-neutral-900">
            {t("latestNews")}
          </h2>
          <ul className="mt-4 flex flex-col gap-4">
            {news.articles.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} headingLevel="h3" />
              </li>
            ))}
          </ul>
          <p className="mt-4">
            <Link href="/nieuws" className="inline-block py-2 font-semibold">
              {t("allNews")}
            </Link>
          </p>
        </section>
      ) : null}
      <nav aria-labelledby="home-explore-heading">
        <h2 id="home-explore-heading" className="text-2xl font-bold text-neutral-900">
          {t("explore")}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {explore.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="flex min-h-11 items-center rounded-shape-lg border border-neutral-300 bg-white p-4 font-semibold"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
