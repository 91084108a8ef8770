"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { filterControlClass, filterSubmitClass } from "@/components/ui/filter-form-classes";
import { QueryGate } from "@/components/ui/query-gate";
import { lastPage } from "@/lib/api/paged";
import {
  HELP_POST_CATEGORIES,
  HELP_POST_KINDS,
  HELP_POST_LIMITS,
  type THelpPostCategory,
  type THelpPostKind,
} from "@/lib/contract/help-posts";
import {
  BOARD_PAGE_SIZE,
  boardQuery,
  helpPostsQuery,
  mapQuery,
} from "@/lib/peer-help/help-post-api";
import { cellsOf } from "@/lib/peer-help/help-post-cells";
import type { THelpPostFilters } from "@/lib/peer-help/help-post-types";
import { HelpPostCard } from "./help-post-card";
import { HelpPostForm } from "./help-post-form";
import { HelpPostMap } from "./help-post-map";
import { categoryLabel, kindLabel } from "./labels";
import type { TPeerHelpWording } from "./peer-help-island";

const EMPTY: THelpPostFilters = {
  kind: "",
  category: "",
  near: "",
  radiusKm: 5,
  mine: false,
  moderation: false,
};
const RADII = [1, 2, 5, 10, 25, 50].filter((km) => km <= HELP_POST_LIMITS.radiusKm);

/**
 * The requests and offers (docs/peer-help.md): filters by kind, category and distance from a
 * place, the list, one's own posts, and a form to post. Places are shown as the town and an
 * approximate distance only: the api never tells more than a ~500 m cell. Signed out (only
 * where the site shows posts to everyone) it is the list and its filters alone.
 */
