-- Content writes (docs/content-writes.md): the old slugs of renamed news articles and content
-- pages, uploaded images, and the news/page audit actions and subjects.
CREATE TABLE "content_slug_redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"news_article_id" integer,
	"content_page_id" integer,
	"old_slug" text NOT NULL,
	"locale" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_slug_redirects_one_item_check" CHECK (("content_slug_redirects"."news_article_id" is null) <> ("content_slug_redirects"."content_page_id" is null)),
	CONSTRAINT "content_slug_redirects_locale_check" CHECK (("content_slug_redirects"."content_page_id" is null) = ("content_slug_redirects"."locale" is null) and ("content_slug_redirects"."locale" is null or "content_slug_redirects"."locale" in ('nl', 'en')))
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"uploaded_by_id" integer,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_content_type_check" CHECK ("images"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_subject_type_check";--> statement-breakpoint
ALTER TABLE "content_slug_redirects" ADD CONSTRAINT "content_slug_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_slug_redirects" ADD CONSTRAINT "content_slug_redirects_news_article_id_news_articles_id_fk" FOREIGN KEY ("news_article_id") REFERENCES "public"."news_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_slug_redirects" ADD CONSTRAINT "content_slug_redirects_content_page_id_content_pages_id_fk" FOREIGN KEY ("content_page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_slug_redirects_news_idx" ON "content_slug_redirects" USING btree ("tenant_id","old_slug") WHERE "content_slug_redirects"."news_article_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "content_slug_redirects_page_idx" ON "content_slug_redirects" USING btree ("tenant_id","old_slug","locale") WHERE "content_slug_redirects"."content_page_id" is not null;--> statement-breakpoint
CREATE INDEX "content_slug_redirects_news_article_idx" ON "content_slug_redirects" USING btree ("news_article_id");--> statement-breakpoint
CREATE INDEX "content_slug_redirects_content_page_idx" ON "content_slug_redirects" USING btree ("content_page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "images_storage_key_idx" ON "images" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "images_tenant_idx" ON "images" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('organization_registered', 'organization_created', 'organization_updated', 'organization_approved', 'organization_denied', 'organization_status_changed', 'organization_moved', 'organization_deleted', 'user_invited', 'user_updated', 'user_status_changed', 'user_archived', 'role_added', 'role_removed', 'signed_in_as', 'signed_in_as_ended', 'account_deleted', 'site_settings_updated', 'tag_created', 'tag_updated', 'tag_merged', 'tag_deleted', 'vacancy_created', 'vacancy_updated', 'vacancy_status_changed', 'vacancy_bulk_updated', 'vacancy_deleted', 'activity_created', 'activity_updated', 'activity_status_changed', 'activity_deleted', 'desk_created', 'desk_updated', 'desk_deleted', 'news_article_created', 'news_article_updated', 'news_article_deleted', 'content_page_created', 'content_page_updated', 'content_page_deleted'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_type_check" CHECK ("audit_events"."subject_type" in ('User', 'Organization', 'Tag', 'Vacancy', 'Activity', 'Desk', 'NewsArticle', 'ContentPage'));--> statement-breakpoint
-- Row-level security as for every tenant table (0001, 0007, 0011–0017, 0022).
GRANT SELECT, INSERT, UPDATE, DELETE ON "content_slug_redirects" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "content_slug_redirects_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "content_slug_redirects" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "content_slug_redirects" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "images" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "images_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "images" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON "images" USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
