/**
 * Query keys per feature (STYLE.md: never inline). Each factory's `all` prefixes every
 * key of the feature, so invalidating `all` reaches them all.
 */
import type { Query } from "./query-string";

export const userKeys = {
  all: ["users"] as const,
  current: () => [...userKeys.all, "current"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (query: Query = {}) => [...userKeys.lists(), query] as const,
  detail: (id: string) => [...userKeys.all, "detail", id] as const,
  /** The user's audit entries: under the detail key, so a change to the user refreshes them. */
  history: (id: string) => [...userKeys.detail(id), "history"] as const,
};

export const organizationKeys = {
  all: ["organizations"] as const,
  /** GET /api/v1/current_organizations: the signed-in user's organizations. */
  current: () => [...organizationKeys.all, "current"] as const,
  /** GET /api/v1/current_organization: the selected one, with address and profile. */
  selected: () => [...organizationKeys.all, "selected"] as const,
  lists: () => [...organizationKeys.all, "list"] as const,
  list: (query: Query = {}) => [...organizationKeys.lists(), query] as const,
  detail: (id: string) => [...organizationKeys.all, "detail", id] as const,
  /** GET /api/v1/volunteer_centers: the tenant's approved centres (id, name). */
  centres: () => [...organizationKeys.all, "volunteer-centers"] as const,
};

export const siteSettingKeys = {
  all: ["site-settings"] as const,
  /** GET /api/v1/site_setting: the site's own centre and its settings. */
  site: () => [...siteSettingKeys.all, "site"] as const,
  /** GET /api/v1/site_settings/:id: one centre's design and footer. */
  detail: (centreId: string) => [...siteSettingKeys.all, "detail", centreId] as const,
};

export const auditKeys = {
  all: ["audit_events"] as const,
  lists: () => [...auditKeys.all, "list"] as const,
  list: (query: Query = {}) => [...auditKeys.lists(), query] as const,
};

export const jobKeys = {
  all: ["jobs"] as const,
  lists: () => [...jobKeys.all, "list"] as const,
  list: (query: Query = {}) => [...jobKeys.lists(), query] as const,
};

export const deskKeys = {
  all: ["desks"] as const,
  /** GET /api/v1/meedoen/desks: the tenant's active desks (public). */
  list: (query: Query = {}) => [...deskKeys.all, "list", query] as const,
  /** GET /api/v1/meedoen/desks/all: every desk of the centres one administers. */
  managed: () => [...deskKeys.all, "managed"] as const,
  /** GET /api/v1/desks/:id: one desk with its welcome text. */
  detail: (id: string) => [...deskKeys.all, "detail", id] as const,
  /** GET /api/v1/activities?filter[desk]=…: a desk's activities to come (/mijn-balie). */
  activities: (slug: string, query: Query) => [...deskKeys.all, "activities", slug, query] as const,
};

export const invitationKeys = {
  all: ["invitations"] as const,
  /** GET /auth/invitation?invitation_token=…: whom a pending invitation is for. */
  detail: (token: string) => [...invitationKeys.all, "detail", token] as const,
};

export const newsAdminKeys = {
  all: ["managed_news_articles"] as const,
  lists: () => [...newsAdminKeys.all, "list"] as const,
  list: (query: Query = {}) => [...newsAdminKeys.lists(), query] as const,
  /** One article for the edit form (the list's filter[id_eq]). */
  detail: (id: string) => [...newsAdminKeys.all, "detail", id] as const,
};

export const pageAdminKeys = {
  all: ["managed_content_pages"] as const,
  lists: () => [...pageAdminKeys.all, "list"] as const,
  list: (query: Query = {}) => [...pageAdminKeys.lists(), query] as const,
  /** One page for the edit form (the list's filter[id_eq]). */
  detail: (id: string) => [...pageAdminKeys.all, "detail", id] as const,
};

export const analyticsKeys = {
  all: ["analytics"] as const,
  /** GET /api/v1/analytics/volunteer_centers/:id: one centre's figures over a range. */
  centre: (id: string, query: Query) => [...analyticsKeys.all, "centre", id, query] as const,
  /** GET /api/v1/analytics/volunteer_centers: the centres side by side. */
  comparison: (query: Query) => [...analyticsKeys.all, "comparison", query] as const,
};
