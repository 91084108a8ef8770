/**
 * /notificaties keeps its state in the URL: `?filter=unread`, `page[number]`, `page[size]`
 * (the per-page select's parameters). Pure helpers, so the page and its links agree.
 */
import { parsePageNumber } from "@/lib/pagination/page-items";
import { PAGE_NUMBER_PARAM, PAGE_SIZE_PARAM, parsePageSize } from "@/lib/pagination/page-size";
import type { TNotificationFilter, TNotificationListParams } from "./notification-types";

export const NOTIFICATIONS_PATH = "/notificaties";
export const FILTER_PARAM = "filter";

export function parseFilter(value: string | null | undefined): TNotificationFilter {
  return value === "unread" ? "unread" : "all";
}

export { pageItems, parsePageNumber } from "@/lib/pagination/page-items";

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
