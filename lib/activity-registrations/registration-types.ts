import type { TActivity } from "@/lib/activities/types";
import type { TRegistrationStatus } from "@/lib/contract/activity-registrations";

/**
 * A registration as the api sends it (backend/routes/activity-registrations.ts), keys
 * camelCased by the client (lib/api). Its names and e-mail address, which only those who run
 * the activity see, are left out: the caller's own place does not need them.
 */
export type TActivityRegistration = {
  id: string;
  status: TRegistrationStatus;
  /** 1-based while waitlisted, else null. */
  waitlistPosition: number | null;
  activityId: number;
  userId: number;
  /** Marked by staff afterwards; null until then. */
  attended: boolean | null;
  minutes: number | null;
  createdAt: string;
  cancelledAt: string | null;
  /**
   * With `include=activity`: the activity merged in from `included`; `{ id }` alone when the
   * api names it but does not include it; absent when it sends no relationship at all.
   */
  activity?: Partial<TActivity> & { id: string };
};

/**
 * The sign-up side of an activity, read fresh through the BFF: the public page's copy comes
 * from a cache shared by every visitor, too old for counts that change with each sign-up.
 */
export type TSignUpActivity = TActivity &
  Required<
    Pick<TActivity, "registrationsCount" | "waitlistCount" | "spotsLeft" | "registrationOpen">
  >;

/** The caller's live registrations and what they gave this year (`meta.minutes_this_year`). */
export type TMyRegistrations = {
  registrations: TActivityRegistration[];
  minutesThisYear: number;
};
