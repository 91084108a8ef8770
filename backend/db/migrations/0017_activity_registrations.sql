CREATE TABLE "activity_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"promoted_at" timestamp with time zone,
	"attended" boolean,
	"minutes" integer,
	"attendance_marked_by_id" integer,
	"attendance_marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_registrations_status_check" CHECK ("activity_registrations"."status" in ('registered', 'waitlisted', 'cancelled')),
	CONSTRAINT "activity_registrations_cancelled_check" CHECK (("activity_registrations"."status" = 'cancelled') = ("activity_registrations"."cancelled_at" is not null)),
	CONSTRAINT "activity_registrations_minutes_check" CHECK ("activity_registrations"."minutes" is null or ("activity_registrations"."minutes" between 0 and 1440 and "activity_registrations"."attended" is true))
);
--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_registrations" ADD CONSTRAINT "activity_registrations_attendance_marked_by_id_users_id_fk" FOREIGN KEY ("attendance_marked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_registrations_live_idx" ON "activity_registrations" USING btree ("activity_id","user_id") WHERE "activity_registrations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "activity_registrations_activity_idx" ON "activity_registrations" USING btree ("activity_id","status","id");--> statement-breakpoint
CREATE INDEX "activity_registrations_user_idx" ON "activity_registrations" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0015).
GRANT SELECT, INSERT, UPDATE, DELETE ON "activity_registrations" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "activity_registrations_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "activity_registrations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "activity_registrations" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
