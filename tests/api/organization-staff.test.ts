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

// An organisation's staff as its vacancy writers see them (docs/vacancy-editor.md): the
// active admins and members of that very organisation, names and addresses only, for a
// member as much as for an admin; nobody else's people, and never another tenant's.

type THeaders = Record<string, string>;

let t: TestApp;
let O: number;
let pendingO: number;
let member: THeaders;
let adminC: THeaders;
let volunteer: THeaders;
let otherTenantAdmin: THeaders;
let signedOut: THeaders;
const staffIds: { anna: number; bram: number } = { anna: 0, bram: 0 };

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  signedOut = { "x-tenant": tenant.slug };
  O = (await createOrganization(db, tenant.id, { volunteerCenterId: center.id })).id;
  pendingO = (
    await createOrganization(db, tenant.id, { volunteerCenterId: center.id, status: "pending" })
  ).id;
  const other = (await createOrganization(db, tenant.id, { volunteerCenterId: center.id })).id;
  const onO = { type: "Organization" as const, id: O };

  const bram = await createUser(db, tenant.id, { firstName: "Bram", lastName: "Jansen" });
  await addRole(db, tenant.id, bram.id, "member", onO);
  const anna = await createUser(db, tenant.id, { firstName: "Anna", lastName: "de Vries" });
  await addRole(db, tenant.id, anna.id, "admin", onO);
  const archived = await createUser(db, tenant.id, { firstName: "Aart", status: "archived" });
  await addRole(db, tenant.id, archived.id, "member", onO);
  const elsewhere = await createUser(db, tenant.id, { firstName: "Els" });
  await addRole(db, tenant.id, elsewhere.id, "member", { type: "Organization", id: other });
  staffIds.anna = anna.id;
  staffIds.bram = bram.id;
  member = await signedIn(db, tenant, bram.id);

  const centreAdmin = await createUser(db, tenant.id, {});
  await addRole(db, tenant.id, centreAdmin.id, "admin", { type: "Organization", id: center.id });
  adminC = await signedIn(db, tenant, centreAdmin.id);
  volunteer = await signedIn(db, tenant, (await createUser(db, tenant.id, {})).id);

  const elsewhereTenant = await createTenantWithCenter(db);
  const foreignAdmin = await createUser(db, elsewhereTenant.tenant.id, {});
  await addRole(db, elsewhereTenant.tenant.id, foreignAdmin.id, "superadmin");
  otherTenantAdmin = await signedIn(db, elsewhereTenant.tenant, foreignAdmin.id);
});
afterAll(() => t.close());

const staff = (id: number, headers: THeaders, query = "") =>
  t.app.inject({ method: "GET", url: `/api/v1/organizations/${id}/staff${query}`, headers });

describe("GET /api/v1/organizations/:id/staff", () => {
  it("gives a member the organisation's active staff by first name, names and addresses only", async () => {
    const res = await staff(O, member);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((u: { id: string }) => Number(u.id))).toEqual([staffIds.anna, staffIds.bram]);
    expect(data[0].type).toBe("user");
    expect(Object.keys(data[0].attributes).sort()).toEqual(["email", "first_name", "last_name"]);
    expect(data[0].attributes).toMatchObject({ first_name: "Anna", last_name: "de Vries" });
  });

  it("answers the centre's admins too, and takes a sparse fieldset", async () => {
    const res = await staff(O, adminC, "?fields[user]=first_name");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((u: { attributes: object }) => u.attributes)).toEqual([
      { first_name: "Anna" },
      { first_name: "Bram" },
    ]);
  });

  it("refuses a volunteer (403), hides an organisation they may not read (404) and asks for a session (401)", async () => {
    expect((await staff(O, volunteer)).statusCode).toBe(403);
    expect((await staff(pendingO, volunteer)).statusCode).toBe(404);
    expect((await staff(O, signedOut)).statusCode).toBe(401);
  });

  it("never finds another tenant's organisation, and refuses a parameter it does not read", async () => {
    expect((await staff(O, otherTenantAdmin)).statusCode).toBe(404);
    const res = await staff(O, member, "?filter[status_eq]=active");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: "filter[status_eq]" });
  });
});
