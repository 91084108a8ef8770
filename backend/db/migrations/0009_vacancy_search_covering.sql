DROP INDEX "vacancies_public_idx";--> statement-breakpoint
DROP INDEX "vacancies_location_idx";--> statement-breakpoint
DROP INDEX "vacancies_remote_idx";--> statement-breakpoint
ALTER TABLE "vacancies" ADD COLUMN "tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
-- Issue 5, vacancy search at 100 000 vacancies (docs/vacancies-search.md, "Indexes"): every
-- statement of a search without words reads only indexes (index-only scans), so its cost is
-- the number of the site's matches, not the heap pages they are spread over.
--
-- tag_ids mirrors vacancy_tags (the source of truth), kept by the statement triggers below;
-- the backfill covers vacancies that existed before this migration.
UPDATE "vacancies" v SET "tag_ids" = t.ids
FROM (SELECT "vacancy_id", array_agg("tag_id" ORDER BY "tag_id") AS ids FROM "vacancy_tags" GROUP BY "vacancy_id") t
WHERE t."vacancy_id" = v."id";--> statement-breakpoint
CREATE FUNCTION "vacancies_sync_tag_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "vacancies" v SET "tag_ids" = coalesce(
      (SELECT array_agg(vt."tag_id" ORDER BY vt."tag_id") FROM "vacancy_tags" vt WHERE vt."vacancy_id" = v."id"),
      '{}'::integer[])
    WHERE v."id" IN (SELECT "vacancy_id" FROM new_rows);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "vacancies" v SET "tag_ids" = coalesce(
      (SELECT array_agg(vt."tag_id" ORDER BY vt."tag_id") FROM "vacancy_tags" vt WHERE vt."vacancy_id" = v."id"),
      '{}'::integer[])
    WHERE v."id" IN (SELECT "vacancy_id" FROM old_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vacancy_tags_sync_insert" AFTER INSERT ON "vacancy_tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancies_sync_tag_ids"();--> statement-breakpoint
CREATE TRIGGER "vacancy_tags_sync_update" AFTER UPDATE ON "vacancy_tags"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancies_sync_tag_ids"();--> statement-breakpoint
CREATE TRIGGER "vacancy_tags_sync_delete" AFTER DELETE ON "vacancy_tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancies_sync_tag_ids"();--> statement-breakpoint
-- btree_gist is a trusted extension: the database owner creates it without superuser.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- The site's published vacancies newest first (one centre reads its first page straight
-- from it), and every column a search without words or place reads.
CREATE INDEX "vacancies_published_idx" ON "vacancies" USING btree ("tenant_id", "volunteer_center_id", "published_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("organization_id", "hours_per_week", "closes_on", "remote", "latitude", "longitude", "tag_ids")
  WHERE "status" = 'published';--> statement-breakpoint
-- Remote vacancies match every distance search: a small index for that half of it.
CREATE INDEX "vacancies_published_remote_idx" ON "vacancies" USING btree ("tenant_id", "volunteer_center_id")
  INCLUDE ("id", "organization_id", "hours_per_week", "closes_on", "published_at", "latitude", "longitude", "tag_ids")
  WHERE "status" = 'published' AND "remote";--> statement-breakpoint
-- The other half: the bounding box of a distance search within the tenant, with what the
-- exact haversine check, the order and the counts read.
CREATE INDEX "vacancies_located_idx" ON "vacancies" USING gist ("tenant_id", point("longitude", "latitude"))
  INCLUDE ("id", "volunteer_center_id", "organization_id", "hours_per_week", "closes_on", "published_at", "latitude", "longitude", "tag_ids")
  WHERE "status" = 'published' AND NOT "remote";
