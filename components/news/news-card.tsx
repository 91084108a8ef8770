import Link from "next/link";
import type { TNewsArticle } from "@/lib/content/content-api";
import { NewsDate } from "./news-date";

type Props = { article: TNewsArticle; headingLevel?: "h2" | "h3" };

/**
 * One article in a list: image, date, title as the link and summary. The image is
 * decorative (alt ""): the title beside it says what the article is about.
 */
export function NewsCard({ article, headingLevel = "h2" }: Props) {
  const Heading = headingLevel;
  return (
    <article
      lang={article.locale}
      className="flex flex-col gap-4 rounded-shape-lg border border-neutral-300 bg-white p-4 sm:flex-row"
    >
      {article.imageUrl ? (
        // biome-ignore lint/performance/noImgElement: small local or api images; next/image would ship JS for no gain here
        <img
          src={article.imageUrl}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          className="h-auto w-full shrink-0 rounded-shape object-cover sm:w-40"
        />
      ) : null}
      <div className="min-w-0">
        <NewsDate iso={article.publishedAt} className="text-sm text-neutral-700" />
        <Heading className="mt-1 text-xl font-semibold text-neutral-900">
          <Link href={`/nieuws/${encodeURIComponent(article.slug)}`}>{article.title}</Link>
        </Heading>
        {article.summary ? <p className="mt-2 text-neutral-800">{article.summary}</p> : null}
      </div>
    </article>
  );
}
