import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import { auditKeys } from "@/lib/api/query-keys";
import type { Query } from "@/lib/api/query-string";
import type { TAuditEvent } from "./audit-types";

/** GET /api/v1/audit_events: one page, the previous one on screen while the next loads. */
export function auditPageQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TAuditEvent>(client, "/api/v1/audit_events", query, signal),
    placeholderData: keepPreviousData,
  });
}
