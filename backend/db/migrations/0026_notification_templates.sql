-- Notification templates (docs/notification-templates.md): a tenant's or a centre's own words
-- for a mail or notification kind in one language, and their audit actions and subject.
CREATE TABLE "notification_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer,
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_locale_check" CHECK ("notification_templates"."locale" in ('nl', 'en'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_tenant_scope_idx" ON "notification_templates" USING btree ("tenant_id","kind","locale") WHERE "notification_templates"."volunteer_center_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_templates_centre_scope_idx" ON "notification_templates" USING btree ("tenant_id","volunteer_center_id","kind","locale") WHERE "notification_templates"."volunteer_center_id" is not null;--> statement-breakpoint
CREATE INDEX "notification_templates_centre_idx" ON "notification_templates" USING btree ("volunteer_center_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated', 'tag_created', 'tag_updated', 'tag_merged', 'tag_deleted', 'vacancy_created', 'vacancy_updated', 'vacancy_status_changed', 'vacancy_bulk_updated', 'vacancy_deleted', 'activity_created', 'activity_updated', 'activity_status_changed', 'activity_deleted', 'desk_created', 'desk_updated', 'desk_deleted', 'news_article_created', 'news_article_updated', 'news_article_deleted', 'content_page_created', 'content_page_updated', 'content_page_deleted', 'notification_template_created', 'notification_template_updated', 'notification_template_deleted'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization', 'Tag', 'Vacancy', 'Activity', 'Desk', 'NewsArticle', 'ContentPage', 'NotificationTemplate'));--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0017, 0022, 0024).
GRANT SELECT, INSERT, UPDATE, DELETE ON "notification_templates" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "notification_templates_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "notification_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notification_templates" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
