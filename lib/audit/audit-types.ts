/** The audit log's actions and subjects (docs/audit-log.md; backend/db/schema/audit-events.ts). */
export const AUDIT_ACTIONS = [
  "organization_registered",
  "organization_created",
  "organization_updated",
  "organization_approved",
  "organization_denied",
  "organization_status_changed",
  "organization_moved",
  "organization_deleted",
  "user_invited",
  "user_updated",
  "user_status_changed",
  "user_archived",
  "role_added",
  "role_removed",
  "signed_in_as",
  "signed_in_as_ended",
  "account_deleted",
  "site_settings_updated",
  "tag_created",
  "tag_updated",
  "tag_merged",
  "tag_deleted",
  "vacancy_created",
  "vacancy_updated",
  "vacancy_status_changed",
  "vacancy_bulk_updated",
  "vacancy_deleted",
  "activity_created",
  "activity_updated",
  "activity_status_changed",
  "activity_deleted",
  "desk_created",
  "desk_updated",
  "desk_deleted",
  "news_article_created",
  "news_article_updated",
  "news_article_deleted",
  "content_page_created",
  "content_page_updated",
  "content_page_deleted",
  "notification_template_created",
  "notification_template_updated",
  "notification_template_deleted",
  "contact_message_updated",
  "contact_message_deleted",
  "data_table_viewed",
  "data_table_exported",
  "form_created",
  "form_updated",
  "form_published",
  "form_closed",
  "form_deleted",
  "form_submission_deleted",
  "form_submissions_exported",
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_SUBJECT_TYPES = [
  "User",
  "Organization",
  "Tag",
  "Vacancy",
  "Activity",
  "Desk",
  "NewsArticle",
  "ContentPage",
  "NotificationTemplate",
  "ContactMessage",
  "DataTable",
  "Form",
] as const;

/** One entry as the client flattens it (keys camelCased, also inside `details`). */
export type TAuditEvent = {
  id: string;
  action: TAuditAction | string;
  subjectType: (typeof AUDIT_SUBJECT_TYPES)[number] | string;
  subjectId: number;
  subjectLabel: string | null;
  volunteerCenterId: number | null;
  actorId: number | null;
  details: Record<string, unknown>;
  createdAt: string;
  actor?: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
};
