import { isIsoDate } from "@/lib/contract/forms";
import { SEARCH_MAX, SEARCH_PARAM } from "@/lib/lists/list-state";
import { PAGE_NUMBER_PARAM } from "@/lib/pagination/page-size";
import type { TSubmissionFilters } from "./form-builder-api";

/**
 * The submissions' filters from the overview's URL (`?version=&from=&to=&q=&page[number]=`).
 * A value the page cannot use reads as no filter, never as an error.
 */
export function readSubmissionFilters(search: URLSearchParams): TSubmissionFilters {
  const date = (name: string) => {
    const value = search.get(name) ?? "";
    return isIsoDate(value) ? value : "";
  };
  const version = search.get("version") ?? "";
  const page = Number(search.get(PAGE_NUMBER_PARAM) ?? "1");
  return {
    version: /^\d+$/.test(version) ? version : "",
    from: date("from"),
    to: date("to"),
    q: (search.get(SEARCH_PARAM) ?? "").trim().slice(0, SEARCH_MAX),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}
