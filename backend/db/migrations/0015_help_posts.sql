CREATE TABLE "help_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"timing" text DEFAULT '' NOT NULL,
	"city" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"cell_latitude" double precision NOT NULL,
	"cell_longitude" double precision NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by_id" integer,
	"hidden_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_posts_kind_check" CHECK ("help_posts"."kind" in ('request', 'offer')),
	CONSTRAINT "help_posts_category_check" CHECK ("help_posts"."category" in ('company', 'shopping', 'transport', 'odd_jobs', 'garden', 'computer', 'paperwork', 'language', 'pets', 'other')),
	CONSTRAINT "help_posts_status_check" CHECK ("help_posts"."status" in ('open', 'closed', 'hidden')),
	CONSTRAINT "help_posts_text_check" CHECK (char_length("help_posts"."title") between 1 and 120 and char_length("help_posts"."body") <= 2000 and char_length("help_posts"."timing") <= 200),
	CONSTRAINT "help_posts_hidden_check" CHECK (("help_posts"."status" = 'hidden') = ("help_posts"."hidden_at" is not null and "help_posts"."hidden_reason" is not null) and char_length("help_posts"."hidden_reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_posts" ADD CONSTRAINT "help_posts_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_posts_open_idx" ON "help_posts" USING btree ("tenant_id","cell_latitude","cell_longitude") WHERE "help_posts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "help_posts_list_idx" ON "help_posts" USING btree ("tenant_id","status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "help_posts_user_idx" ON "help_posts" USING btree ("tenant_id","user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0014).
GRANT SELECT, INSERT, UPDATE, DELETE ON "help_posts" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "help_posts_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "help_posts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "help_posts" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
