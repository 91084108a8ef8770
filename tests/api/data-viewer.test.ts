import { parse } from "csv-parse/sync";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  calendarTokens,
  dataExports,
  jobs,
  mailOutbox,
  users,
  volunteerProfiles,
} from "../../backend/db/schema";
import { SECRET_COLUMN, VIEWER_TABLES } from "../../backend/domain/data-viewer-catalogue";
import { createTestApp, type TestApp } from "./support/app";
import { createTenantWithCenter, createUser } from "./support/factories";
import { signedInPerson, type TPerson } from "./support/resources";

// The superadmins' data viewer (docs/data-viewer.md): who may, unknown tables and sort
// columns, search, sort, paging, the CSV export with its formula guard, the audit entries,
// and, for every table, that no secret column and no secret value ever leaves, and no row
// of another tenant.

type TTenant = { id: number; slug: string };

let t: TestApp;
let tenant: TTenant;
let superadmin: TPerson;
let centreAdmin: TPerson;
let otherSuperadmin: TPerson;
/** Values that sit in secret columns of tenant A: none may appear in any answer. */
const SECRETS = [
  "SECRET-RESET-TOKEN",
  "SECRET-CONFIRMATION",
  "SECRET-UNLOCK",
  "SECRET-INVITATION",
  "SECRET-DELETION",
  "SECRET-DEVISE-TOKEN",
  "SECRET-CALENDAR-DIGEST",
  "SECRET-EXPORT-DIGEST",
  "SECRET-EXPORT-CONTENT",
  "SECRET-UNSUBSCRIBE",
  "SECRET-OUTBOX-LINK",
  "SECRET-JOB-PAYLOAD",
];
const B_MARKER = "TENANT-B-ONLY";
let encryptedPassword: string;
const unique = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  superadmin = await signedInPerson(db, tenant, {}, "superadmin");
  centreAdmin = await signedInPerson(db, tenant, {}, "admin", {
    type: "Organization",
    id: made.center.id,
  });
  // A user whose every secret column is filled.
  const holder = await createUser(db, tenant.id, { firstName: "Geheim" });
  await db
    .update(users)
    .set({
      resetPasswordToken: SECRETS[0],
      confirmationToken: SECRETS[1],
      unlockToken: SECRETS[2],
      invitationToken: SECRETS[3],
      deletionToken: SECRETS[4],
      tokens: { client: { token: SECRETS[5], expiry: 1, updatedAt: new Date().toISOString() } },
    })
    .where(eq(users.id, holder.id));
  const [stored] = await db
    .select({ encryptedPassword: users.encryptedPassword })
    .from(users)
    .where(eq(users.id, holder.id));
  encryptedPassword = stored.encryptedPassword ?? "";
  expect(encryptedPassword.length).toBeGreaterThan(10);
  await db
    .insert(calendarTokens)
    .values({ tenantId: tenant.id, userId: holder.id, tokenDigest: SECRETS[6] });
  await db.insert(dataExports).values({
    tenantId: tenant.id,
    userId: holder.id,
    status: "ready",
    tokenDigest: SECRETS[7],
    content: JSON.stringify({ secret: SECRETS[8] }),
  });
  await db.insert(volunteerProfiles).values({
    tenantId: tenant.id,
    userId: holder.id,
    periodicMailUnsubscribeToken: SECRETS[9],
  });
  await db.insert(mailOutbox).values({
    tenantId: tenant.id,
    to: "someone@example.org",
    subject: "Wachtwoord",
    text: `https://example.org/auth/reset?token=${SECRETS[10]}`,
    html: `<a href="https://example.org/auth/reset?token=${SECRETS[10]}">reset</a>`,
  });
  await db.insert(jobs).values({
    tenantId: tenant.id,
    kind: "mail",
    payload: { text: SECRETS[11] },
  });
  // Rows to search, sort and page.
  for (const name of ["Anna", "Bram", "Cees", "=1+1"]) {
    await createUser(db, tenant.id, { firstName: name, lastName: `Zoek${unique}` });
  }
  await createUser(db, tenant.id, { firstName: "Procent", lastName: `50%${unique}` });
  const other = await createTenantWithCenter(db);
  otherSuperadmin = await signedInPerson(db, other.tenant, {}, "superadmin");
  await createUser(db, other.tenant.id, { firstName: B_MARKER, lastName: `Zoek${unique}` });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers });
const rowsOf = (res: { json: () => { data: { attributes: { values: unknown[] } }[] } }) =>
  res.json().data.map((d) => d.attributes.values);

describe("who may", () => {
  it("answers superadmins, refuses a centre's admin (403) and the signed out (401)", async () => {
    for (const url of [
      "/data_viewer/tables",
      "/data_viewer/tables/users/rows",
      "/data_viewer/tables/users/export",
    ]) {
      expect((await get(url, superadmin.headers)).statusCode, url).toBe(200);
      expect((await get(url, centreAdmin.headers)).statusCode, url).toBe(403);
      expect((await get(url, { "x-tenant": tenant.slug })).statusCode, url).toBe(401);
    }
  });
});

describe("GET /api/v1/data_viewer/tables", () => {
  it("lists the tenant tables with their shown columns, and no global table", async () => {
    const res = await get("/data_viewer/tables", superadmin.headers);
    const names = res.json().data.map((d: { id: string }) => d.id);
    expect(names).toEqual([...VIEWER_TABLES.keys()]);
    expect(names).not.toContain("tenants");
    const usersTable = res.json().data.find((d: { id: string }) => d.id === "users");
    const columns = usersTable.attributes.columns.map((c: { name: string }) => c.name);
    expect(columns).toContain("email");
    expect(columns).not.toContain("encrypted_password");
  });
});

