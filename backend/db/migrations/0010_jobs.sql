CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "jobs_kind_check" CHECK (char_length("jobs"."kind") between 1 and 100),
	CONSTRAINT "jobs_idempotency_key_check" CHECK (char_length("jobs"."idempotency_key") between 1 and 200),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("locked_at") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_tenant_state_idx" ON "jobs" USING btree ("tenant_id","state","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."finished_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_idempotency_idx" ON "jobs" USING btree (coalesce("tenant_id", 0),"kind","idempotency_key") WHERE "jobs"."idempotency_key" is not null;--> statement-breakpoint
-- Row security for the job queue (docs/jobs.md). The worker, the scheduler and the cleanup
-- run as the owner (no policy applies) and see every job. An api request runs as
-- volunteerly_app in its tenant's transaction: it enqueues only its own tenant's jobs, and
-- reads and retries its own tenant's jobs and the platform's (tenant_id null, which hold no
-- site's data), never another tenant's. It may change only the columns a retry touches, so
-- a job never moves to another tenant, and it deletes nothing.
REVOKE ALL ON "jobs" FROM volunteerly_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON "jobs" TO volunteerly_app;
--> statement-breakpoint
GRANT UPDATE ("state", "attempts", "run_at", "locked_at", "locked_by", "last_error", "updated_at", "finished_at") ON "jobs" TO volunteerly_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "jobs_id_seq" TO volunteerly_app;
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY jobs_read ON "jobs" FOR SELECT USING (tenant_id = app_tenant_id() OR tenant_id IS NULL);
--> statement-breakpoint
CREATE POLICY jobs_enqueue ON "jobs" FOR INSERT WITH CHECK (tenant_id = app_tenant_id());
--> statement-breakpoint
CREATE POLICY jobs_retry ON "jobs" FOR UPDATE USING (tenant_id = app_tenant_id() OR tenant_id IS NULL) WITH CHECK (tenant_id = app_tenant_id() OR tenant_id IS NULL);
