CREATE TABLE "volunteer_profile_tags" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "volunteer_profile_tags_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "volunteer_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"postal_code" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"about" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"availability" text[] DEFAULT '{}'::text[] NOT NULL,
	"hours_per_week" smallint,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"in_pool" boolean DEFAULT false NOT NULL,
	"pool_opted_in_at" timestamp with time zone,
	"periodic_mail_frequency" text DEFAULT 'never' NOT NULL,
	"periodic_mail_radius_km" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_profiles_about_check" CHECK (char_length("volunteer_profiles"."about") <= 1000),
	CONSTRAINT "volunteer_profiles_skills_check" CHECK (cardinality("volunteer_profiles"."skills") <= 20),
	CONSTRAINT "volunteer_profiles_availability_check" CHECK ("volunteer_profiles"."availability" <@ array['monday_morning', 'monday_afternoon', 'monday_evening', 'tuesday_morning', 'tuesday_afternoon', 'tuesday_evening', 'wednesday_morning', 'wednesday_afternoon', 'wednesday_evening', 'thursday_morning', 'thursday_afternoon', 'thursday_evening', 'friday_morning', 'friday_afternoon', 'friday_evening', 'saturday_morning', 'saturday_afternoon', 'saturday_evening', 'sunday_morning', 'sunday_afternoon', 'sunday_evening']::text[]),
	CONSTRAINT "volunteer_profiles_hours_check" CHECK ("volunteer_profiles"."hours_per_week" between 0 and 80),
	CONSTRAINT "volunteer_profiles_frequency_check" CHECK ("volunteer_profiles"."periodic_mail_frequency" in ('never', 'weekly', 'monthly')),
	CONSTRAINT "volunteer_profiles_radius_check" CHECK ("volunteer_profiles"."periodic_mail_radius_km" between 1 and 200),
	CONSTRAINT "volunteer_profiles_pool_check" CHECK ("volunteer_profiles"."in_pool" = ("volunteer_profiles"."pool_opted_in_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notification_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_profile_tags" ADD CONSTRAINT "volunteer_profile_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profile_tags" ADD CONSTRAINT "volunteer_profile_tags_user_id_volunteer_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."volunteer_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profile_tags" ADD CONSTRAINT "volunteer_profile_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD CONSTRAINT "volunteer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD CONSTRAINT "volunteer_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "volunteer_profile_tags_tag_idx" ON "volunteer_profile_tags" USING btree ("tag_id","user_id");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_pool_idx" ON "volunteer_profiles" USING btree ("tenant_id","in_pool");--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011): api requests run as
-- volunteerly_app with app.tenant_id set and see only their tenant's rows. Both tables are
-- keyed by the user, so there is no sequence to grant.
GRANT SELECT, INSERT, UPDATE, DELETE ON "volunteer_profiles" TO volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "volunteer_profile_tags" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "volunteer_profile_tags" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "volunteer_profiles" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "volunteer_profile_tags" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
