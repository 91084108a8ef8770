-- The volunteer pool search at 50 000 volunteers (docs/volunteer-pool.md, "Performance").
-- The search runs as volunteerly_app under row security, so PostgreSQL evaluates the
-- tenant policy before any condition whose operator is not leakproof: `&&` on arrays,
-- `<@` on points and `ilike` can never be index conditions there (a GIN, GiST or trigram
-- index would not be used; see docs/vacancies-search.md, "Row security and the search
-- indexes"). What helps is what plain comparisons can use, and less work per profile.
--
-- About and skills as the word search reads them, lower-cased once when they are written:
-- `ilike` folds the case of both sides on every row it tests, which made it most of a word
-- search's time. array_to_string is only STABLE in general (its output depends on the
-- element type's); for text[] it is immutable, which a generated column needs said.
CREATE FUNCTION pool_search_text(about text, skills text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(about || ' ' || array_to_string(skills, ' ')) $$;
--> statement-breakpoint
ALTER TABLE "volunteer_profiles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (pool_search_text(about, skills)) STORED;--> statement-breakpoint
-- The interests filter reads (tag, tenant, user) from the index alone.
DROP INDEX "volunteer_profile_tags_tag_idx";--> statement-breakpoint
CREATE INDEX "volunteer_profile_tags_tag_idx" ON "volunteer_profile_tags" USING btree ("tag_id","tenant_id","user_id");--> statement-breakpoint
-- The pool's count: its members in user order merge-joined with the tenant's active users,
-- both read from the index alone.
CREATE INDEX "users_active_idx" ON "users" USING btree ("tenant_id","id") WHERE "users"."status" = 'active';--> statement-breakpoint
CREATE INDEX "volunteer_profiles_pool_user_idx" ON "volunteer_profiles" USING btree ("tenant_id","user_id") WHERE "volunteer_profiles"."in_pool";--> statement-breakpoint
-- Statistics for the new column, so the planner estimates a word's matches from the start.
ANALYZE "volunteer_profiles";
