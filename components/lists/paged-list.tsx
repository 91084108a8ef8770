"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import Link from "next/link";
import { type ReactNode, Suspense } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PerPageSelect } from "@/components/ui/per-page-select";
import { lastPage, type TPaged } from "@/lib/api/paged";
import { classifyError } from "@/lib/errors/error-kind";
import { ListEmpty, ListLoadFailed, ListLoading, TableRegion } from "./list-states";
import { Pagination } from "./pagination";

export type TPagedListTexts = {
  loadFailed: string;
  /** Nothing at all yet. */
  empty: string;
  /** Nothing matches the search or filters. */
  noMatches: string;
  /** A page past the end (an old bookmark, a list that got shorter), and the way back. */
  outOfRange: string;
  firstPage: string;
  /** The scrolling table region's name. */
  tableLabel: string;
  /** The table's caption: how many rows the whole list has. */
  caption: (count: number) => string;
};

type Props<T> = {
  /** The page's title (PageTitle); an error screen replaces it along with the list. */
  title: ReactNode;
  /** The search and filter form (ListFilters). */
  filters: ReactNode;
  query: UseQueryResult<TPaged<T>>;
  state: { page: number; size: number; q: string; filters: Record<string, unknown> };
  /** The href of another page of the same list. */
  pageHref: (page: number) => string;
  texts: TPagedListTexts;
  /** The header row (<tr>) of the table. */
  head: ReactNode;
  /** One row (<tr>) per item. */
  row: (item: T) => ReactNode;
  /** Between the filters and the table (a selection's actions). */
  toolbar?: ReactNode;
};

/**
 * A back-office list page (docs/back-office-pages.md): title, filters and per-page select,
 * the table with its loading, failed and empty states, and the pages. A 401, 403 or 404 of
 * the list call shows spec §8's error screen instead of the page; while the next page loads,
 * the previous one stays with aria-busy.
 */
export function PagedList<T>({
  title,
  filters,
  query,
  state,
  pageHref,
  texts,
  head,
  row,
  toolbar,
}: Props<T>) {
  const data = query.data;
  if (query.error && !data) {
    const { kind, code } = classifyError(query.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
  }

  let content: ReactNode;
  if (query.isPending) content = <ListLoading />;
  else if (!data)
    content = <ListLoadFailed message={texts.loadFailed} onRetry={() => void query.refetch()} />;
  else if (data.rows.length === 0) {
    const filtered = state.q !== "" || Object.keys(state.filters).length > 0;
    let empty: ReactNode = filtered ? texts.noMatches : texts.empty;
    if (data.pagination.records > 0) {
      empty = (
        <>
          {texts.outOfRange} <Link href={pageHref(1)}>{texts.firstPage}</Link>
        </>
      );
    }
    content = <ListEmpty>{empty}</ListEmpty>;
  } else {
    content = (
      <TableRegion label={texts.tableLabel}>
        <table
          className="w-full border-collapse text-left"
          aria-busy={query.isPlaceholderData || undefined}
        >
          <caption className="sr-only">{texts.caption(data.pagination.records)}</caption>
          <thead className="border-b-2 border-neutral-300 bg-neutral-50">{head}</thead>
          <tbody>{data.rows.map(row)}</tbody>
        </table>
      </TableRegion>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {title}
      <div className="flex flex-wrap items-end justify-between gap-4">
        {filters}
        {/* It reads the URL with useSearchParams (docs/shell.md). */}
        <Suspense fallback={null}>
          <PerPageSelect />
        </Suspense>
      </div>
      {toolbar}
      {content}
      {data ? (
        <Pagination
          current={state.page}
          last={lastPage(data.pagination.records, state.size)}
          hrefFor={pageHref}
        />
      ) : null}
    </div>
  );
}
