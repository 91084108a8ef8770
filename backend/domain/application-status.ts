import {
  OPEN_APPLICATION_STATUSES,
  type TApplicationEvent,
  type TApplicationStatus,
} from "../../lib/contract/applications";

/**
 * The application status machine (docs/status-machines.md, "Applications"): one place for
 * who may move an application where. The organisation (its staff) accepts or declines and
 * its first reply opens the conversation; the volunteer withdraws; the system closes what
 * is still open when the vacancy closes. Settled applications (accepted, declined,
 * withdrawn, closed) never move again.
 */

/** Who asks: the organisation's side, the volunteer who applied, or the system itself. */
export type TApplicationSide = "organization" | "volunteer" | "system";

/** Every event of the machine: the transition endpoint's three, and the two that happen. */
export type TApplicationMachineEvent = TApplicationEvent | "reply" | "close";

type TRule = { by: TApplicationSide; from: readonly TApplicationStatus[]; to: TApplicationStatus };

export const APPLICATION_RULES: Readonly<Record<TApplicationMachineEvent, TRule>> = {
  reply: { by: "organization", from: ["new"], to: "in_conversation" },
  accept: { by: "organization", from: OPEN_APPLICATION_STATUSES, to: "accepted" },
  decline: { by: "organization", from: OPEN_APPLICATION_STATUSES, to: "declined" },
  withdraw: { by: "volunteer", from: OPEN_APPLICATION_STATUSES, to: "withdrawn" },
  close: { by: "system", from: OPEN_APPLICATION_STATUSES, to: "closed" },
};

export type TTransitionResult =
  | { ok: true; to: TApplicationStatus }
  /** `side`: this side may never ask for this event; `status`: not from this status. */
  | { ok: false; reason: "side" | "status" };

/** Where `event`, asked by `side`, takes an application in `from`, or why it may not. */
export function applicationTransition(
  from: TApplicationStatus,
  event: TApplicationMachineEvent,
  side: TApplicationSide,
): TTransitionResult {
  const rule = APPLICATION_RULES[event];
  if (rule.by !== side) return { ok: false, reason: "side" };
  if (!rule.from.includes(from)) return { ok: false, reason: "status" };
  return { ok: true, to: rule.to };
}

/**
 * The organisation's reply in the application's conversation: the first one moves a new
 * application to in_conversation; later ones, and replies after an outcome, leave the status
 * as it is (a conversation may go on after an acceptance).
 */
export function statusAfterOrganizationReply(from: TApplicationStatus): TApplicationStatus {
  const moved = applicationTransition(from, "reply", "organization");
  return moved.ok ? moved.to : from;
}

/** Is the application still waiting for an outcome? */
export const isOpenApplication = (status: TApplicationStatus): boolean =>
  OPEN_APPLICATION_STATUSES.includes(status);
