/**
 * The notification calls (GET/PATCH /api/v1/notifications, POST …/mark_all_read) through
 * the one api client. Each answer's meta.unreadCount is the user's total unread.
 */
import type { ApiClient, ApiResponse } from "@/lib/api";
import type {
  TNotification,
  TNotificationListParams,
  TNotificationPage,
  TPagination,
} from "./notification-types";

const BASE_PATH = "/api/v1/notifications";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The answer's meta. A body with only `meta` (mark_all_read) is no JSON:API document, so
 * the client hands it back camelCased as `data`; a resource's meta sits beside its data.
 */
function metaOf(response: ApiResponse<unknown>): Record<string, unknown> {
  if (response.meta) return response.meta;
  return isRecord(response.data) && isRecord(response.data.meta) ? response.data.meta : {};
}

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function unreadCountOf(response: ApiResponse<unknown>): number | undefined {
  return count(metaOf(response).unreadCount);
}

function paginationOf(meta: Record<string, unknown>, fallback: TPagination): TPagination {
  const pagination = isRecord(meta.pagination) ? meta.pagination : {};
  const current = count(pagination.current);
  const records = count(pagination.records);
  if (current === undefined || records === undefined) return fallback;
  return { ...(pagination as Partial<TPagination>), current, records };
}

/** One page, newest first; `unread` asks only for unread ones (filter[read_at_null]). */
export async function fetchNotifications(
  client: ApiClient,
  { page, size, filter }: TNotificationListParams,
  signal?: AbortSignal,
): Promise<TNotificationPage> {
  const response = await client.get<TNotification[]>(BASE_PATH, {
    query: {
      sort: "-created_at",
      page: { number: page, size },
      filter: filter === "unread" ? { readAtNull: true } : undefined,
    },
    signal,
  });
  const notifications = Array.isArray(response.data) ? response.data : [];
  const meta = metaOf(response);
  return {
    notifications,
    pagination: paginationOf(meta, { current: page, records: notifications.length }),
    // The api always sends it; without it the page's own unread ones are the best lower bound.
    unreadCount: count(meta.unreadCount) ?? notifications.filter((n) => !n.readAt).length,
  };
}

export type TMarkReadResult = { notification: TNotification; unreadCount: number | undefined };

/** PATCH /api/v1/notifications/:id with `read`: marks one read or unread again. */
export async function markNotificationRead(
  client: ApiClient,
  id: string,
  read: boolean,
): Promise<TMarkReadResult> {
  const response = await client.patch<TNotification>(`${BASE_PATH}/${encodeURIComponent(id)}`, {
    data: { type: "notification", id, attributes: { read } },
  });
  return { notification: response.data, unreadCount: unreadCountOf(response) };
}

/** POST /api/v1/notifications/mark_all_read: every notification of the user read. */
export async function markAllNotificationsRead(
  client: ApiClient,
): Promise<{ unreadCount: number }> {
  const response = await client.post(`${BASE_PATH}/mark_all_read`);
  return { unreadCount: unreadCountOf(response) ?? 0 };
}
