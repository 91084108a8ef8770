/** What the api sends for one notification (GET /api/v1/notifications), camelCased. */
export type TNotificationKind = "system" | "application" | "message" | "organization";

export type TNotification = {
  id: string;
  kind: TNotificationKind;
  title: string;
  body: string | null;
  /** A path on this site, or null. Followed only when resolveNavigationTarget calls it internal. */
  url: string | null;
  readAt: string | null;
  createdAt: string;
};

/** `meta.pagination` as jsonapi.rb emits it (api-contract §2.4). */
export type TPagination = {
  current: number;
  first?: number;
  prev?: number;
  next?: number;
  last?: number;
  records: number;
};

/** One page of notifications with the user's total unread count (independent of filters). */
export type TNotificationPage = {
  notifications: TNotification[];
  pagination: TPagination;
  unreadCount: number;
};

/** The page's filter (`?filter=unread`). */
export type TNotificationFilter = "all" | "unread";

export type TNotificationListParams = {
  page: number;
  size: number;
  filter: TNotificationFilter;
};
