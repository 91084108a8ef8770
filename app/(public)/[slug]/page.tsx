import { notFound, permanentRedirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { RichText } from "@/components/content/rich-text";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { PageTitle } from "@/components/ui/page-title";
import { loadContentPage } from "@/lib/content/content-api";
import { matchRoute } from "@/lib/routes";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";

/**
 * spec §2 '/:slug?' with a slug: a content page (docs/content-pages.md), in the visitor's
 * language or else Dutch; 404 when the tenant has no such published page. Next resolves
 * static segments (/partners, /nieuws…) before this one; a slug that another row of
 * lib/routes.ts owns (a route whose page is not built, such as /tags) is a 404 here rather
 * than a content page posing as that route. 'home' is the home page: it lives at '/'.
 */

type Props = { params: Promise<{ slug: string }> };

async function pageFor(slug: string) {
  if (matchRoute(`/${slug}`)?.route.name !== "content") notFound();
  if (slug === "home") permanentRedirect("/");
  const page = await loadContentPage(slug);
  if (!page) notFound();
  // An old slug of a renamed page: its address now, for good (docs/content-writes.md).
  if (page.redirectTo) permanentRedirect(`/${encodeURIComponent(page.redirectTo)}`);
  return page;
}

export const generateMetadata = withInterruptMetadata(async ({ params }: Props) => {
  const { slug } = await params;
  const page = await pageFor(slug);
  return publicMetadata({
    title: page.title,
    description: page.summary,
    path: `/${page.slug}`,
    image: page.imageUrl,
  });
});

export default withInterruptScreens(async function ContentPage({ params }: Props) {
  const { slug } = await params;
  const t = await getTranslations("contentPages");
  const [page, origin, format] = await Promise.all([
    pageFor(slug),
    getSiteOrigin(),
    getFormatter(),
  ]);
  return (
    <article lang={page.locale} className="max-w-3xl">
      <Breadcrumb
        origin={origin}
        items={[{ label: t("home"), href: "/" }, { label: page.title }]}
      />
      <PageTitle description={page.summary}>{page.title}</PageTitle>
      <RichText html={page.body} />
      <p className="mt-8 text-sm text-neutral-700">
        {t("updated", {
          date: format.dateTime(new Date(page.updatedAt), { dateStyle: "long" }),
        })}
      </p>
    </article>
  );
});
