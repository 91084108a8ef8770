"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { listHref, SEARCH_MAX, SEARCH_PARAM, SORT_PARAM } from "@/lib/lists/list-state";
import { PAGE_SIZE_PARAM } from "@/lib/pagination/page-size";

export type TFilterSelect = {
  name: string;
  label: string;
  /** The option for "no filter". */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
};

type Props = {
  /** The search box's label; no search box without it. */
  searchLabel?: string;
  q: string;
  selects?: readonly TFilterSelect[];
  /** The URL's current query, so sort and page size survive a new search. */
  search: URLSearchParams;
};

const controlClass =
  "min-h-11 rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900";

/**
 * A list's search box and filters as a GET form: it works without JavaScript (the browser
 * submits the query), and with it the same query is pushed without a full reload. Filters
 * apply on submit, never on change (WCAG 3.2.2: choosing an option does not move the page).
 */
export function ListFilters({ searchLabel, q, selects = [], search }: Props) {
  const t = useTranslations("lists");
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const active = q !== "" || selects.some((s) => s.value !== undefined);
  const kept = [SORT_PARAM, PAGE_SIZE_PARAM].flatMap((name) => {
    const value = search.get(name);
    return value === null ? [] : [[name, value] as const];
  });

  return (
    <search>
      <form
        method="get"
        action={pathname}
        className="flex flex-wrap items-end gap-3"
        // The key resets the fields when the URL changes underneath (back button, reset link).
        key={search.toString()}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const change: Record<string, string | null> = {};
          if (searchLabel)
            change[SEARCH_PARAM] = String(data.get(SEARCH_PARAM) ?? "").trim() || null;
          for (const select of selects)
            change[select.name] = String(data.get(select.name) ?? "") || null;
          router.push(listHref(pathname, search, change));
        }}
      >
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {searchLabel ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-q`} className="font-medium text-neutral-900">
              {searchLabel}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              name={SEARCH_PARAM}
              defaultValue={q}
              maxLength={SEARCH_MAX}
              className={`${controlClass} w-64 max-w-full`}
            />
          </div>
        ) : null}
        {selects.map((select) => (
          <div key={select.name} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${select.name}`} className="font-medium text-neutral-900">
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              name={select.name}
              defaultValue={select.value ?? ""}
              className={controlClass}
            >
              <option value="">{select.anyLabel}</option>
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <Button type="submit" size="sm" className="min-h-11">
          {t("apply")}
        </Button>
        {active ? (
          <Link
            href={listHref(
              pathname,
              search,
              Object.fromEntries([[SEARCH_PARAM, null], ...selects.map((s) => [s.name, null])]),
            )}
            className="inline-flex min-h-11 items-center"
          >
            {t("reset")}
          </Link>
        ) : null}
      </form>
    </search>
  );
}
