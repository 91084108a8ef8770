"use client";

import { useQuery } from "@tanstack/react-query";
import Form from "next/form";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { dayLabel, languageNames, partLabel } from "@/components/profile/profile-labels";
import { filterControlClass, filterSubmitClass } from "@/components/ui/filter-form-classes";
import {
  POOL_ACTIVE_WITHIN_CHOICES,
  POOL_DISTANCE_CHOICES,
  POOL_LIMITS,
  POOL_SORTS,
} from "@/lib/contract/pool";
import {
  AVAILABILITY_DAYS,
  AVAILABILITY_PARTS,
  availabilitySlot,
  VOLUNTEER_LANGUAGES,
} from "@/lib/contract/volunteer-profile";
import { tagName } from "@/lib/tags/tag-name";
import { poolTagsQuery } from "@/lib/volunteer-pool/pool-queries";
import type { TPoolSearch } from "@/lib/volunteer-pool/pool-url";
import { sortLabel } from "./pool-labels";

const labelClass = "flex flex-col gap-1 font-semibold";
const boxClass = "size-5 shrink-0";
const fieldsetClass = "flex flex-col gap-2 rounded-shape border border-neutral-300 p-3";

/**
 * The pool's search form: a plain GET form, so every search is an address (and works before
 * the page's script has loaded). Availability, languages and interests match any of those
 * ticked (docs/volunteer-pool.md).
 */
export function PoolFilterForm({ search }: { search: TPoolSearch }) {
  const t = useTranslations();
  const locale = useLocale();
  const languageName = languageNames(t, locale);
  const tags = useQuery(poolTagsQuery());
  return (
    <Form
      action="/vrijwilligerspool"
      className="flex flex-col gap-4"
      aria-label={t("volunteerPool.form.label")}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <label className={labelClass}>
          {t("volunteerPool.form.q")}
          <input
            type="search"
            name="q"
            defaultValue={search.q}
            maxLength={POOL_LIMITS.query}
            className={filterControlClass}
          />
        </label>
        <label className={labelClass}>
          {t("volunteerPool.form.near")}
          <input
            type="text"
            name="near"
            defaultValue={search.near}
            autoComplete="postal-code"
            className={filterControlClass}
          />
        </label>
        <label className={labelClass}>
          {t("volunteerPool.form.distance")}
          <select
            name="distance"
            defaultValue={String(search.distance)}
            className={filterControlClass}
          >
            {POOL_DISTANCE_CHOICES.map((km) => (
              <option key={km} value={km}>
                {t("volunteerPool.distance", { km })}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t("volunteerPool.form.activeWithin")}
          <select
            name="active_within"
            defaultValue={search.activeWithin === null ? "" : String(search.activeWithin)}
            className={filterControlClass}
          >
            <option value="">{t("volunteerPool.form.anyTime")}</option>
            {POOL_ACTIVE_WITHIN_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t("volunteerPool.form.withinDays", { days })}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t("volunteerPool.form.sort")}
          <select name="sort" defaultValue={search.sort} className={filterControlClass}>
            {POOL_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortLabel(t, sort)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <details
        className="rounded-shape border border-neutral-300 p-3"
        open={search.availability.length > 0}
      >
        <summary className="cursor-pointer py-1 font-semibold">
          {t("volunteerPool.form.availability")}
        </summary>
        <fieldset className="mt-2 flex flex-col gap-2">
          <legend className="sr-only">{t("volunteerPool.form.availability")}</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
            {AVAILABILITY_DAYS.map((day) => (
              <fieldset key={day} className={fieldsetClass}>
                <legend className="px-1 font-semibold">{dayLabel(t, day)}</legend>
                {AVAILABILITY_PARTS.map((part) => {
                  const slot = availabilitySlot(day, part);
                  return (
                    <label key={slot} className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name="availability"
                        value={slot}
                        defaultChecked={search.availability.includes(slot)}
                        className={boxClass}
                      />
                      {partLabel(t, part)}
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
        </fieldset>
      </details>
      <details
        className="rounded-shape border border-neutral-300 p-3"
        open={search.languages.length > 0}
      >
        <summary className="cursor-pointer py-1 font-semibold">
          {t("volunteerPool.form.languages")}
        </summary>
        <fieldset className="mt-2">
          <legend className="sr-only">{t("volunteerPool.form.languages")}</legend>
          <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
            {VOLUNTEER_LANGUAGES.map((code) => (
              <label key={code} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  name="languages"
                  value={code}
                  defaultChecked={search.languages.includes(code)}
                  className={boxClass}
                />
                {languageName(code)}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      {tags.data && tags.data.length > 0 ? (
        <details
          className="rounded-shape border border-neutral-300 p-3"
          open={search.tags.length > 0}
        >
          <summary className="cursor-pointer py-1 font-semibold">
            {t("volunteerPool.form.interests")}
          </summary>
          <fieldset className="mt-2">
            <legend className="sr-only">{t("volunteerPool.form.interests")}</legend>
            <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
              {tags.data.map((tag) => (
                <label key={tag.id} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="tags"
                    value={tag.id}
                    defaultChecked={search.tags.includes(String(tag.id))}
                    className={boxClass}
                  />
                  {tagName(tag, locale)}
                </label>
              ))}
            </div>
          </fieldset>
        </details>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className={filterSubmitClass}>
          {t("volunteerPool.form.submit")}
        </button>
        <Link href="/vrijwilligerspool" className="inline-block py-2">
          {t("volunteerPool.form.clear")}
        </Link>
      </div>
    </Form>
  );
}
