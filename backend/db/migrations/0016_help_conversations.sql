ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "organization_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "peer_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "help_post_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_peer_id_users_id_fk" FOREIGN KEY ("peer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_help_post_id_help_posts_id_fk" FOREIGN KEY ("help_post_id") REFERENCES "public"."help_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_peer_idx" ON "conversations" USING btree ("tenant_id","peer_id","last_message_at" DESC NULLS LAST) WHERE "conversations"."peer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_help_post_idx" ON "conversations" USING btree ("help_post_id","volunteer_id") WHERE "conversations"."help_post_id" is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_sides_check" CHECK (case when "conversations"."kind" = 'help' then "conversations"."peer_id" is not null and "conversations"."organization_id" is null else "conversations"."organization_id" is not null and "conversations"."peer_id" is null end);--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('application', 'direct', 'invitation', 'help'));