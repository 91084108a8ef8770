import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../backend/db/client";
import { startApiCluster, workerPids } from "./support/api-cluster-process";
import { freshDatabase } from "./support/database";
import { createTenantWithCenter } from "./support/factories";
import { startPgProxy, type TPgProxy, terminateConnections } from "./support/pg-proxy";

// docs/operations.md, "Failures": the api as it runs (backend/server.ts, a primary and two
// workers, each with its pool, LISTEN connection, rate-limit pool and job loop) through a
// PostgreSQL outage and a restart of the server's connections: no process dies of it (a
// worker killed meanwhile comes back), requests get 503 meanwhile and 200 again after,
// without restarting anything. The database is reached
// through a relay the test stops and starts (support/pg-proxy.ts). PostgreSQL only.
const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)("the api process through a PostgreSQL outage", () => {
  let database: Database & { url?: string };
  let proxy: TPgProxy;
  let primary: ChildProcess | undefined;
  let output = () => "";
  let port = 0;
  let slug = "";

  beforeAll(async () => {
    database = await freshDatabase();
    if (!database.url) throw new Error("the test database has no URL");
    slug = (await createTenantWithCenter(database.db)).tenant.slug;
    proxy = await startPgProxy(database.url);
    const api = await startApiCluster(proxy.url);
    primary = api.child;
    port = api.port;
    output = api.output;
  }, 60_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      const exited = new Promise((resolve) => primary?.once("exit", resolve));
      primary.kill("SIGTERM");
      await exited;
    }
    await proxy?.close();
    await database?.close();
  });

  const workers = () => workerPids(port);
  const vacancies = () =>
    fetch(`http://127.0.0.1:${port}/api/v1/vacancies`, { headers: { "x-tenant": slug } });
  const ready = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    } catch {
      return 0;
    }
  };

  it("answers 503 while the database is away and 200 once it is back, and no process dies", async () => {
    await expect.poll(ready, { timeout: 40_000, interval: 250 }).toBe(200);
    expect((await vacancies()).status).toBe(200);
    await expect.poll(workers, { timeout: 20_000, interval: 250 }).toHaveLength(2);
    const [victim, survivor] = await workers();

    await proxy.stop();
    // Enough requests that both workers meet the outage, each on a fresh connection.
    for (let i = 0; i < 6; i += 1) {
      const res = await vacancies();
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toMatch(/^application\/vnd\.api\+json/);
      expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe(
        "database_unavailable",
      );
      expect(await ready()).toBe(503);
    }
    // A worker that dies meanwhile is started again and serves without the database.
    process.kill(victim, "SIGKILL");
    await expect.poll(output, { timeout: 5_000 }).toMatch(/api worker died/);
    // Long enough for its successor to start, and for the LISTEN connections and the job
    // loops to fail and try again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (let i = 0; i < 4; i += 1) expect((await vacancies()).status).toBe(503);

    await proxy.start();
    await expect.poll(async () => (await vacancies()).status, { timeout: 5_000 }).toBe(200);
    for (let i = 0; i < 6; i += 1) expect((await vacancies()).status).toBe(200);

    // What a server restart looks like to every connection: all ended with 57P01.
    await terminateConnections(database.url as string);
    await expect.poll(async () => (await vacancies()).status, { timeout: 5_000 }).toBe(200);
    for (let i = 0; i < 6; i += 1) expect((await vacancies()).status).toBe(200);

    expect(primary?.exitCode).toBeNull();
    // The killed worker is the only one that ever died: the outage ended none.
    expect(output().match(/api worker died/g)).toHaveLength(1);
    await expect.poll(workers, { timeout: 10_000, interval: 250 }).toHaveLength(2);
    const after = await workers();
    expect(after).toContain(survivor);
    expect(after).not.toContain(victim);
  }, 90_000);
});
