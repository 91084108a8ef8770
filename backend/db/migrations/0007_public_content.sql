CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"organization_id" integer,
	"desk_id" integer,
	"title" text NOT NULL,
	"summary" text,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"all_day" boolean DEFAULT false NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"location_name" text,
	"street" text,
	"postal_code" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"image_url" text,
	"registration_url" text,
	"capacity" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_status_check" CHECK ("activities"."status" in ('draft', 'published', 'cancelled')),
	CONSTRAINT "activities_period_check" CHECK ("activities"."ends_at" is null or "activities"."ends_at" >= "activities"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "content_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"slug" text NOT NULL,
	"locale" text DEFAULT 'nl' NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body" text,
	"image_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_pages_status_check" CHECK ("content_pages"."status" in ('draft', 'published')),
	CONSTRAINT "content_pages_locale_check" CHECK ("content_pages"."locale" in ('nl', 'en'))
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"author_id" integer,
	"slug" text NOT NULL,
	"locale" text DEFAULT 'nl' NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"body" text,
	"image_url" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_articles_status_check" CHECK ("news_articles"."status" in ('draft', 'published')),
	CONSTRAINT "news_articles_locale_check" CHECK ("news_articles"."locale" in ('nl', 'en'))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"website" text,
	"logo_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_tags" (
	"tenant_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "organization_tags_organization_id_tag_id_pk" PRIMARY KEY("organization_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vacancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"volunteer_center_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"hours_per_week" smallint,
	"remote" boolean DEFAULT false NOT NULL,
	"street" text,
	"postal_code" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"image_url" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"published_at" timestamp with time zone,
	"closes_on" date,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('dutch', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('dutch', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('dutch', coalesce(description, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vacancies_status_check" CHECK ("vacancies"."status" in ('draft', 'published', 'closed', 'archived')),
	CONSTRAINT "vacancies_hours_check" CHECK ("vacancies"."hours_per_week" is null or "vacancies"."hours_per_week" between 0 and 80)
);
--> statement-breakpoint
CREATE TABLE "vacancy_tags" (
	"tenant_id" integer NOT NULL,
	"vacancy_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "vacancy_tags_vacancy_id_tag_id_pk" PRIMARY KEY("vacancy_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "desks" ADD COLUMN "welcome_title" text;--> statement-breakpoint
ALTER TABLE "desks" ADD COLUMN "welcome_body" text;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD COLUMN "summary" text;--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD COLUMN "social_map_visible" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_pages" ADD CONSTRAINT "content_pages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_tags" ADD CONSTRAINT "organization_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_tags" ADD CONSTRAINT "organization_tags_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_tags" ADD CONSTRAINT "organization_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_volunteer_center_id_organizations_id_fk" FOREIGN KEY ("volunteer_center_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancies" ADD CONSTRAINT "vacancies_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_tags" ADD CONSTRAINT "vacancy_tags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_tags" ADD CONSTRAINT "vacancy_tags_vacancy_id_vacancies_id_fk" FOREIGN KEY ("vacancy_id") REFERENCES "public"."vacancies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacancy_tags" ADD CONSTRAINT "vacancy_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_public_idx" ON "activities" USING btree ("tenant_id","status","volunteer_center_id","starts_at");--> statement-breakpoint
CREATE INDEX "activities_desk_idx" ON "activities" USING btree ("desk_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_pages_tenant_slug_locale_idx" ON "content_pages" USING btree ("tenant_id","slug","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "news_articles_tenant_slug_idx" ON "news_articles" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "news_articles_public_idx" ON "news_articles" USING btree ("tenant_id","status","volunteer_center_id","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "partners_center_idx" ON "partners" USING btree ("tenant_id","volunteer_center_id","position");--> statement-breakpoint
CREATE INDEX "organization_tags_tag_idx" ON "organization_tags" USING btree ("tag_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_tenant_slug_idx" ON "tags" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "vacancies_public_idx" ON "vacancies" USING btree ("tenant_id","status","volunteer_center_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vacancies_organization_idx" ON "vacancies" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "vacancies_search_idx" ON "vacancies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "vacancies_location_idx" ON "vacancies" USING gist (point("longitude", "latitude"));--> statement-breakpoint
CREATE INDEX "vacancy_tags_tag_idx" ON "vacancy_tags" USING btree ("tag_id","vacancy_id");--> statement-breakpoint
-- Row-level security for the new tenant tables, as 0001 does: api requests run as
-- volunteerly_app with app.tenant_id set and see only their tenant's rows.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tags','organization_tags','vacancies','vacancy_tags','activities','news_articles','content_pages','partners']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO volunteerly_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())',
      t);
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO volunteerly_app;
