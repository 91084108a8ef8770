import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Pagination } from "@/components/lists/pagination";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { PageTitle } from "@/components/ui/page-title";
import { SearchForm } from "@/components/vacancies/search-form";
import { VacancyCard } from "@/components/vacancies/vacancy-card";
import { isApiError } from "@/lib/api/errors";
import { publicGet } from "@/lib/public/public-api";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import {
  apiQuery,
  isFiltered,
  parseSearchState,
  searchHref,
  type TSearchState,
} from "@/lib/vacancies/search-params";
import type { TSearchMeta, TVacancy } from "@/lib/vacancies/types";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /vacancies/search (spec §2, public; docs/vacancies-search.md): the vacancy search,
 * rendered on the server from the URL. Filters are a GET form, paging is links, so it works
 * without JavaScript. A place the geocoder does not know is shown on the place field and
 * the results are those of the same search without distance.
 */
async function search(state: TSearchState) {
  try {
    const res = await publicGet<TVacancy[]>("/api/v1/vacancies", apiQuery(state));
    return { res, unknownPlace: null };
  } catch (error) {
    if (!(isApiError(error) && error.statusCode === 422 && state.near)) throw error;
    const res = await publicGet<TVacancy[]>(
      "/api/v1/vacancies",
      apiQuery(state, { withNear: false }),
    );
    return { res, unknownPlace: state.near };
  }
}

export async function generateMetadata({ searchParams }: Props) {
  const state = parseSearchState(await searchParams);
  const t = await getTranslations("vacancySearch");
  return publicMetadata({
    title: t("title"),
    description: t("description"),
    path: state.page > 1 && !isFiltered(state) ? searchHref(state) : "/vacancies/search",
    noIndex: isFiltered(state),
  });
}

export default async function VacancySearchPage({ searchParams }: Props) {
  const state = parseSearchState(await searchParams);
  const t = await getTranslations("vacancySearch");
  const origin = await getSiteOrigin();
  const { res, unknownPlace } = await search(state);
  const meta = res.meta as unknown as TSearchMeta;
  const vacancies = res.data;
  const near = meta.near;
  return (
    <div>
      <Breadcrumb
        origin={origin}
        items={[{ label: t("home"), href: "/" }, { label: t("title") }]}
      />
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
        <aside>
          <SearchForm state={state} facets={meta.facets} unknownPlace={unknownPlace} />
        </aside>
        <section aria-labelledby="vacancy-results" className="flex flex-col gap-4">
          <h2 id="vacancy-results" className="sr-only">
            {t("resultsHeading")}
          </h2>
          <p role="status" className="text-lg font-semibold">
            {t("resultCount", { count: meta.recordCount })}
            {near ? ` ${t("nearSummary", { km: near.distanceKm, place: near.name })}` : null}
          </p>
          {vacancies.length === 0 ? (
            <div className="rounded-shape border-2 border-neutral-300 bg-white p-6">
              <h3 className="text-xl font-bold">{t("emptyTitle")}</h3>
              <p className="mt-2">{t("emptySuggestion")}</p>
              <p className="mt-3">
                <Link href="/vacancies/search" className="inline-flex min-h-11 items-center">
                  {t("emptyReset")}
                </Link>
              </p>
            </div>
          ) : (
            <ul className="flex flex-col gap-4">
              {vacancies.map((vacancy) => (
                <li key={vacancy.id}>
                  <VacancyCard vacancy={vacancy} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            current={state.page}
            last={meta.pageCount}
            hrefFor={(page) => searchHref(state, { page })}
          />
        </section>
      </div>
    </div>
  );
}
