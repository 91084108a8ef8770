/**
 * /conversations keeps its state in the URL: `?id=` (the open thread), `?unread=true`,
 * `page[number]` and `page[size]`. Selecting a thread pushes a history entry, so back and
 * forward move between threads and the list. Pure helpers, so the page and its links agree.
 */
import { parsePageNumber } from "@/lib/pagination/page-items";
import { PAGE_NUMBER_PARAM, PAGE_SIZE_PARAM, parsePageSize } from "@/lib/pagination/page-size";
import type { TConversationListParams } from "./conversation-types";

export const CONVERSATIONS_PATH = "/conversations";
export const THREAD_PARAM = "id";
export const UNREAD_PARAM = "unread";

type TSearch = { get(name: string): string | null; toString(): string };

export function listParams(search: TSearch): TConversationListParams {
  return {
    page: parsePageNumber(search.get(PAGE_NUMBER_PARAM)),
    size: parsePageSize(search.get(PAGE_SIZE_PARAM)),
    unread: search.get(UNREAD_PARAM) === "true",
  };
}

/** The open thread's id, or undefined for anything that is not one (no error, no call). */
export function threadParam(search: TSearch): string | undefined {
  const value = search.get(THREAD_PARAM);
  return value && /^\d{1,10}$/.test(value) ? value : undefined;
}

function href(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${CONVERSATIONS_PATH}?${query}` : CONVERSATIONS_PATH;
}

/** The same list with one thread open (or none, `null`: back to the list on a narrow screen). */
export function threadHref(search: TSearch, id: string | null): string {
  const params = new URLSearchParams(search.toString());
  if (id === null) params.delete(THREAD_PARAM);
  else params.set(THREAD_PARAM, id);
  return href(params);
}

/** All threads or only unread ones: back to page 1 (the old page may not exist), thread kept. */
export function unreadHref(search: TSearch, unread: boolean): string {
  const params = new URLSearchParams(search.toString());
  params.delete(PAGE_NUMBER_PARAM);
  if (unread) params.set(UNREAD_PARAM, "true");
  else params.delete(UNREAD_PARAM);
  return href(params);
}

export function pageHref(search: TSearch, page: number): string {
  const params = new URLSearchParams(search.toString());
  params.set(PAGE_NUMBER_PARAM, String(page));
  return href(params);
}

/** Where a notice or another page links to open one thread. */
export const conversationHref = (id: string) =>
  `${CONVERSATIONS_PATH}?${THREAD_PARAM}=${encodeURIComponent(id)}`;
