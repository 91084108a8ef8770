import type { TOrganizationStatus } from "../db/schema";

/**
 * The organization status machine (docs/status-machines.md). Spec §4 leaves the
 * transitions open; these are ours: a new organization waits as pending until a centre
 * admin approves or denies it, an approved one can be archived and brought back, and a
 * denied one can be reopened as pending for a second look.
 */
export const ORGANIZATION_TRANSITIONS: Readonly<
  Record<TOrganizationStatus, readonly TOrganizationStatus[]>
> = {
  pending: ["approved", "denied"],
  approved: ["archived"],
  archived: ["approved"],
  denied: ["pending"],
};

/** May an organization go from `from` to `to`? Staying where it is is not a transition. */
export function canTransition(from: TOrganizationStatus, to: TOrganizationStatus): boolean {
  return ORGANIZATION_TRANSITIONS[from].includes(to);
}

/** The statuses whose arrival mails the organization's admins (spec). */
export const MAILED_STATUSES: readonly TOrganizationStatus[] = ["approved", "denied"];
