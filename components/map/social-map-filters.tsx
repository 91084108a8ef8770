import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { filterControlClass, filterSubmitClass } from "@/components/ui/filter-form-classes";
import type { TTag } from "@/lib/social-map/api";
import { SOCIAL_MAP_TYPES, type TSocialMapSearch } from "@/lib/social-map/search-params";
import { tagName } from "@/lib/tags/tag-name";

type Props = { search: TSocialMapSearch; themes: { tag: TTag; count: number }[] };

/** The social map's filters: a plain GET form, so it works without JavaScript. */
export function SocialMapFilters({ search, themes }: Props) {
  const t = useTranslations("socialMap");
  const locale = useLocale();
  // An archived theme is offered no more (docs/tags.md), unless an old link filters on it.
  const offered = themes.filter(({ tag }) => !tag.archived || search.tags.includes(tag.slug));
  const labels = {
    Organization: t("types.Organization"),
    School: t("types.School"),
    VolunteerCenter: t("types.VolunteerCenter"),
  };
  return (
    <form method="get" action="/sociale-kaart" className="mb-6" aria-label={t("filters")}>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <label htmlFor="social-map-q" className="mb-1 block font-medium text-neutral-900">
            {t("words")}
          </label>
          <input
            id="social-map-q"
            name="q"
            type="search"
            defaultValue={search.q}
            aria-describedby="social-map-q-hint"
            className={filterControlClass}
          />
          <p id="social-map-q-hint" className="mt-1 text-sm text-neutral-800">
            {t("wordsHint")}
          </p>
        </div>
        <div>
          <label htmlFor="social-map-type" className="mb-1 block font-medium text-neutral-900">
            {t("type")}
          </label>
          <select
            id="social-map-type"
            name="type"
            defaultValue={search.type ?? ""}
            className={filterControlClass}
          >
            <option value="">{t("allTypes")}</option>
            {SOCIAL_MAP_TYPES.map((type) => (
              <option key={type} value={type}>
                {labels[type]}
              </option>
            ))}
          </select>
        </div>
        {offered.length > 0 ? (
          <fieldset className="md:row-span-2">
            <legend className="mb-1 font-medium text-neutral-900">{t("themes")}</legend>
            <ul className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
              {offered.map(({ tag, count }) => (
                <li key={tag.slug}>
                  <label className="flex min-h-11 items-center gap-2 text-neutral-900">
                    <input
                      type="checkbox"
                      name="tags"
                      value={tag.slug}
                      defaultChecked={search.tags.includes(tag.slug)}
                      className="size-5"
                    />
                    {t("tagOption", { name: tagName(tag, locale), count })}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <div className="flex flex-wrap items-end gap-3 md:col-span-2">
          <button type="submit" className={filterSubmitClass}>
            {t("search")}
          </button>
          <Link href="/sociale-kaart" className="inline-flex min-h-11 items-center px-2">
            {t("reset")}
          </Link>
        </div>
      </div>
    </form>
  );
}
