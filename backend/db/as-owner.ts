import { sql } from "drizzle-orm";
import type { AppDb } from "./client";

/**
 * A deliberate, narrow exception to row security, used ONLY by the public vacancy search
 * (queries/vacancy-search.ts; docs/vacancies-search.md, "Row security and the search
 * indexes") and the volunteer pool's search (queries/volunteer-pool.ts; docs/volunteer-pool.md,
 * "Performance"). Do not use it anywhere else.
 *
 * Why: the api runs as `volunteerly_app` under the policy `tenant_id = app_tenant_id()`.
 * PostgreSQL evaluates a policy before any condition whose operator is not leakproof, and
 * neither `@@` (tsvector) nor `<@` (point in box) is, so under row security the GIN
 * `vacancies_search_idx` and the GiST `vacancies_location_idx` cannot be used: a word
 * search read a whole site's vacancies (228 ms against 8 ms as the owner).
 *
 * What: inside a withTenant transaction, fn runs as the connection's login role (the table
 * owner, which row security does not apply to) in a savepoint, and the role is back to
 * `volunteerly_app` right after: set explicitly on success, and by the savepoint's rollback
 * on any error (a failed statement cannot reset anything itself), so nothing else in the
 * transaction runs as the owner and the transaction stays usable after an error.
 *
 * The rules that keep it safe: fn only READS (ids, counts, facet counts), every statement
 * in it carries `tenant_id = app_tenant_id()` (the same transaction setting row security
 * uses, so a wrong tenant id in api code cannot reach another tenant's rows), and the rows
 * shown to the client are read afterwards as `volunteerly_app` under row security by id.
 */
export async function asOwnerWithinTenant<T>(
  tx: AppDb,
  fn: (owner: AppDb) => Promise<T>,
): Promise<T> {
  return tx.transaction(async (savepoint) => {
    const db = savepoint as unknown as AppDb;
    const result = await db.execute(
      sql`select current_setting('role') as before, current_setting('app.tenant_id', true) as tenant, set_config('role', 'none', true)`,
    );
    const [state] = (result as unknown as { rows: { before: string; tenant: string | null }[] })
      .rows;
    if (state?.before !== "volunteerly_app" || !state.tenant) {
      // Outside withTenant: refuse (the savepoint's rollback undoes the switch).
      throw new Error("asOwnerWithinTenant: only inside withTenant (volunteerly_app, tenant set)");
    }
    let failed = true;
    try {
      const value = await fn(db);
      failed = false;
      return value;
    } finally {
      const restore = db.execute(sql`select set_config('role', 'volunteerly_app', true)`);
      // After a failed statement the savepoint is aborted and the restore cannot run; the
      // rollback to the savepoint (drizzle does it when this throws) restores the role.
      // On success a failed restore throws, so that rollback happens too.
      if (failed) await restore.catch(() => undefined);
      else await restore;
    }
  });
}
