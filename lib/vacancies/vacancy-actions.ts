import type { TVacancyStatusName } from "@/lib/contract/vacancies";

/**
 * What the edit page offers for a vacancy's status (docs/status-machines.md, "Vacancies").
 * The api's machine (backend/domain/vacancy-status.ts) decides and refuses anything else;
 * this only keeps away buttons it would refuse. Submitting a draft is the form's own
 * button (it saves the text in the same request).
 */
export type TVacancyAction =
  | "approve"
  | "takeBack"
  | "close"
  | "archive"
  | "reopen"
  | "duplicate"
  | "delete";

/** The status each step leads to. */
export const ACTION_STATUS: Readonly<
  Record<Exclude<TVacancyAction, "duplicate" | "delete">, TVacancyStatusName>
> = {
  approve: "published",
  takeBack: "draft",
  close: "closed",
  archive: "archived",
  reopen: "published",
};

/** The actions for a vacancy in `status`, for someone who does (not) approve its centre's vacancies. */
export function vacancyActions(status: TVacancyStatusName, approver: boolean): TVacancyAction[] {
  switch (status) {
    case "draft":
      return ["duplicate", "delete"];
    case "pending":
      return [...(approver ? (["approve"] as const) : []), "takeBack", "duplicate", "delete"];
    case "published":
      return ["close", "archive", "duplicate"];
    case "closed":
      return ["reopen", "archive", "duplicate"];
    default:
      return ["duplicate"];
  }
}

/** Closing, archiving and deleting ask first (docs/back-office-pages.md: destructive). */
export const asksFirst = (action: TVacancyAction) =>
  action === "close" || action === "archive" || action === "delete";

/**
 * Submitting a draft asks for the next status: pending where the centre reviews new
 * vacancies and the writer does not approve them, else published. The api checks it again.
 */
export function submitStatusFor(reviews: boolean, approver: boolean): TVacancyStatusName {
  return reviews && !approver ? "pending" : "published";
}
