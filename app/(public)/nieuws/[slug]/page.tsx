import { notFound, permanentRedirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import type { NewsArticle, WithContext } from "schema-dts";
import { RichText } from "@/components/content/rich-text";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { JsonLd } from "@/components/seo/json-ld";
import { PageTitle } from "@/components/ui/page-title";
import { loadNewsArticle, type TNewsArticle } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { richTextToPlain } from "@/lib/rich-text/sanitize";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { absoluteUrl, getSiteOrigin } from "@/lib/seo/site-origin";

/**
 * spec §2 '/nieuws/:slug': one published article of the site's centres, with its
 * schema.org NewsArticle. A draft, another centre's outside the scope or another tenant's
 * slug is the api's 404, and so this page's (docs/content-pages.md). An old slug of a
 * renamed article redirects permanently to its slug now (docs/content-writes.md).
 */

type Props = { params: Promise<{ slug: string }> };

async function articleFor(slug: string): Promise<TNewsArticle> {
  const article = await loadNewsArticle(slug);
  if (!article) notFound();
  // An old slug of a renamed article: its address now, for good (a 308).
  if (article.redirectTo) permanentRedirect(`/nieuws/${encodeURIComponent(article.redirectTo)}`);
  return article;
}

const descriptionOf = (article: TNewsArticle) =>
  article.summary || richTextToPlain(article.body, 160) || null;

export const generateMetadata = withInterruptMetadata(async ({ params }: Props) => {
  const article = await articleFor((await params).slug);
  return publicMetadata({
    title: article.title,
    description: descriptionOf(article),
    path: `/nieuws/${encodeURIComponent(article.slug)}`,
    image: article.imageUrl,
    type: "article",
    publishedTime: article.publishedAt,
    modifiedTime: article.updatedAt,
  });
});

export default withInterruptScreens(async function NewsArticlePage({ params }: Props) {
  const article = await articleFor((await params).slug);
  const t = await getTranslations("news");
  const tc = await getTranslations("contentPages");
  const [origin, tenant, format] = await Promise.all([
    getSiteOrigin(),
    getCurrentTenant(),
    getFormatter(),
  ]);
  const path = `/nieuws/${encodeURIComponent(article.slug)}`;
  const publisher = {
    "@type": "Organization" as const,
    name: article.volunteerCenter?.name ?? tenant.displayName,
    url: absoluteUrl(origin, "/"),
  };
  const data: WithContext<NewsArticle> = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: article.title,
    description: descriptionOf(article) ?? undefined,
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    inLanguage: article.locale,
    mainEntityOfPage: absoluteUrl(origin, path),
    ...(article.imageUrl ? { image: [absoluteUrl(origin, article.imageUrl)] } : {}),
    author: publisher,
    publisher,
  };
  return (
    <article lang={article.locale} className="max-w-3xl">
      <Breadcrumb
        origin={origin}
        items={[
          { label: tc("home"), href: "/" },
          { label: t("title"), href: "/nieuws" },
          { label: article.title },
        ]}
      />
      <PageTitle description={article.summary}>{article.title}</PageTitle>
      <p className="-mt-4 mb-6 text-sm text-neutral-700">
        <time dateTime={article.publishedAt}>
          {t("published", {
            date: format.dateTime(new Date(article.publishedAt), { dateStyle: "long" }),
          })}
        </time>
        {article.volunteerCenter?.name ? (
          <> · {t("publisher", { centre: article.volunteerCenter.name })}</>
        ) : null}
      </p>
      {article.imageUrl ? (
        // biome-ignore lint/performance/noImgElement: small local or api images; next/image would ship JS for no gain here
        <img
          src={article.imageUrl}
          alt=""
          width={640}
          height={360}
          className="mb-6 h-auto w-full rounded-shape-lg"
        />
      ) : null}
      <RichText html={article.body} />
      <JsonLd data={data} />
    </article>
  );
});
