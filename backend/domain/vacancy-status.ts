import type { TVacancyStatus } from "../db/schema";

/**
 * The vacancy status machine (docs/status-machines.md, "Vacancies"): one place for where a
 * vacancy may go and who may take it there. A draft is the organisation's own; it goes to
 * pending where its centre reviews new vacancies (a site setting), else straight to
 * published. Only those who approve (the centre's admins, superadmins) publish a pending
 * one, or a draft where the centre reviews. Published closes; closed reopens or is archived;
 * archived is final.
 */

/** Who asks: the organisation's side (its staff, its centre's admins, superadmins), or
 *  someone who also approves (the centre's admins, superadmins). */
export type TVacancyRole = "staff" | "approver";

type TRule = { to: TVacancyStatus; when?: "reviews" | "no_review"; approver?: boolean };

/** From each status, where it may go and on what condition. */
export const VACANCY_RULES: Readonly<Record<TVacancyStatus, readonly TRule[]>> = {
  draft: [
    { to: "pending", when: "reviews" },
    { to: "published", when: "no_review" },
    // Whoever approves needs no second look at their own decision.
    { to: "published", when: "reviews", approver: true },
  ],
  pending: [{ to: "published", approver: true }, { to: "draft" }],
  published: [{ to: "closed" }, { to: "archived" }],
  closed: [{ to: "published" }, { to: "archived" }],
  archived: [],
};

export type TVacancyTransition =
  | { ok: true }
  /** `status`: the machine has no such step; `role`: the step needs an approver. */
  | { ok: false; reason: "status" | "role" };

/**
 * May a vacancy go from `from` to `to`, in a centre that does or does not review new
 * vacancies, asked by `role`? Staying where it is is no transition (the caller treats it
 * as no change).
 */
export function vacancyTransition(
  from: TVacancyStatus,
  to: TVacancyStatus,
  context: { reviews: boolean; role: TVacancyRole },
): TVacancyTransition {
  const steps = VACANCY_RULES[from].filter(
    (rule) =>
      rule.to === to && (rule.when === undefined || (rule.when === "reviews") === context.reviews),
  );
  if (steps.length === 0) return { ok: false, reason: "status" };
  if (steps.some((rule) => !rule.approver || context.role === "approver")) return { ok: true };
  return { ok: false, reason: "role" };
}

/** The statuses in which a vacancy is on the public site (given its date). */
export const isPublicStatus = (status: TVacancyStatus) => status === "published";

/** Arriving here from an open vacancy closes its open applications and tells the applicants. */
export const closesApplications = (from: TVacancyStatus, to: TVacancyStatus) =>
  from === "published" && (to === "closed" || to === "archived");

/** Where a vacancy may be deleted outright: it was never public, so nobody applied. */
export const isDeletable = (status: TVacancyStatus) => status === "draft" || status === "pending";
