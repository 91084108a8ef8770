CREATE TABLE "application_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"event" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_transitions_status_check" CHECK ("application_transitions"."from_status" in ('new', 'in_conversation', 'accepted', 'declined', 'withdrawn', 'closed') and "application_transitions"."to_status" in ('new', 'in_conversation', 'accepted', 'declined', 'withdrawn', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"motivation" text DEFAULT '' NOT NULL,
	"responded_at" timestamp with time zone,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('new', 'in_conversation', 'accepted', 'declined', 'withdrawn', 'closed')),
	CONSTRAINT "applications_motivation_check" CHECK (char_length("applications"."motivation") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "application_transitions" ADD CONSTRAINT "application_transitions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_transitions" ADD CONSTRAINT "application_transitions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_transitions" ADD CONSTRAINT "application_transitions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_transitions_application_idx" ON "application_transitions" USING btree ("application_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_idx" ON "applications" USING btree ("tenant_id","vacancy_id","user_id") WHERE "applications"."status" in ('new', 'in_conversation');--> statement-breakpoint
CREATE INDEX "applications_organization_idx" ON "applications" USING btree ("tenant_id","organization_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_center_idx" ON "applications" USING btree ("tenant_id","volunteer_center_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_user_idx" ON "applications" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_vacancy_idx" ON "applications" USING btree ("vacancy_id","status");--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007): api requests run as
-- volunteerly_app with app.tenant_id set and see only their tenant's rows. An application's
-- history is appended to, never rewritten: the api may read and add transitions only.
GRANT SELECT, INSERT, UPDATE, DELETE ON "applications" TO volunteerly_app;
--> statement-breakpoint
REVOKE ALL ON "application_transitions" FROM volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "application_transitions" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "applications_id_seq", "application_transitions_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "application_transitions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "applications" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "application_transitions" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
