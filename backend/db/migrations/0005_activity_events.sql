CREATE TABLE "activity_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"client" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_events_action_check" CHECK ("activity_events"."action" in ('signed_in', 'signed_out', 'password_changed', 'password_reset_requested', 'account_confirmed', 'account_locked', 'account_unlocked')),
	CONSTRAINT "activity_events_client_check" CHECK (char_length("activity_events"."client") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_user_created_idx" ON "activity_events" USING btree ("tenant_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Row-level security for the new tenant table, as 0001, 0003 and 0004 do: api requests run
-- as volunteerly_app with app.tenant_id set, and see only their tenant's rows. Which
-- user's events a request sees is the query's condition (user_id = the signed-in user).
-- Append-only for the app role: a security log the api could rewrite would prove little,
-- so 0001's default privileges are narrowed to SELECT and INSERT here. Deleting a user
-- still cascades (and sets actor_id null): referential actions run as the table owner.
-- A retention job (docs/api-activity.md) would run as the owner as well.
REVOKE ALL ON "activity_events" FROM volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "activity_events" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "activity_events_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "activity_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "activity_events" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
