-- The analytics (docs/analytics.md): a centre's applications of a period, with every column
-- its figures read trailing the key (drizzle declares no INCLUDE), so the figures of a range
-- are an index-only scan of the centre's own rows in it. No new table: grants and row-level
-- security stay as they are.
CREATE INDEX "applications_analytics_idx" ON "applications" USING btree ("tenant_id","volunteer_center_id","created_at","responded_at","status","status_changed_at","user_id","vacancy_id");