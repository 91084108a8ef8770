/** What the api records about an account (GET /api/v1/activity_events), closed set. */
export type TActivityAction =
  | "signed_in"
  | "signed_out"
  | "password_changed"
  | "password_reset_requested"
  | "account_confirmed"
  | "account_locked"
  | "account_unlocked";

/** One `activity_event`, camelCased: the signed-in user's own account history. */
export type TActivityEvent = {
  id: string;
  action: TActivityAction;
  /** The browser and system it came from ("Firefox op Linux"), or null when unknown. */
  client: string | null;
  /** false when the system did it (a lockout after too many attempts), not the user. */
  bySelf: boolean;
  createdAt: string;
};
