import type { TActivityStatus } from "../db/schema";

/**
 * The activity status machine (docs/status-machines.md, "Activities"). A draft is the
 * centre's own; publishing shows it and opens sign-up; cancelling tells everyone who came
 * for it and keeps it visible, marked cancelled. Cancelled is final: people were told it
 * will not happen, so it is not published again (a copy is, POST …/copy). A draft that
 * will not happen is deleted, not cancelled: nobody was told of it.
 */
export const ACTIVITY_RULES: Readonly<Record<TActivityStatus, readonly TActivityStatus[]>> = {
  draft: ["published"],
  published: ["cancelled"],
  cancelled: [],
};

/** May an activity go from `from` to `to`? Staying where it is is no step (no change). */
export const activityTransition = (from: TActivityStatus, to: TActivityStatus) =>
  from === to || ACTIVITY_RULES[from].includes(to);

/** Only a draft is deleted: a published or cancelled one was public, and has people. */
export const isActivityDeletable = (status: TActivityStatus) => status === "draft";
