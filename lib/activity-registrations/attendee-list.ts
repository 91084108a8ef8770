import type { TPaged } from "@/lib/api/paged";
import type { TListSpec, TListState } from "@/lib/lists/list-state";
import { attendeeName, matchesAttendee, splitAttendees, type TAttendee } from "./attendees";

type TSortField = "created_at" | "name";

/**
 * The URL state of the attendee list's places (lib/lists/list-state.ts): search, order and
 * page. The api sends the whole activity at once (docs/activity-attendees.md), so they are
 * applied here.
 */
export const ATTENDEE_LIST: TListSpec<TSortField, never> = {
  sortable: ["created_at", "name"],
  // First come, first listed: the order of the places.
  defaultSort: { field: "created_at", direction: "asc" },
  filters: {},
};
export type TAttendeeListState = TListState<TSortField, never>;

/** One page of those with a place, searched and ordered as the URL says. */
export function attendeePage(
  people: readonly TAttendee[],
  state: TAttendeeListState,
): TPaged<TAttendee> {
  const { placed } = splitAttendees(people);
  const found = placed.filter((p) => matchesAttendee(p, state.q));
  if (state.sort.field === "name") {
    found.sort(
      (a, b) =>
        attendeeName(a).localeCompare(attendeeName(b), undefined, { sensitivity: "base" }) ||
        Number(a.id) - Number(b.id),
    );
  }
  if (state.sort.direction === "desc") found.reverse();
  const start = (state.page - 1) * state.size;
  return {
    rows: found.slice(start, start + state.size),
    pagination: { current: state.page, records: found.length },
  };
}
