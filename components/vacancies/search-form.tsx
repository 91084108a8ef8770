import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";
import { tagName } from "@/lib/tags/tag-name";
import { DISTANCES, HOURS_BUCKETS, type TSearchState } from "@/lib/vacancies/search-params";
import type { THoursBucket, TSearchMeta } from "@/lib/vacancies/types";

type Props = {
  state: TSearchState;
  facets: TSearchMeta["facets"] | null;
  /** The place the api did not know, shown as the place field's error. */
  unknownPlace: string | null;
};

const control =
  "min-h-11 w-full rounded-shape border-2 border-neutral-600 bg-white px-3 py-2 text-base text-neutral-900";
const checkbox = "size-5 accent-neutral-800";

/**
 * The search's filters as a plain GET form (readable and usable without JavaScript): every
 * filter is in the URL, checkboxes carry the facet counts of the current search.
 */
export function SearchForm({ state, facets, unknownPlace }: Props) {
  const t = useTranslations("vacancySearch");
  const locale = useLocale();
  const hoursCount = new Map(facets?.hours.map((h) => [h.bucket, h.count]));
  const tagFacets = facets?.tags ?? [];
  const organizations = facets?.organizations ?? [];
  const hoursLabel: Record<THoursBucket, string> = {
    "0-4": t("hours0to4"),
    "4-8": t("hours4to8"),
    "8-16": t("hours8to16"),
    "16+": t("hours16plus"),
  };
  const nearError = unknownPlace ? t("unknownPlace", { place: unknownPlace }) : null;
  return (
    <form
      method="get"
      action="/vacancies/search"
      aria-labelledby="vacancy-filters"
      className="flex flex-col gap-5"
    >
      <h2 id="vacancy-filters" className="text-xl font-bold">
        {t("filtersHeading")}
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="vacancy-q" className="font-medium">
          {t("words")}
        </label>
        <p id="vacancy-q-hint" className="text-sm text-neutral-700">
          {t("wordsHint")}
        </p>
        <input
          id="vacancy-q"
          name="q"
          type="search"
          defaultValue={state.q}
          aria-describedby="vacancy-q-hint"
          className={control}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="vacancy-near" className="font-medium">
          {t("near")}
        </label>
        <p id="vacancy-near-hint" className="text-sm text-neutral-700">
          {t("nearHint")}
        </p>
        <input
          id="vacancy-near"
          name="near"
          type="text"
          autoComplete="address-level2"
          defaultValue={state.near}
          aria-invalid={nearError ? true : undefined}
          aria-describedby={
            nearError ? "vacancy-near-hint vacancy-near-error" : "vacancy-near-hint"
          }
          className={`${control} ${nearError ? "border-danger-700" : ""}`}
        />
        {nearError ? (
          <p id="vacancy-near-error" className="text-sm font-medium text-danger-700">
            {nearError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="vacancy-distance" className="font-medium">
          {t("distance")}
        </label>
        <select
          id="vacancy-distance"
          name="distance"
          defaultValue={String(state.distance)}
          className={control}
        >
          {DISTANCES.map((km) => (
            <option key={km} value={km}>
              {t("distanceOption", { km })}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t("hours")}</legend>
        {HOURS_BUCKETS.map((bucket) => (
          <label key={bucket} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="hours"
              value={bucket}
              defaultChecked={state.hours.includes(bucket)}
              className={checkbox}
            />
            {facets
              ? t("withCount", { label: hoursLabel[bucket], count: hoursCount.get(bucket) ?? 0 })
              : hoursLabel[bucket]}
          </label>
        ))}
      </fieldset>
      {tagFacets.length > 0 ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium">{t("tags")}</legend>
          {tagFacets.map((tag) => (
            <label key={tag.slug} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="tags"
                value={tag.slug}
                defaultChecked={state.tags.includes(tag.slug)}
                className={checkbox}
              />
              {t("withCount", { label: tagName(tag, locale), count: tag.count })}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor="vacancy-organization" className="font-medium">
          {t("organization")}
        </label>
        <select
          id="vacancy-organization"
          name="organization"
          defaultValue={state.organization}
          className={control}
        >
          <option value="">{t("anyOrganization")}</option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {t("withCount", { label: organization.name, count: organization.count })}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="vacancy-sort" className="font-medium">
          {t("sort")}
        </label>
        <select id="vacancy-sort" name="sort" defaultValue={state.sort} className={control}>
          <option value="">{t("sortDefault")}</option>
          <option value="relevance">{t("sortRelevance")}</option>
          <option value="distance">{t("sortDistance")}</option>
          <option value="-published_at">{t("sortNewest")}</option>
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClassName()}>
          {t("submit")}
        </button>
        <Link href="/vacancies/search" className="inline-flex min-h-11 items-center px-2">
          {t("reset")}
        </Link>
      </div>
    </form>
  );
}
