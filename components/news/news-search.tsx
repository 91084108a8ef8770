import Link from "next/link";
import { useTranslations } from "next-intl";
import { filterControlClass, filterSubmitClass } from "@/components/ui/filter-form-classes";

/** The news search: a plain GET form, so it works without JavaScript (docs/content-pages.md). */
export function NewsSearch({ q }: { q: string }) {
  const t = useTranslations("news");
  return (
    <form method="get" action="/nieuws" className="mb-6" aria-label={t("searchLabel")}>
      <label htmlFor="news-q" className="mb-1 block font-medium text-neutral-900">
        {t("searchLabel")}
      </label>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <input
            id="news-q"
            name="q"
            type="search"
            maxLength={NEWS_QUERY_MAX}
            defaultValue={q}
            aria-describedby="news-q-hint"
            className={filterControlClass}
          />
          <p id="news-q-hint" className="mt-1 text-sm text-neutral-800">
            {t("searchHint")}
          </p>
        </div>
        <button type="submit" className={filterSubmitClass}>
          {t("searchSubmit")}
        </button>
        {q ? (
          <Link href="/nieuws" className="inline-flex min-h-11 items-center px-2">
            {t("showAll")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

/** Longer words than this are cut: a title is never that long. */
export const NEWS_QUERY_MAX = 100;

/** The `q` of the news URL: trimmed, cut to NEWS_QUERY_MAX, "" when absent. */
export function newsQuery(raw: string | string[] | undefined): string {
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return (value ?? "").trim().slice(0, NEWS_QUERY_MAX);
}
