import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../backend/db/client";

// backend/db/client.ts: a pooled connection that PostgreSQL ends (a restart, a terminated
// backend) must not end the api process; the pool drops it and the next query reconnects.
describe.runIf(process.env.TEST_DB_KIND === "postgres" && process.env.TEST_DATABASE_URL)(
  "a pooled PostgreSQL connection that the server ends",
  () => {
    it("is reported to onConnectionError, and the next query opens a new one", async () => {
      const url = process.env.TEST_DATABASE_URL as string;
      const onConnectionError = vi.fn();
      const database = await openDatabase({ kind: "postgres", url, max: 1, onConnectionError });
      try {
        const rows = (result: unknown) => (result as { rows: { pid: number }[] }).rows;
        const [{ pid }] = rows(await database.db.execute(sql`select pg_backend_pid() as pid`));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query("select pg_terminate_backend($1)", [pid]);
        await admin.end();
        await vi.waitFor(() => expect(onConnectionError).toHaveBeenCalled());
        expect(onConnectionError.mock.calls[0][0]).toMatchObject({ code: "57P01" });
        const [next] = rows(await database.db.execute(sql`select pg_backend_pid() as pid`));
        expect(next.pid).not.toBe(pid);
      } finally {
        await database.close();
      }
    });
  },
);
