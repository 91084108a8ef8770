import type { Query } from "@/lib/api/query-string";

/** Query keys of the contact messages (docs/contact-form.md). */
export const contactKeys = {
  all: ["contact_messages"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (query: Query = {}) => [...contactKeys.lists(), query] as const,
};
