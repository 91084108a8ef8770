-- The rate limits' counters when several api workers share one PostgreSQL database and
-- there is no Redis (backend/auth/rate-limit.ts, docs/operations.md "Api workers"). The
-- columns and their order are rate-limiter-flexible's RateLimiterPostgres table (it inserts
-- by position); the key is text, not its varchar(255), as an account key holds an email of
-- up to 255 characters behind its prefix. No tenant_id: a key names its tenant, and only
-- the owner connection (not volunteerly_app) reads or writes it.
CREATE TABLE IF NOT EXISTS "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_expire_idx" ON "rate_limits" USING btree ("expire");
--> statement-breakpoint
REVOKE ALL ON "rate_limits" FROM volunteerly_app;
