/**
 * /notificaties keeps its state in the URL: `?filter=unread`, `page[number]`, `page[size]`
 * (the per-page select's parameters). Pure helpers, so the page and its links agree.
 */
import { PAGE_NUMBER_PARAM, PAGE_SIZE_PARAM, parsePageSize } from "@/lib/pagination/page-size";
import type { TNotificationFilter, TNotificationListParams } from "./notification-types";

export const NOTIFICATIONS_PATH = "/notificaties";
export const FILTER_PARAM = "filter";

export function parseFilter(value: string | null | undefined): TNotificationFilter {
  return value === "unread" ? "unread" : "all";
}

/** A positive whole page number, else 1. */
export function parsePageNumber(value: string | null | undefined): number {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : 1;
}

export function listParams(search: URLSearchParams): TNotificationListParams {
  return {
    page: parsePageNumber(search.get(PAGE_NUMBER_PARAM)),
    size: parsePageSize(search.get(PAGE_SIZE_PARAM)),
    filter: parseFilter(search.get(FILTER_PARAM)),
  };
}

function href(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${NOTIFICATIONS_PATH}?${query}` : NOTIFICATIONS_PATH;
}

/** The link to another filter: page size kept, back to page 1 (the old page may not exist). */
export function filterHref(search: URLSearchParams, filter: TNotificationFilter): string {
  const params = new URLSearchParams(search);
  params.delete(PAGE_NUMBER_PARAM);
  if (filter === "unread") params.set(FILTER_PARAM, "unread");
  else params.delete(FILTER_PARAM);
  return href(params);
}

/** The link to page `number` of the same filter and size. */
export function pageHref(search: URLSearchParams, number: number): string {
  const params = new URLSearchParams(search);
  params.set(PAGE_NUMBER_PARAM, String(number));
  return href(params);
}

/**
 * The page links to show: all of them up to seven pages, else the first, the last and the
 * current one with its neighbours, "gap" where pages are left out.
 */
export function pageItems(current: number, last: number): (number | "gap")[] {
  if (last <= 7) return Array.from({ length: last }, (_, index) => index + 1);
  const shown = new Set([1, last, current - 1, current, current + 1]);
  const pages = [...shown].filter((page) => page >= 1 && page <= last).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const page of pages) {
    const previous = items[items.length - 1];
    // One page left out is shown itself: a gap would take the same room.
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}
