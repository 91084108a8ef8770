/**
 * Query keys of the volunteer pool (STYLE.md: per-feature factory, never inline). Every key
 * starts with `all`, so a change can reach exactly this feature's data.
 */
import type { Query } from "@/lib/api/query-string";

export const poolKeys = {
  all: ["volunteer-pool"] as const,
  lists: () => [...poolKeys.all, "list"] as const,
  list: (query: Query) => [...poolKeys.lists(), query] as const,
  volunteer: (id: string) => [...poolKeys.all, "volunteer", id] as const,
  /** The invite dialog's vacancies: of these centres, or all (a superadmin). */
  vacancies: (centreIds: readonly string[] | null) =>
    [...poolKeys.all, "vacancies", centreIds ?? "all"] as const,
  tags: () => [...poolKeys.all, "tags"] as const,
  invitations: () => [...poolKeys.all, "invitations"] as const,
  forConversation: (id: string) => [...poolKeys.invitations(), "conversation", id] as const,
};
