import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

// One person's writes at once, with token rotation on, as a busy back office or the load
// bench (bench/load.ts) makes them: each write's foreign keys lock the person's row for key
// share, and each rotation then locks it again to replace the tokens. With `for update`
// there, two such requests deadlocked (a 500 and a session lost); on PGlite's one
// connection requests never overlap, so this runs on PostgreSQL only.
const onPostgres =
  process.env.TEST_DB_KIND === "postgres" && Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)("concurrent writes of one person with token rotation", () => {
  let t: TestApp;
  let sessions: Record<string, string>[];
  let organizationId: number;

  beforeAll(async () => {
    t = await createTestApp({}, { auth: { rateLimits: NO_RATE_LIMITS } });
    const db = t.database.db;
    const { tenant, center } = await createTenantWithCenter(db);
    organizationId = (await createOrganization(db, tenant.id, { volunteerCenterId: center.id })).id;
    const admin = await createUser(db, tenant.id, {});
    await addRole(db, tenant.id, admin.id, "admin", { type: "Organization", id: center.id });
    // Several devices (clients) of one person, as the bench's four sessions.
    sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await signedIn(db, tenant, admin.id));
  });
  afterAll(() => t.close());

  it("answers every write, none a deadlock", async () => {
    const writes = Array.from({ length: 30 }, (_, i) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/vacancies",
        headers: { ...sessions[i % sessions.length], "content-type": "application/vnd.api+json" },
        payload: JSON.stringify({
          data: {
            type: "vacancies",
            attributes: { title: `Tegelijk ${i}` },
            relationships: {
              organization: { data: { type: "organizations", id: String(organizationId) } },
            },
          },
        }),
      }),
    );
    const statuses = (await Promise.all(writes)).map((res) => res.statusCode);
    expect(statuses).toEqual(statuses.map(() => 201));
  });
});
