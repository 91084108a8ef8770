/** Page numbers of a paged list: which page the URL asks for and which links to show. */

/** A positive whole page number, else 1. */
export function parsePageNumber(value: string | null | undefined): number {
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= 1 ? number : 1;
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
