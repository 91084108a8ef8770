import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";
import { filterControlClass } from "@/components/ui/filter-form-classes";

/**
 * The home page's vacancy search: a plain GET form to /vacancies/search (`q` and `near`),
 * so it works without JavaScript; the search page reads the same parameters.
 */
export function VacancySearchForm() {
  const t = useTranslations("home");
  const input = `mt-1 block ${filterControlClass}`;
  return (
    <section
      aria-labelledby="home-search-heading"
      className="rounded-shape-lg border border-neutral-300 bg-white p-6"
    >
      <h2 id="home-search-heading" className="text-2xl font-bold text-neutral-900">
        {t("searchHeading")}
      </h2>
      <search>
        <form
          action="/vacancies/search"
          method="get"
          className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
        >
          <div>
            <label htmlFor="home-search-q" className="font-medium text-neutral-900">
              {t("searchWhat")}
            </label>
            <input
              id="home-search-q"
              name="q"
              type="search"
              placeholder={t("searchWhatHint")}
              className={input}
            />
          </div>
          <div>
            <label htmlFor="home-search-near" className="font-medium text-neutral-900">
              {t("searchNear")}
            </label>
            <input
              id="home-search-near"
              name="near"
              type="text"
              autoComplete="postal-code"
              className={input}
            />
          </div>
          <button type="submit" className={buttonClassName()}>
            {t("searchSubmit")}
          </button>
        </form>
      </search>
    </section>
  );
}
