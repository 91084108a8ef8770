CREATE TABLE "calendar_tokens" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"token_digest" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_digest" text,
	"content" text,
	"byte_size" integer,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed', 'expired')),
	CONSTRAINT "data_exports_ready_check" CHECK (("data_exports"."status" = 'ready') = ("data_exports"."content" is not null and "data_exports"."token_digest" is not null))
);
--> statement-breakpoint
CREATE TABLE "pool_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"conversation_id" integer,
	"application_id" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pool_invitations_status_check" CHECK ("pool_invitations"."status" in ('pending', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "pool_invitations_message_check" CHECK (char_length("pool_invitations"."message") <= 1000),
	CONSTRAINT "pool_invitations_answer_check" CHECK (("pool_invitations"."status" in ('accepted', 'declined')) = ("pool_invitations"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_check";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "nudged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reply_nudges_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reply_nudge_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "reply_escalation_days" smallint DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "help_posts_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "availability" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "periodic_mail_sent_through" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "periodic_mail_unsubscribe_token" text;--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "last_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_tokens" ADD CONSTRAINT "calendar_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_invitations" ADD CONSTRAINT "pool_invitations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_tokens_digest_idx" ON "calendar_tokens" USING btree ("token_digest");--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_digest_idx" ON "data_exports" USING btree ("token_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_invitations_pending_idx" ON "pool_invitations" USING btree ("tenant_id","vacancy_id","user_id") WHERE "pool_invitations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pool_invitations_user_idx" ON "pool_invitations" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pool_invitations_center_idx" ON "pool_invitations" USING btree ("tenant_id","volunteer_center_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_unanswered_idx" ON "applications" USING btree ("tenant_id","created_at") WHERE "applications"."responded_at" is null and "applications"."status" = 'new';--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_profiles_unsubscribe_idx" ON "volunteer_profiles" USING btree ("periodic_mail_unsubscribe_token");--> statement-breakpoint
CREATE INDEX "volunteer_profiles_pool_asked_idx" ON "volunteer_profiles" USING btree ("tenant_id","last_invited_at" NULLS FIRST,"user_id") WHERE "volunteer_profiles"."in_pool";--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('application', 'direct', 'invitation'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_reply_days_check" CHECK ("site_settings"."reply_nudge_days" between 1 and 60 and "site_settings"."reply_escalation_days" > "site_settings"."reply_nudge_days" and "site_settings"."reply_escalation_days" <= 60);--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_availability_check" CHECK ("vacancies"."availability" <@ array['monday_morning', 'monday_afternoon', 'monday_evening', 'tuesday_morning', 'tuesday_afternoon', 'tuesday_evening', 'wednesday_morning', 'wednesday_afternoon', 'wednesday_evening', 'thursday_morning', 'thursday_afternoon', 'thursday_evening', 'friday_morning', 'friday_afternoon', 'friday_evening', 'saturday_morning', 'saturday_afternoon', 'saturday_evening', 'sunday_morning', 'sunday_afternoon', 'sunday_evening']::text[]);--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0013): api requests run as
-- volunteerly_app with app.tenant_id set and see only their tenant's rows.
GRANT SELECT, INSERT, UPDATE, DELETE ON "pool_invitations" TO volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "calendar_tokens" TO volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "data_exports" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "pool_invitations_id_seq", "data_exports_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "pool_invitations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "calendar_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "data_exports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "pool_invitations" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "calendar_tokens" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "data_exports" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