describe("GET /api/v1/data_viewer/tables/:table/rows", () => {
  it("walks every table: no secret column, no secret value, no other tenant's row", async () => {
    for (const name of VIEWER_TABLES.keys()) {
      const res = await get(`/data_viewer/tables/${name}/rows?page[size]=100`, superadmin.headers);
      expect(res.statusCode, name).toBe(200);
      const columns: string[] = res.json().meta.columns;
      for (const column of columns)
        expect(SECRET_COLUMN.test(column), `${name}.${column}`).toBe(false);
      for (const secret of [...SECRETS, encryptedPassword, B_MARKER]) {
        expect(res.body.includes(secret), `${name}: ${secret}`).toBe(false);
      }
      const csv = await get(`/data_viewer/tables/${name}/export`, superadmin.headers);
      expect(csv.statusCode, name).toBe(200);
      for (const secret of [...SECRETS, encryptedPassword, B_MARKER]) {
        expect(csv.body.includes(secret), `${name} csv: ${secret}`).toBe(false);
      }
    }
  });

  it("shows the tenant's own rows of a table, and the other tenant's superadmin only theirs", async () => {
    const mine = await get(`/data_viewer/tables/users/rows?q=Zoek${unique}`, superadmin.headers);
    const theirs = await get(
      `/data_viewer/tables/users/rows?q=Zoek${unique}`,
      otherSuperadmin.headers,
    );
    expect(mine.json().meta.pagination.records).toBe(4);
    expect(theirs.json().meta.pagination.records).toBe(1);
    expect(theirs.body).toContain(B_MARKER);
  });

  it("searches the text columns, a % as a letter, and sorts by a column either way", async () => {
    const columns: string[] = (
      await get("/data_viewer/tables/users/rows", superadmin.headers)
    ).json().meta.columns;
    const first = columns.indexOf("first_name");
    const asc = await get(
      `/data_viewer/tables/users/rows?q=Zoek${unique}&sort=first_name`,
      superadmin.headers,
    );
    expect(rowsOf(asc).map((r) => r[first])).toEqual(["=1+1", "Anna", "Bram", "Cees"]);
    const desc = await get(
      `/data_viewer/tables/users/rows?q=Zoek${unique}&sort=-first_name`,
      superadmin.headers,
    );
    expect(rowsOf(desc).map((r) => r[first])).toEqual(["Cees", "Bram", "Anna", "=1+1"]);
    const percent = await get(
      `/data_viewer/tables/users/rows?q=${encodeURIComponent(`50%${unique}`)}`,
      superadmin.headers,
    );
    expect(rowsOf(percent).map((r) => r[first])).toEqual(["Procent"]);
  });

  it("pages", async () => {
    const page2 = await get(
      `/data_viewer/tables/users/rows?q=Zoek${unique}&sort=first_name&page[size]=3&page[number]=2`,
      superadmin.headers,
    );
    expect(page2.json().meta.pagination).toMatchObject({ current: 2, records: 4 });
    expect(rowsOf(page2)).toHaveLength(1);
  });

  it("refuses an unknown table (404), an unknown or secret sort column (400) and a page too large (400)", async () => {
    for (const name of ["tenants", "nope", "pg_user"]) {
      expect((await get(`/data_viewer/tables/${name}/rows`, superadmin.headers)).statusCode).toBe(
        404,
      );
      expect((await get(`/data_viewer/tables/${name}/export`, superadmin.headers)).statusCode).toBe(
        404,
      );
    }
    for (const sort of ["nope", "encrypted_password", "-reset_password_token", "first_name;drop"]) {
      const res = await get(
        `/data_viewer/tables/users/rows?sort=${encodeURIComponent(sort)}`,
        superadmin.headers,
      );
      expect(res.statusCode, sort).toBe(400);
      expect(res.json().errors[0].source).toEqual({ parameter: "sort" });
    }
    const big = await get("/data_viewer/tables/users/rows?page[size]=101", superadmin.headers);
    expect(big.statusCode).toBe(400);
  });

  it("writes an audit entry for every view and every export", async () => {
    const count = (action: "data_table_viewed" | "data_table_exported") =>
      t.database.db.$count(
        auditEvents,
        and(
          eq(auditEvents.tenantId, tenant.id),
          eq(auditEvents.action, action),
          eq(auditEvents.subjectLabel, "organizations"),
        ),
      );
    const viewed = await count("data_table_viewed");
    const exported = await count("data_table_exported");
    await get("/data_viewer/tables/organizations/rows?q=x", superadmin.headers);
    await get("/data_viewer/tables/organizations/export", superadmin.headers);
    expect(await count("data_table_viewed")).toBe(viewed + 1);
    expect(await count("data_table_exported")).toBe(exported + 1);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "data_table_viewed"),
          eq(auditEvents.subjectLabel, "organizations"),
        ),
      )
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: superadmin.id,
      subjectType: "DataTable",
      volunteerCenterId: null,
      details: { table: "organizations", q: "x", sort: null, page: 1 },
    });
  });
});

describe("GET /api/v1/data_viewer/tables/:table/export", () => {
  it("answers CSV with a byte order mark, the shown columns, the rows asked for and formulas defused", async () => {
    const res = await get(
      `/data_viewer/tables/users/export?q=Zoek${unique}&sort=first_name`,
      superadmin.headers,
    );
    expect(res.headers["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers["x-total-count"]).toBe("4");
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: string[][] = parse(res.rawPayload.toString("utf8"), { bom: true });
    const [header, ...rows] = records;
    expect(header).toEqual(VIEWER_TABLES.get("users")?.columns.map((c) => c.name));
    expect(header).not.toContain("encrypted_password");
    const first = header.indexOf("first_name");
    expect(rows.map((r) => r[first])).toEqual(["'=1+1", "Anna", "Bram", "Cees"]);
  });
});