export function PeerHelpBoard({
  wording,
  signedIn,
  mapStyleUrl,
}: {
  wording: TPeerHelpWording;
  signedIn: boolean;
  mapStyleUrl: string;
}) {
  const t = useTranslations("peerHelp.board");
  const [filters, setFilters] = useState<THelpPostFilters>(EMPTY);
  const [page, setPage] = useState(1);
  const [posting, setPosting] = useState(false);
  const [mapOpen, setMapOpen] = useState(false);
  const [cellKey, setCellKey] = useState<string | null>(null);
  const query = useQuery(helpPostsQuery(boardQuery(filters, page)));
  const onMap = useQuery({ ...helpPostsQuery(mapQuery(filters)), enabled: mapOpen });
  const mapRows = onMap.data?.rows;
  const cells = useMemo(() => (mapRows ? cellsOf(mapRows) : undefined), [mapRows]);
  const cell = cells?.find((c) => c.key === cellKey) ?? null;
  const headingId = useId();

  const apply = (next: THelpPostFilters) => {
    setFilters(next);
    setPage(1);
    setCellKey(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-neutral-900">
          {wording === "neighbour" ? t("headingNeighbour") : t("heading")}
        </h2>
        {posting || !signedIn ? null : (
          <Button onClick={() => setPosting(true)}>{t("newPost")}</Button>
        )}
      </div>
      {posting ? (
        <HelpPostForm
          onDone={() => {
            setPosting(false);
            apply({ ...EMPTY, mine: true });
          }}
          onCancel={() => setPosting(false)}
        />
      ) : null}
      {/* Keyed by the filters: when they change from outside (after posting: "only my
          posts"), the uncontrolled form starts again from them. */}
      <Filters
        key={JSON.stringify(filters)}
        filters={filters}
        onApply={apply}
        signedIn={signedIn}
      />
      <HelpPostMap
        cells={cells}
        styleUrl={mapStyleUrl}
        selected={cellKey}
        onSelect={setCellKey}
        onOpen={() => setMapOpen(true)}
      />
      {cell ? (
        <section aria-label={t("cellHeading", { city: cell.city ?? t("mapCellUnnamed") })}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h3 className="text-xl font-bold text-neutral-900">
              {t("cellHeading", { city: cell.city ?? t("mapCellUnnamed") })}
            </h3>
            <Button variant="outline" onClick={() => setCellKey(null)}>
              {t("showAll")}
            </Button>
          </div>
          <ul className="flex flex-col gap-4">
            {cell.posts.map((post) => (
              <li key={post.id}>
                <HelpPostCard post={post} signedIn={signedIn} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <QueryGate query={query} failed={t("loadFailed")}>
          {({ rows, pagination }) => (
            <div className="flex flex-col gap-4">
              <p role="status" className="text-neutral-800">
                {t("count", { count: pagination.records })}
              </p>
              {rows.length === 0 ? (
                <p className="text-neutral-800">{filters.mine ? t("noneMine") : t("none")}</p>
              ) : (
                <ul className="flex flex-col gap-4">
                  {rows.map((post) => (
                    <li key={post.id}>
                      <HelpPostCard post={post} signedIn={signedIn} />
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                page={page}
                last={pagination.last ?? lastPage(pagination.records, BOARD_PAGE_SIZE)}
                onPage={setPage}
              />
            </div>
          )}
        </QueryGate>
      )}
    </section>
  );
}

function Filters({
  filters,
  onApply,
  signedIn,
}: {
  filters: THelpPostFilters;
  onApply: (next: THelpPostFilters) => void;
  signedIn: boolean;
}) {
  const t = useTranslations("peerHelp.board");
  const root = useTranslations();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onApply({
      kind: String(data.get("kind") ?? "") as THelpPostKind | "",
      category: String(data.get("category") ?? "") as THelpPostCategory | "",
      near: String(data.get("near") ?? "").trim(),
      radiusKm: Number(data.get("radius")) || 5,
      mine: data.get("mine") === "on",
      moderation: false,
    });
  };
  return (
    <form onSubmit={submit} aria-label={t("filters")} className="grid gap-4 md:grid-cols-2">
      <div>
        <label htmlFor={`${id}-kind`} className="mb-1 block font-medium text-neutral-900">
          {t("kind")}
        </label>
        <select
          id={`${id}-kind`}
          name="kind"
          defaultValue={filters.kind}
          className={filterControlClass}
        >
          <option value="">{t("allKinds")}</option>
          {HELP_POST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(root, kind)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block font-medium text-neutral-900">
          {t("category")}
        </label>
        <select
          id={`${id}-category`}
          name="category"
          defaultValue={filters.category}
          className={filterControlClass}
        >
          <option value="">{t("allCategories")}</option>
          {HELP_POST_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(root, category)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-near`} className="mb-1 block font-medium text-neutral-900">
          {t("near")}
        </label>
        <input
          id={`${id}-near`}
          name="near"
          type="search"
          defaultValue={filters.near}
          aria-describedby={`${id}-near-hint`}
          autoComplete="postal-code"
          className={filterControlClass}
        />
        <p id={`${id}-near-hint`} className="mt-1 text-sm text-neutral-800">
          {t("nearHint")}
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-radius`} className="mb-1 block font-medium text-neutral-900">
          {t("radius")}
        </label>
        <select
          id={`${id}-radius`}
          name="radius"
          defaultValue={String(filters.radiusKm)}
          className={filterControlClass}
        >
          {RADII.map((km) => (
            <option key={km} value={km}>
              {t("km", { km })}
            </option>
          ))}
        </select>
      </div>
      {signedIn ? (
        <label className="flex min-h-11 items-center gap-2 text-neutral-900">
          <input type="checkbox" name="mine" defaultChecked={filters.mine} className="size-5" />
          {t("mine")}
        </label>
      ) : null}
      <div className="flex items-end">
        <button type="submit" className={filterSubmitClass}>
          {t("search")}
        </button>
      </div>
    </form>
  );
}

function Pager({
  page,
  last,
  onPage,
}: {
  page: number;
  last: number;
  onPage: (n: number) => void;
}) {
  const t = useTranslations("lists");
  const format = useFormatter();
  if (last <= 1) return null;
  return (
    <nav aria-label={t("pagination")} className="flex items-center gap-3">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("previous")}
      </Button>
      <span>{t("pageNumber", { page: format.number(page) })}</span>
      <Button variant="outline" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {t("next")}
      </Button>
    </nav>
  );
}
