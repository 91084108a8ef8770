-- Vacancy writes (docs/vacancy-writes.md): pending, dates, contact person, volunteers wanted,
-- the centre setting reviews_new_vacancies, and the vacancy audit actions. No new table:
-- vacancies and site_settings keep their grants and row-level security (0001).
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "vacancies" DROP CONSTRAINT "vacancies_status_check";--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reviews_new_vacancies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "ongoing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "contact_user_id" integer;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "volunteers_wanted" smallint;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_contact_user_id_users_id_fk" FOREIGN KEY ("contact_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vacancies_contact_user_idx" ON "vacancies" USING btree ("contact_user_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated', 'tag_created', 'tag_updated', 'tag_merged', 'tag_deleted', 'vacancy_created', 'vacancy_updated', 'vacancy_status_changed', 'vacancy_bulk_updated', 'vacancy_deleted'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization', 'Tag', 'Vacancy'));--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_dates_check" CHECK (("vacancies"."ongoing" and "vacancies"."starts_on" is null and "vacancies"."ends_on" is null) or (not "vacancies"."ongoing" and "vacancies"."starts_on" is not null and ("vacancies"."ends_on" is null or "vacancies"."ends_on" >= "vacancies"."starts_on")));--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_volunteers_wanted_check" CHECK ("vacancies"."volunteers_wanted" is null or "vacancies"."volunteers_wanted" between 1 and 999);--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_status_check" CHECK ("vacancies"."status" in ('draft', 'pending', 'published', 'closed', 'archived'));--> statement-breakpoint
-- A vacancy closed before closed_at existed was closed when it last changed.
UPDATE "vacancies" SET "closed_at" = "updated_at" WHERE "status" = 'closed' AND "closed_at" IS NULL;
