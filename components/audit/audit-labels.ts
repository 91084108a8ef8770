import type { Translator } from "@/lib/i18n/translator";

/** An audit action in the active language; an unknown one as sent (a newer api). */
export function auditActionLabel(t: Translator, action: string): string {
  switch (action) {
    case "organization_registered":
      return t("auditLog.actions.organization_registered");
    case "organization_created":
      return t("auditLog.actions.organization_created");
    case "organization_updated":
      return t("auditLog.actions.organization_updated");
    case "organization_approved":
      return t("auditLog.actions.organization_approved");
    case "organization_denied":
      return t("auditLog.actions.organization_denied");
    case "organization_status_changed":
      return t("auditLog.actions.organization_status_changed");
    case "organization_moved":
      return t("auditLog.actions.organization_moved");
    case "organization_deleted":
      return t("auditLog.actions.organization_deleted");
    case "user_invited":
      return t("auditLog.actions.user_invited");
    case "user_updated":
      return t("auditLog.actions.user_updated");
    case "user_status_changed":
      return t("auditLog.actions.user_status_changed");
    case "user_archived":
      return t("auditLog.actions.user_archived");
    case "role_added":
      return t("auditLog.actions.role_added");
    case "role_removed":
      return t("auditLog.actions.role_removed");
    case "signed_in_as":
      return t("auditLog.actions.signed_in_as");
    case "signed_in_as_ended":
      return t("auditLog.actions.signed_in_as_ended");
    case "account_deleted":
      return t("auditLog.actions.account_deleted");
    case "site_settings_updated":
      return t("auditLog.actions.site_settings_updated");
    case "tag_created":
      return t("auditLog.actions.tag_created");
    case "tag_updated":
      return t("auditLog.actions.tag_updated");
    case "tag_merged":
      return t("auditLog.actions.tag_merged");
    case "tag_deleted":
      return t("auditLog.actions.tag_deleted");
    case "vacancy_created":
      return t("auditLog.actions.vacancy_created");
    case "vacancy_updated":
      return t("auditLog.actions.vacancy_updated");
    case "vacancy_status_changed":
      return t("auditLog.actions.vacancy_status_changed");
    case "vacancy_bulk_updated":
      return t("auditLog.actions.vacancy_bulk_updated");
    case "vacancy_deleted":
      return t("auditLog.actions.vacancy_deleted");
    case "activity_created":
      return t("auditLog.actions.activity_created");
    case "activity_updated":
      return t("auditLog.actions.activity_updated");
    case "activity_status_changed":
      return t("auditLog.actions.activity_status_changed");
    case "activity_deleted":
      return t("auditLog.actions.activity_deleted");
    case "desk_created":
      return t("auditLog.actions.desk_created");
    case "desk_updated":
      return t("auditLog.actions.desk_updated");
    case "desk_deleted":
      return t("auditLog.actions.desk_deleted");
    case "news_article_created":
      return t("auditLog.actions.news_article_created");
    case "news_article_updated":
      return t("auditLog.actions.news_article_updated");
    case "news_article_deleted":
      return t("auditLog.actions.news_article_deleted");
    case "content_page_created":
      return t("auditLog.actions.content_page_created");
    case "content_page_updated":
      return t("auditLog.actions.content_page_updated");
    case "content_page_deleted":
      return t("auditLog.actions.content_page_deleted");
    case "notification_template_created":
      return t("auditLog.actions.notification_template_created");
    case "notification_template_updated":
      return t("auditLog.actions.notification_template_updated");
    case "notification_template_deleted":
      return t("auditLog.actions.notification_template_deleted");
    case "contact_message_updated":
      return t("auditLog.actions.contact_message_updated");
    case "contact_message_deleted":
      return t("auditLog.actions.contact_message_deleted");
    case "data_table_viewed":
      return t("auditLog.actions.data_table_viewed");
    case "data_table_exported":
      return t("auditLog.actions.data_table_exported");
    case "form_created":
      return t("auditLog.actions.form_created");
    case "form_updated":
      return t("auditLog.actions.form_updated");
    case "form_published":
      return t("auditLog.actions.form_published");
    case "form_closed":
      return t("auditLog.actions.form_closed");
    case "form_deleted":
      return t("auditLog.actions.form_deleted");
    case "form_submission_deleted":
      return t("auditLog.actions.form_submission_deleted");
    case "form_submissions_exported":
      return t("auditLog.actions.form_submissions_exported");
    default:
      return action;
  }
}

export function auditSubjectLabel(t: Translator, subjectType: string): string {
  switch (subjectType) {
    case "User":
      return t("auditLog.subjects.User");
    case "Organization":
      return t("auditLog.subjects.Organization");
    case "Tag":
      return t("auditLog.subjects.Tag");
    case "Vacancy":
      return t("auditLog.subjects.Vacancy");
    case "Activity":
      return t("auditLog.subjects.Activity");
    case "Desk":
      return t("auditLog.subjects.Desk");
    case "NewsArticle":
      return t("auditLog.subjects.NewsArticle");
    case "ContentPage":
      return t("auditLog.subjects.ContentPage");
    case "NotificationTemplate":
      return t("auditLog.subjects.NotificationTemplate");
    case "ContactMessage":
      return t("auditLog.subjects.ContactMessage");
    case "DataTable":
      return t("auditLog.subjects.DataTable");
    case "Form":
      return t("auditLog.subjects.Form");
    default:
      return subjectType;
  }
}
