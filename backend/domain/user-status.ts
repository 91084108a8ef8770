import type { TUserStatus } from "../db/schema";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";

/**
 * The user status machine (docs/status-machines.md "Users"): an invited user
 * becomes active (by confirming, or an admin activating them), active and inactive switch
 * both ways, and any user can be archived. Archived is final here; restoring an account
 * is not a transition the spec names. Setting the status a user already has is no change.
 */
const TRANSITIONS: Record<TUserStatus, readonly TUserStatus[]> = {
  invited: ["active", "archived"],
  active: ["inactive", "archived"],
  inactive: ["active", "archived"],
  archived: [],
};

export function canTransition(from: TUserStatus, to: TUserStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** Throws the 422 (pointer /data/attributes/status) for an illegal transition. */
export function assertTransition(from: TUserStatus, to: TUserStatus): void {
  if (canTransition(from, to)) return;
  throw unprocessable([
    invalidAttribute(["status"], `cannot change from ${from} to ${to}`, "invalid_transition"),
  ]);
}
