-- What the public search's count and facets read changed (docs/vacancies-search.md,
-- "Counts and facets: cache and invalidation"): vacancies (tag_ids included, which
-- vacancy_tags' triggers keep), tags (names, archiving) and organisations (their names, and
-- a centre's status decides which centres a sharing site shows). Each statement marks its
-- transaction (app.search_changed, read by the api before it commits a request's write) and
-- notifies channel vacancy_search with each tenant id it touched, delivered to every api
-- process's listener at commit and never for a rollback.
CREATE FUNCTION "vacancy_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    FOR changed IN SELECT DISTINCT tenant_id FROM new_rows LOOP
      PERFORM pg_notify('vacancy_search', changed::text);
      PERFORM set_config('app.search_changed', '1', true);
    END LOOP;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    FOR changed IN SELECT DISTINCT tenant_id FROM old_rows LOOP
      PERFORM pg_notify('vacancy_search', changed::text);
      PERFORM set_config('app.search_changed', '1', true);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vacancies_search_insert" AFTER INSERT ON "vacancies"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "vacancies_search_update" AFTER UPDATE ON "vacancies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "vacancies_search_delete" AFTER DELETE ON "vacancies"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_search_insert" AFTER INSERT ON "tags"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_search_update" AFTER UPDATE ON "tags"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "tags_search_delete" AFTER DELETE ON "tags"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_search_insert" AFTER INSERT ON "organizations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_search_update" AFTER UPDATE ON "organizations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();--> statement-breakpoint
CREATE TRIGGER "organizations_search_delete" AFTER DELETE ON "organizations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "vacancy_search_changed"();
