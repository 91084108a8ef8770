import type { TVacancyStatusName } from "@/lib/contract/vacancies";

/**
 * The web's copy of the vacancy status machine (backend/domain/vacancy-status.ts,
 * docs/status-machines.md "Vacancies"): which steps the list's status menu offers. The api
 * decides again on every step; tests/unit/vacancy-steps.test.ts holds this copy to the
 * api's rules for every status, setting and role, so the two cannot drift apart.
 */
type TRule = { to: TVacancyStatusName; when?: "reviews" | "no_review"; approver?: boolean };

const RULES: Readonly<Record<TVacancyStatusName, readonly TRule[]>> = {
  draft: [
    { to: "pending", when: "reviews" },
    { to: "published", when: "no_review" },
    { to: "published", when: "reviews", approver: true },
  ],
  pending: [{ to: "published", approver: true }, { to: "draft" }],
  published: [{ to: "closed" }, { to: "archived" }],
  closed: [{ to: "published" }, { to: "archived" }],
  archived: [],
};

export type TStepContext = {
  /** The vacancy's centre reviews new vacancies (its site setting). */
  reviews: boolean;
  /** The caller approves for the vacancy's centre: its admin, or a superadmin. */
  approver: boolean;
};

/** The statuses a vacancy in `from` may move to, for this caller, in the machine's order. */
export function offeredSteps(
  from: TVacancyStatusName,
  context: TStepContext,
): TVacancyStatusName[] {
  const steps = RULES[from].filter(
    (rule) =>
      (rule.when === undefined || (rule.when === "reviews") === context.reviews) &&
      (!rule.approver || context.approver),
  );
  return [...new Set(steps.map((rule) => rule.to))];
}

/** Deleting is for what was never public (draft, pending): nobody applied to it. */
export const isDeletableStatus = (status: TVacancyStatusName) =>
  status === "draft" || status === "pending";

/** Leaving published for closed or archived closes the open applications. */
export const closesApplications = (from: TVacancyStatusName, to: TVacancyStatusName) =>
  from === "published" && (to === "closed" || to === "archived");
