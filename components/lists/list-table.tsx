"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import type { TPaged } from "@/lib/api/paged";
import {
  listHref,
  parseListState,
  type TListSpec,
  type TListState,
  type TSort,
} from "@/lib/lists/list-state";
import { ListFilters, type TFilterSelect } from "./list-filters";
import { PagedList, type TPagedListTexts } from "./paged-list";
import { SortHeader } from "./sort-header";

/** What a list page reads from its URL, and how it links to another state of itself. */
export type TListPage<S extends string, F extends string> = {
  state: TListState<S, F>;
  searchParams: URLSearchParams;
  /** The href of the same list with some of its state changed (lib/lists/list-state.ts). */
  href: (change: Parameters<typeof listHref>[2]) => string;
};

/** The list's state from the URL (docs/back-office-pages.md, "The URL is the state"). */
export function useListPage<S extends string, F extends string>(
  spec: TListSpec<S, F>,
): TListPage<S, F> {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // useSearchParams is read only; a copy is what listHref and the filter form take.
  const search = new URLSearchParams(searchParams.toString());
  return {
    state: parseListState(search, spec),
    searchParams: search,
    href: (change) => listHref(pathname, search, change),
  };
}

/** One column of the table's header. */
export type TListColumn<S extends string> = {
  key: string;
  label: string;
  /** Sorts the list by this field (a link in the header); the field must be in the spec. */
  sort?: S;
  /** The label is for screen readers only (a column of buttons). */
  hideLabel?: boolean;
  /** The header cell's content instead of the label (a "select all" checkbox). */
  content?: ReactNode;
};

type Props<T, S extends string, F extends string> = {
  list: TListPage<S, F>;
  /** The page's title (PageTitle) and whatever goes with it. */
  title: ReactNode;
  /** The search box's label; no search box without it. */
  searchLabel?: string;
  /** The filter selects; each one's value is read from the list's state. */
  selects?: readonly Omit<TFilterSelect, "value">[];
  query: UseQueryResult<TPaged<T>>;
  texts: TPagedListTexts;
  columns: readonly TListColumn<S>[];
  /** One row (<tr>) per item. */
  row: (item: T) => ReactNode;
  /** Between the filters and the table (a selection's actions). */
  toolbar?: ReactNode;
};

const headClass = "px-3 py-2 font-semibold";

/**
 * The back office's list table (docs/back-office-pages.md): the state in the URL, the search
 * and filter form, the header with its sortable columns, and the table with its states and
 * pages (PagedList). Tags, jobs, the audit log and the vacancies build their lists on it;
 * a page only says what its columns, filters and rows are.
 */
export function ListTable<T, S extends string, F extends string>({
  list,
  title,
  searchLabel,
  selects = [],
  query,
  texts,
  columns,
  row,
  toolbar,
}: Props<T, S, F>) {
  const { state, searchParams, href } = list;
  // A select names its filter by string; the state's keys are the spec's filter names.
  const filters = state.filters as Partial<Record<string, string>>;
  const sortHref = (sort: TSort<S>) => href({ sort });
  return (
    <PagedList
      title={title}
      filters={
        <ListFilters
          search={searchParams}
          searchLabel={searchLabel}
          q={state.q}
          selects={selects.map((select) => ({ ...select, value: filters[select.name] }))}
        />
      }
      toolbar={toolbar}
      query={query}
      state={state}
      pageHref={(page) => href({ page })}
      texts={texts}
      head={
        <tr>
          {columns.map((column) => {
            if (column.sort && !column.content) {
              return (
                <SortHeader
                  key={column.key}
                  field={column.sort}
                  label={column.label}
                  sort={state.sort}
                  hrefFor={sortHref}
                />
              );
            }
            return (
              <th key={column.key} scope="col" className={headClass}>
                {column.content ??
                  (column.hideLabel ? (
                    <span className="sr-only">{column.label}</span>
                  ) : (
                    column.label
                  ))}
              </th>
            );
          })}
        </tr>
      }
      row={row}
    />
  );
}
