-- Workshops (docs/workshops.md): an activity is either an ordinary one or a training for
-- volunteers. Existing rows stay ordinary activities; the table's grants and row-level
-- security cover the new column as they do the rest.
ALTER TABLE "activities" ADD COLUMN "kind" text DEFAULT 'activity' NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_kind_check" CHECK ("activities"."kind" in ('activity', 'workshop'));
