-- Messages to a centre from /contactformulier (docs/contact-form.md), and the audit actions
-- and subjects of handling them and of the superadmins' data viewer (docs/data-viewer.md).
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"locale" text DEFAULT 'nl' NOT NULL,
	"read_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_locale_check" CHECK ("contact_messages"."locale" in ('nl', 'en')),
	CONSTRAINT "contact_messages_length_check" CHECK (char_length("contact_messages"."name") <= 100 and char_length("contact_messages"."email") <= 255 and char_length("contact_messages"."subject") <= 200 and char_length("contact_messages"."body") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_centre_idx" ON "contact_messages" USING btree ("tenant_id","volunteer_center_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated', 'tag_created', 'tag_updated', 'tag_merged', 'tag_deleted', 'vacancy_created', 'vacancy_updated', 'vacancy_status_changed', 'vacancy_bulk_updated', 'vacancy_deleted', 'activity_created', 'activity_updated', 'activity_status_changed', 'activity_deleted', 'desk_created', 'desk_updated', 'desk_deleted', 'news_article_created', 'news_article_updated', 'news_article_deleted', 'content_page_created', 'content_page_updated', 'content_page_deleted', 'notification_template_created', 'notification_template_updated', 'notification_template_deleted', 'contact_message_updated', 'contact_message_deleted', 'data_table_viewed', 'data_table_exported'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization', 'Tag', 'Vacancy', 'Activity', 'Desk', 'NewsArticle', 'ContentPage', 'NotificationTemplate', 'ContactMessage', 'DataTable'));--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0017, 0022, 0024).
GRANT SELECT, INSERT, UPDATE, DELETE ON "contact_messages" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "contact_messages_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "contact_messages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "contact_messages" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
