CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"url" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('system', 'application', 'message', 'organization')),
	CONSTRAINT "notifications_title_check" CHECK (char_length("notifications"."title") between 1 and 200),
	CONSTRAINT "notifications_body_check" CHECK (char_length("notifications"."body") <= 2000),
	CONSTRAINT "notifications_url_check" CHECK (char_length("notifications"."url") <= 500 and "notifications"."url" ~ '^[!-~]+$' and strpos("notifications"."url", chr(92)) = 0 and "notifications"."url" ~ '^/([^/]|$)')
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("tenant_id","user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Row-level security for the new tenant table, as 0001 and 0003 do for the others: api
-- requests run as volunteerly_app with app.tenant_id set, and see only their tenant's rows.
-- Which user's rows a request sees is the queries' condition (user_id = the signed-in
-- user); the policy is the tenant wall behind it. 0001's default privileges already grant
-- the role this table; granted here again so the policy never stands on a table the role
-- cannot reach when another owner migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON "notifications" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "notifications_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "notifications" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
