-- Forms (docs/forms.md): forms owned by a centre or an organisation, their versions
-- (frozen from the first submission), the submissions, and a vacancy's application form.
CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"form_version_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"respondent_id" integer,
	"application_id" integer,
	"locale" text DEFAULT 'nl' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_locale_check" CHECK ("form_submissions"."locale" in ('nl', 'en'))
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"number" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"token" text NOT NULL,
	"requires_sign_in" boolean DEFAULT false NOT NULL,
	"confirmation_mail" boolean DEFAULT false NOT NULL,
	"retention_days" integer,
	"current_version_id" integer,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forms_status_check" CHECK ("forms"."status" in ('draft', 'published', 'closed')),
	CONSTRAINT "forms_retention_days_check" CHECK ("forms"."retention_days" is null or "forms"."retention_days" between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "application_form_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_respondent_id_users_id_fk" FOREIGN KEY ("respondent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("tenant_id","form_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_version_idx" ON "form_submissions" USING btree ("form_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_application_idx" ON "form_submissions" USING btree ("application_id") WHERE "form_submissions"."application_id" is not null;--> statement-breakpoint
CREATE INDEX "form_submissions_respondent_idx" ON "form_submissions" USING btree ("respondent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_number_idx" ON "form_versions" USING btree ("form_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_token_idx" ON "forms" USING btree ("token");--> statement-breakpoint
CREATE INDEX "forms_tenant_owner_idx" ON "forms" USING btree ("tenant_id","organization_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forms_tenant_centre_idx" ON "forms" USING btree ("tenant_id","volunteer_center_id","id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_application_form_id_forms_id_fk" FOREIGN KEY ("application_form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0017, 0022, 0024).
GRANT SELECT, INSERT, UPDATE, DELETE ON "forms" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "forms_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "forms" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "forms" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "form_versions" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "form_versions_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "form_versions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "form_versions" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "form_submissions" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "form_submissions_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "form_submissions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "form_submissions" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
