"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { nextSort, type TSort } from "@/lib/lists/list-state";

type Props<S extends string> = {
  field: S;
  label: string;
  sort: TSort<S>;
  /** The href of the same list sorted by `sort`. */
  hrefFor: (sort: TSort<S>) => string;
  className?: string;
};

/**
 * A column header that sorts the list through the URL: a link to the list sorted by this
 * column (ascending, or flipped when it already is), `aria-sort` on the sorted column.
 */
export function SortHeader<S extends string>({ field, label, sort, hrefFor, className }: Props<S>) {
  const t = useTranslations("lists");
  const active = sort.field === field;
  const next = nextSort(sort, field);
  let arrow = "↕";
  if (active) arrow = sort.direction === "asc" ? "▲" : "▼";
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
      className={`px-3 py-2 text-left font-semibold ${className ?? ""}`.trim()}
    >
      <Link
        href={hrefFor(next)}
        className="inline-flex min-h-11 items-center gap-1 text-neutral-900 no-underline hover:underline"
      >
        {label}
        <span aria-hidden="true" className="text-sm text-neutral-700">
          {arrow}
        </span>
        <span className="sr-only">
          {next.direction === "asc" ? t("sortAscending") : t("sortDescending")}
        </span>
      </Link>
    </th>
  );
}
