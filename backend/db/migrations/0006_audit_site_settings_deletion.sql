CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_label" text,
	"volunteer_center_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated')),
	CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization')),
	CONSTRAINT "audit_events_subject_label_check" CHECK (char_length("audit_events"."subject_label") <= 300)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"footer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_by_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_token" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_tenant_created_idx" ON "audit_events" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_center_created_idx" ON "audit_events" USING btree ("tenant_id","volunteer_center_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("tenant_id","subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_settings_center_idx" ON "site_settings" USING btree ("volunteer_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invitation_token_idx" ON "users" USING btree ("invitation_token");--> statement-breakpoint
CREATE UNIQUE INDEX "users_deletion_token_idx" ON "users" USING btree ("deletion_token");--> statement-breakpoint
-- Row-level security for the two new tenant tables, as 0001 and later do: api requests run
-- as volunteerly_app with app.tenant_id set, and see only their tenant's rows.
-- audit_events is append-only for the app role (an audit log the api could rewrite would
-- prove little): SELECT and INSERT only. Deleting a user still sets actor_id null, as a
-- referential action run by the table owner.
REVOKE ALL ON "audit_events" FROM volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "audit_events" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "audit_events_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "audit_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "audit_events" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "site_settings" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "site_settings_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "site_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "site_settings" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
