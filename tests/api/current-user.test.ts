import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRole } from "../../backend/auth/roles";
import { createTestApp, type TestApp } from "./support/app";
import { userRow } from "./support/auth";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";
import { createOrganizationAddress, signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let user: Awaited<ReturnType<typeof createUser>>;
let headers: Record<string, string>;
let school: Awaited<ReturnType<typeof createOrganization>>;
let roleIds: { volunteer: number; admin: number; member: number };

const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  user = await createUser(db, a.tenant.id, {
    email: "jane@example.test",
    firstName: "Jane",
    lastName: "Doe",
    volunteerCenterId: a.center.id,
  });
  school = await createOrganization(db, a.tenant.id, { type: "School", name: "Basisschool" });
  await createOrganizationAddress(db, a.tenant.id, school.id);
  roleIds = {
    volunteer: (await addRole(db, a.tenant.id, user.id, "volunteer")).id,
    admin: (
      await addRole(db, a.tenant.id, user.id, "admin", { type: "Organization", id: a.center.id })
    ).id,
    member: (
      await addRole(db, a.tenant.id, user.id, "member", { type: "Organization", id: school.id })
    ).id,
  };
  // A desk role is not an organization of the user.
  await addRole(db, a.tenant.id, user.id, "desk_manager", { type: "Desk", id: 1 });
  headers = await signedIn(db, a.tenant, user.id);
});
afterAll(() => t.close());

const get = (query = "", h: Record<string, string> = headers) =>
  t.app.inject({ method: "GET", url: `/api/v1/current_user${query}`, headers: h });
const patch = (payload: unknown, h: Record<string, string> = headers, type = "application/json") =>
  t.app.inject({
    method: "PATCH",
    url: "/api/v1/current_user",
    headers: { ...h, "content-type": type },
    payload: JSON.stringify(payload),
  });

describe("GET /api/v1/current_user", () => {
  it("answers devise's 401 when signed out", async () => {
    const res = await get("", { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });

  it("does not accept a token of another tenant's user", async () => {
    const other = await createUser(t.database.db, b.tenant.id);
    const otherHeaders = await signedIn(t.database.db, b.tenant, other.id);
    const res = await get("", { ...otherHeaders, "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
  });

  it("returns the signed-in user with role and organization linkage and no secrets", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    const body = res.json();
    const row = await userRow(t.database.db, user.id);
    expect(body).toEqual({
      data: {
        id: String(user.id),
        type: "user",
        attributes: {
          email: "jane@example.test",
          uid: "jane@example.test",
          first_name: "Jane",
          last_name: "Doe",
          phone: null,
          locale: "nl",
          status: "active",
          volunteer_center_id: a.center.id,
          confirmed_at: row.confirmedAt?.toISOString(),
          created_at: row.createdAt.toISOString(),
          updated_at: expect.any(String),
          // Only here, on the user's own record (docs/volunteer-profiles.md).
          notification_preferences: {},
          // Only here too: no change of address waiting (docs/api-email-change.md).
          unconfirmed_email: null,
        },
        relationships: {
          roles: {
            data: expect.arrayContaining([
              { id: String(roleIds.volunteer), type: "role" },
              { id: String(roleIds.admin), type: "role" },
              { id: String(roleIds.member), type: "role" },
            ]),
          },
          // By name: "Basisschool" before "Centre …".
          organizations: {
            data: [
              { id: String(school.id), type: "organization" },
              { id: String(a.center.id), type: "organization" },
            ],
          },
        },
      },
    });
    expect(body.data.relationships.roles.data).toHaveLength(4);
    expect(res.body).not.toMatch(/token|encrypted_password|tokens/);
  });

  it("include=roles adds the roles as name, resource_type and resource_id", async () => {
    const body = (await get("?include=roles")).json();
    expect(body.included).toHaveLength(4);
    expect(body.included).toContainEqual({
      id: String(roleIds.admin),
      type: "role",
      attributes: { name: "admin", resource_type: "Organization", resource_id: a.center.id },
    });
    expect(body.included).toContainEqual({
      id: String(roleIds.volunteer),
      type: "role",
      attributes: { name: "volunteer", resource_type: null, resource_id: null },
    });
  });

  it("include=roles,organizations.address adds organizations and their addresses", async () => {
    const body = (await get("?include=roles,organizations.address")).json();
    const types = body.included.map((r: { type: string }) => r.type).sort();
    expect(types).toEqual([
      "address",
      "organization",
      "organization",
      "role",
      "role",
      "role",
      "role",
    ]);
    const included = body.included.find(
      (r: { type: string; id: string }) => r.type === "organization" && r.id === String(school.id),
    );
    expect(included.attributes).toMatchObject({ name: "Basisschool", type: "School" });
    expect(included.relationships.address.data).toEqual({
      id: expect.any(String),
      type: "address",
    });
    expect(included.relationships.profile).toEqual({ data: null });
  });

  it("fields[user] restricts attributes and relationships", async () => {
    const body = (await get("?fields[user]=email,roles")).json();
    expect(body.data.attributes).toEqual({ email: "jane@example.test" });
    expect(Object.keys(body.data.relationships)).toEqual(["roles"]);
  });

  it("answers 400 naming an include that is not a relationship", async () => {
    const res = await get("?include=roles,vacancies");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      status: "400",
      source: { parameter: "include" },
      title: "Bad Request",
      detail: "vacancies is not specified as a relationship on user",
      code: "invalid",
    });
  });
});

describe("PATCH /api/v1/current_user", () => {
  it("changes name, phone and locale from a `user` body and ignores email", async () => {
    const res = await patch({
      user: {
        first_name: "Janet",
        phone: "+31 6 1234 5678",
        locale: "en",
        email: "x@example.test",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      first_name: "Janet",
      last_name: "Doe",
      phone: "+31 6 1234 5678",
      locale: "en",
      email: "jane@example.test",
    });
    const row = await userRow(t.database.db, user.id);
    expect([row.firstName, row.locale, row.email]).toEqual(["Janet", "en", "jane@example.test"]);
  });

  it("accepts a JSON:API body", async () => {
    const res = await patch(
      { data: { type: "users", attributes: { last_name: "Smith" } } },
      headers,
      "application/vnd.api+json",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.last_name).toBe("Smith");
  });

  it("answers 422 with a pointer for an unknown locale and changes nothing", async () => {
    const before = await userRow(t.database.db, user.id);
    const res = await patch({ user: { first_name: "Changed", locale: "fr" } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [
        {
          status: "422",
          source: { pointer: "/data/attributes/locale" },
          title: "Unprocessable Entity",
          detail: "Locale is not included in the list",
          code: "inclusion",
        },
      ],
    });
    const after = await userRow(t.database.db, user.id);
    expect(after.firstName).toBe(before.firstName);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it("answers 422 when the body has no user", async () => {
    const res = await patch({ first_name: "Loose" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({
      source: { pointer: "" },
      detail: "param is missing or the value is empty: user",
    });
  });

  it("answers devise's 401 when signed out and changes nothing", async () => {
    const res = await patch({ user: { first_name: "Nobody" } }, { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
    expect((await userRow(t.database.db, user.id)).firstName).not.toBe("Nobody");
  });
});
