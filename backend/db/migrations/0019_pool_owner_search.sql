-- The pool search finds its matches as the table owner (backend/db/as-owner.ts, the vacancy
-- search's exception to row security; docs/volunteer-pool.md, "Performance"), where `&&`
-- can use an index: availability and languages of the pool, the combined search's most
-- selective conditions.
CREATE INDEX "volunteer_profiles_pool_slots_idx" ON "volunteer_profiles" USING gin ("availability","languages") WHERE "volunteer_profiles"."in_pool";
