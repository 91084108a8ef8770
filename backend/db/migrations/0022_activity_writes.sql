-- Activity writes (docs/activity-writes.md): recurring series of activities, the series an
-- activity belongs to, and the activity audit actions.
CREATE TABLE "activity_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"interval_weeks" smallint NOT NULL,
	"until_date" date,
	"occurrence_count" smallint,
	"exception_dates" date[] DEFAULT '{}'::date[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_series_interval_check" CHECK ("activity_series"."interval_weeks" between 1 and 52),
	CONSTRAINT "activity_series_end_check" CHECK (("activity_series"."until_date" is null) <> ("activity_series"."occurrence_count" is null)),
	CONSTRAINT "activity_series_count_check" CHECK ("activity_series"."occurrence_count" is null or "activity_series"."occurrence_count" between 1 and 104)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "activity_series" ADD CONSTRAINT "activity_series_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_series" ADD CONSTRAINT "activity_series_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_series_tenant_idx" ON "activity_series" USING btree ("tenant_id","volunteer_center_id");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_series_id_activity_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."activity_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_series_idx" ON "activities" USING btree ("series_id","starts_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated', 'tag_created', 'tag_updated', 'tag_merged', 'tag_deleted', 'vacancy_created', 'vacancy_updated', 'vacancy_status_changed', 'vacancy_bulk_updated', 'vacancy_deleted', 'activity_created', 'activity_updated', 'activity_status_changed', 'activity_deleted'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization', 'Tag', 'Vacancy', 'Activity'));--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0017).
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_series" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "activity_series_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "activity_series" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "activity_series" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
