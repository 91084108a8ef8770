import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rolesOf } from "../../backend/auth/roles";
import { auditEvents, desks, users } from "../../backend/db/schema";
import { canTransition } from "../../backend/domain/user-status";
import { createTestApp, type TestApp } from "./support/app";
import { linkIn, userRow } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { createDesk, signedIn } from "./support/resources";

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type TPerson = { id: number; email: string; headers: Record<string, string> };
let a: TSetup;
let b: TSetup;
/** Tenant a: centre C (a.center) with organization O; centre D with organization P. */
let O: { id: number };
let D: { id: number };
let P: { id: number };
let desk: { id: number };
let super_: TPerson;
let centreAdmin: TPerson;
let dAdmin: TPerson;
let orgAdmin: TPerson;
let member: TPerson;
let volunteer: TPerson;
let deskManager: TPerson;
let pMember: TPerson;
/** Tenant b: a superadmin and a user. */
let bSuper: TPerson;
let bUser: TPerson;

const JSONAPI = /^application\/vnd\.api\+json/;
const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

async function person(
  setup: TSetup,
  attrs: Parameters<typeof createUser>[2] = {},
): Promise<TPerson> {
  const row = await createUser(t.database.db, setup.tenant.id, attrs);
  return {
    id: row.id,
    email: row.email,
    headers: await signedIn(t.database.db, setup.tenant, row.id),
  };
}

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const ta = a.tenant.id;
  O = await createOrganization(db, ta, { volunteerCenterId: a.center.id, name: "Org O" });
  D = await createOrganization(db, ta, { type: "VolunteerCenter", name: "Centre D" });
  P = await createOrganization(db, ta, { volunteerCenterId: D.id, name: "Org P" });
  desk = await createDesk(db, ta, { volunteerCenterId: a.center.id });
  super_ = await person(a, { firstName: "Sara", lastName: "Super" });
  await addRole(db, ta, super_.id, "superadmin");
  centreAdmin = await person(a, { firstName: "Carla", lastName: "Centre" });
  await addRole(db, ta, centreAdmin.id, "admin", { type: "Organization", id: a.center.id });
  dAdmin = await person(a, { firstName: "Dirk", lastName: "Other" });
  await addRole(db, ta, dAdmin.id, "admin", { type: "Organization", id: D.id });
  orgAdmin = await person(a, { firstName: "Olga", lastName: "Admin" });
  await addRole(db, ta, orgAdmin.id, "admin", { type: "Organization", id: O.id });
  member = await person(a, { firstName: "Mees", lastName: "Member" });
  await addRole(db, ta, member.id, "member", { type: "Organization", id: O.id });
  volunteer = await person(a, {
    firstName: "Vera",
    lastName: "Volunteer",
    volunteerCenterId: a.center.id,
  });
  await addRole(db, ta, volunteer.id, "volunteer");
  deskManager = await person(a, { firstName: "Daan", lastName: "Desk" });
  await addRole(db, ta, deskManager.id, "desk_manager", { type: "Desk", id: desk.id });
  pMember = await person(a, { firstName: "Piet", lastName: "P", volunteerCenterId: D.id });
  await addRole(db, ta, pMember.id, "member", { type: "Organization", id: P.id });
  bSuper = await person(b);
  await addRole(db, b.tenant.id, bSuper.id, "superadmin");
  bUser = await person(b, { volunteerCenterId: b.center.id });
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers });
const send = (
  method: "PATCH" | "PUT" | "DELETE" | "POST",
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers:
      payload === undefined ? headers : { ...headers, "content-type": "application/vnd.api+json" },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const patch = (id: number, attributes: Record<string, unknown>, headers: Record<string, string>) =>
  send("PATCH", `/users/${id}`, headers, { data: { type: "users", id: String(id), attributes } });
const roleBody = (role: string, resourceType?: string | null, resourceId?: number | null) => ({
  data: {
    type: "users",
    attributes: {
      role,
      ...(resourceType === undefined ? {} : { resource_type: resourceType }),
      ...(resourceId === undefined ? {} : { resource_id: resourceId }),
    },
  },
});
const ids = (res: { json: () => { data: { id: string }[] } }) =>
  res
    .json()
    .data.map((d) => Number(d.id))
    .sort((x, y) => x - y);
const sorted = (list: number[]) => [...list].sort((x, y) => x - y);

/** A throwaway user of centre C (and member of O when asked), for tests that write. */
async function fresh(
  attrs: Parameters<typeof createUser>[2] & { memberOfO?: boolean } = {},
): Promise<TPerson> {
  const { memberOfO, ...rest } = attrs;
  const p = await person(a, { volunteerCenterId: a.center.id, ...rest });
  if (memberOfO) {
    await addRole(t.database.db, a.tenant.id, p.id, "member", { type: "Organization", id: O.id });
  }
  return p;
}

describe("GET /api/v1/users", () => {
  it("is devise's 401 signed out", async () => {
    const res = await get("/users", { "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });

  it("is a 403 for a volunteer, a member and a desk manager", async () => {
    for (const who of [volunteer, member, deskManager]) {
      const res = await get("/users", who.headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers["content-type"]).toMatch(JSONAPI);
    }
  });

  it("lists the whole tenant for a superadmin, never another tenant's users", async () => {
    const res = await get("/users?page[size]=1000", super_.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const listed = ids(res);
    for (const p of [super_, centreAdmin, dAdmin, orgAdmin, member, volunteer, pMember]) {
      expect(listed).toContain(p.id);
    }
    expect(listed).not.toContain(bUser.id);
    expect(listed).not.toContain(bSuper.id);
    expect(res.json().data[0].type).toBe("user");
  });

  it("lists a centre admin the users of the centre and its organizations only", async () => {
    const listed = ids(await get("/users?page[size]=1000", centreAdmin.headers));
    expect(listed).toEqual(
      expect.arrayContaining([centreAdmin.id, orgAdmin.id, member.id, volunteer.id]),
    );
    for (const other of [dAdmin, pMember, super_, deskManager, bUser]) {
      expect(listed).not.toContain(other.id);
    }
  });

  it("lists another centre's admin their own centre's users", async () => {
    const listed = ids(await get("/users?page[size]=1000", dAdmin.headers));
    expect(listed).toEqual(expect.arrayContaining([dAdmin.id, pMember.id]));
    for (const other of [centreAdmin, orgAdmin, member, volunteer]) {
      expect(listed).not.toContain(other.id);
    }
  });

  it("lists an organization's admin the members of the organization", async () => {
    const listed = ids(await get("/users?page[size]=1000", orgAdmin.headers));
    expect(listed).toEqual(expect.arrayContaining([orgAdmin.id, member.id]));
    for (const other of [volunteer, centreAdmin, pMember]) expect(listed).not.toContain(other.id);
  });

  it("filters an organization's admins with organization_id_eq and with_role=admin", async () => {
    const res = await get(
      `/users?filter[organization_id_eq]=${O.id}&filter[with_role]=admin&page[size]=1000`,
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([orgAdmin.id]);
    const members = await get(`/users?filter[organization_id_eq]=${O.id}`, super_.headers);
    expect(ids(members)).toEqual(sorted([orgAdmin.id, member.id]));
    const admins = await get("/users?filter[with_role]=superadmin", super_.headers);
    expect(ids(admins)).toEqual([super_.id]);
  });

  it("filters with_any_role: the role held anywhere (global, class or instance), within the caller's scope", async () => {
    const members = await get(
      "/users?filter[with_any_role]=member&page[size]=1000",
      super_.headers,
    );
    expect(members.statusCode).toBe(200);
    expect(ids(members)).toEqual(sorted([member.id, pMember.id]));
    const scoped = await get(
      "/users?filter[with_any_role]=member&page[size]=1000",
      centreAdmin.headers,
    );
    expect(ids(scoped)).toEqual([member.id]);
    const desks = await get("/users?filter[with_any_role]=desk_manager", super_.headers);
    expect(ids(desks)).toEqual([deskManager.id]);
    // The global role as with_role finds it, and with_role=member (global only) finds nobody.
    const volunteers = await get("/users?filter[with_any_role]=volunteer", super_.headers);
    expect(ids(volunteers)).toEqual([volunteer.id]);
    expect(ids(await get("/users?filter[with_role]=member", super_.headers))).toEqual([]);
    const king = await get("/users?filter[with_any_role]=king", super_.headers);
    expect(king.statusCode).toBe(400);
  });

  it("filters with ransack predicates and sorts", async () => {
    const byName = await get(
      "/users?filter[first_name_or_last_name_or_email_cont]=volunt",
      super_.headers,
    );
    expect(ids(byName)).toEqual([volunteer.id]);
    const byEmail = await get(`/users?filter[email_cont]=${member.email}`, super_.headers);
    expect(ids(byEmail)).toEqual([member.id]);
    const sortedRes = await get("/users?sort=-first_name&page[size]=1000", centreAdmin.headers);
    const names = sortedRes
      .json()
      .data.map((d: { attributes: { first_name: string } }) => d.attributes.first_name);
    expect(names).toEqual([...names].sort().reverse());
  });

  it("filters by status", async () => {
    const invited = await fresh({ status: "invited", confirmed: false });
    const res = await get("/users?filter[status_eq]=invited&page[size]=1000", centreAdmin.headers);
    expect(ids(res)).toContain(invited.id);
    for (const d of res.json().data) expect(d.attributes.status).toBe("invited");
  });

  it("includes organizations and roles, pages up to 1000", async () => {
    const res = await get(
      `/users?include=organizations,roles&filter[id_eq]=${member.id}&page[size]=5000`,
      super_.headers,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0].relationships.organizations.data).toEqual([
      { type: "organization", id: String(O.id) },
    ]);
    const types = body.included.map((i: { type: string }) => i.type).sort();
    expect(types).toEqual(["organization", "role"]);
    expect(body.meta).toEqual({ pagination: { current: 1, records: 1 } });
    expect(JSON.stringify(body)).not.toMatch(/encrypted_password|tokens|confirmation_token/);
  });

  it("refuses unknown filters, roles and sorts with a 400", async () => {
    expect((await get("/users?filter[tokens_cont]=x", super_.headers)).statusCode).toBe(400);
    expect((await get("/users?filter[with_role]=king", super_.headers)).statusCode).toBe(400);
    expect((await get("/users?filter[organization_id_eq]=x", super_.headers)).statusCode).toBe(400);
    expect((await get("/users?sort=tokens", super_.headers)).statusCode).toBe(400);
  });
});

describe("GET /api/v1/users/:id", () => {
  it("answers with roles and organizations included", async () => {
    const res = await get(`/users/${orgAdmin.id}?include=roles,organizations`, centreAdmin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toMatchObject({ id: String(orgAdmin.id), type: "user" });
    expect(body.data.attributes.email).toBe(orgAdmin.email);
    const included = body.included.map((i: { type: string; attributes: { name?: string } }) => [
      i.type,
      i.attributes.name,
    ]);
    expect(included).toEqual(
      expect.arrayContaining([
        ["role", "admin"],
        ["organization", "Org O"],
      ]),
    );
  });

  it("lets anyone read themselves", async () => {
    expect((await get(`/users/${volunteer.id}`, volunteer.headers)).statusCode).toBe(200);
    expect((await get(`/users/${deskManager.id}`, deskManager.headers)).statusCode).toBe(200);
  });

  it("refuses each role what the policy refuses", async () => {
    const cases: [TPerson, TPerson, number][] = [
      [volunteer, member, 403],
      [member, orgAdmin, 403],
      [orgAdmin, volunteer, 403],
      [dAdmin, member, 403],
      [deskManager, volunteer, 403],
      [centreAdmin, pMember, 403],
      [orgAdmin, member, 200],
      [dAdmin, pMember, 200],
      [super_, pMember, 200],
    ];
    for (const [who, whom, status] of cases) {
      expect((await get(`/users/${whom.id}`, who.headers)).statusCode, `${who.email}`).toBe(status);
    }
  });

  it("is 401 signed out and 404 for a missing or malformed id", async () => {
    expect((await get(`/users/${member.id}`, { "x-tenant": a.tenant.slug })).statusCode).toBe(401);
    expect((await get("/users/999999", super_.headers)).statusCode).toBe(404);
    expect((await get("/users/abc", super_.headers)).statusCode).toBe(404);
  });
});

describe("PATCH /api/v1/users/:id", () => {
  it("changes name, phone and locale", async () => {
    const u = await fresh({ memberOfO: true });
    const res = await patch(
      u.id,
      { first_name: "Nieuw", last_name: "Naam", phone: "+31 6 1234", locale: "en" },
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      first_name: "Nieuw",
      last_name: "Naam",
      phone: "+31 6 1234",
      locale: "en",
    });
    const row = await userRow(t.database.db, u.id);
    expect(row.firstName).toBe("Nieuw");
  });

  it("lets a user edit their own name but not their status", async () => {
    const u = await fresh();
    expect((await patch(u.id, { first_name: "Zelf" }, u.headers)).statusCode).toBe(200);
    expect((await patch(u.id, { status: "inactive" }, u.headers)).statusCode).toBe(403);
    expect((await userRow(t.database.db, u.id)).status).toBe("active");
  });

  it("is a 422 for invalid attributes, changing nothing", async () => {
    const u = await fresh();
    const res = await patch(u.id, { first_name: "X", locale: "fr" }, centreAdmin.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: "/data/attributes/locale" });
    expect((await userRow(t.database.db, u.id)).firstName).toBe("Test");
    const bad = await send("PATCH", `/users/${u.id}`, centreAdmin.headers, {
      data: { type: "users", id: "1", attributes: {} },
    });
    expect(bad.statusCode).toBe(422);
  });

  it("answers a caller who may not read the user 403 before looking at the body", async () => {
    const u = await fresh({ memberOfO: true });
    const invalid = { data: { type: "users", id: String(u.id), attributes: { locale: "fr" } } };
    expect((await send("PATCH", `/users/${u.id}`, volunteer.headers, invalid)).statusCode).toBe(
      403,
    );
    const role = roleBody("king");
    expect((await send("PUT", `/users/${u.id}/add_role`, volunteer.headers, role)).statusCode).toBe(
      403,
    );
    // The same bodies from someone who may read the user are the validation's 422.
    expect((await send("PATCH", `/users/${u.id}`, centreAdmin.headers, invalid)).statusCode).toBe(
      422,
    );
    expect(
      (await send("PUT", `/users/${u.id}/add_role`, centreAdmin.headers, role)).statusCode,
    ).toBe(422);
  });

  it("refuses others than the user's admins", async () => {
    const u = await fresh({ memberOfO: true });
    for (const who of [volunteer, member, dAdmin, deskManager]) {
      expect((await patch(u.id, { first_name: "Nee" }, who.headers)).statusCode).toBe(403);
    }
    expect((await userRow(t.database.db, u.id)).firstName).toBe("Test");
  });

  describe("status machine", () => {
    const legal: [string, string][] = [
      ["invited", "active"],
      ["invited", "archived"],
      ["active", "inactive"],
      ["active", "archived"],
      ["inactive", "active"],
      ["inactive", "archived"],
    ];
    const illegal: [string, string][] = [
      ["invited", "inactive"],
      ["active", "invited"],
      ["inactive", "invited"],
      ["archived", "active"],
      ["archived", "inactive"],
      ["archived", "invited"],
    ];
    for (const [from, to] of legal) {
      it(`allows ${from} → ${to}`, async () => {
        const u = await fresh({ status: from as "active", memberOfO: true });
        const res = await patch(u.id, { status: to }, orgAdmin.headers);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.attributes.status).toBe(to);
        expect((await userRow(t.database.db, u.id)).status).toBe(to);
        expect(canTransition(from as "active", to as "active")).toBe(true);
      });
    }
    for (const [from, to] of illegal) {
      it(`refuses ${from} → ${to} with a 422, changing nothing`, async () => {
        const u = await fresh({ status: from as "active" });
        const res = await patch(u.id, { status: to, first_name: "Changed" }, centreAdmin.headers);
        expect(res.statusCode).toBe(422);
        expect(res.headers["content-type"]).toMatch(JSONAPI);
        expect(res.json().errors[0]).toMatchObject({
          status: "422",
          source: { pointer: "/data/attributes/status" },
          code: "invalid_transition",
        });
        const row = await userRow(t.database.db, u.id);
        expect(row.status).toBe(from);
        expect(row.firstName).toBe("Test");
      });
    }
    it("accepts the current status as no change", async () => {
      const u = await fresh({ status: "archived" });
      expect((await patch(u.id, { status: "archived" }, centreAdmin.headers)).statusCode).toBe(200);
    });
    it("revokes the tokens when archiving through PATCH", async () => {
      const u = await fresh();
      expect((await patch(u.id, { status: "archived" }, super_.headers)).statusCode).toBe(200);
      expect((await userRow(t.database.db, u.id)).tokens).toEqual({});
      expect((await get(`/users/${u.id}`, u.headers)).statusCode).toBe(401);
    });
  });
});

describe("DELETE /api/v1/users/:id", () => {
  it("archives the user and revokes their tokens", async () => {
    const u = await fresh();
    expect((await get(`/users/${u.id}`, u.headers)).statusCode).toBe(200);
    const res = await send("DELETE", `/users/${u.id}`, centreAdmin.headers);
    expect(res.statusCode).toBe(204);
    const row = await userRow(t.database.db, u.id);
    expect(row.status).toBe("archived");
    expect(row.tokens).toEqual({});
    expect((await get(`/users/${u.id}`, u.headers)).statusCode).toBe(401);
  });

  it("is 204 again for an archived user, 403 for oneself and for other roles", async () => {
    const u = await fresh({ status: "archived" });
    expect((await send("DELETE", `/users/${u.id}`, super_.headers)).statusCode).toBe(204);
    expect((await send("DELETE", `/users/${super_.id}`, super_.headers)).statusCode).toBe(403);
    const v = await fresh({ memberOfO: true });
    for (const who of [member, volunteer, dAdmin, deskManager]) {
      expect((await send("DELETE", `/users/${v.id}`, who.headers)).statusCode).toBe(403);
    }
    expect((await userRow(t.database.db, v.id)).status).toBe("active");
    expect((await send("DELETE", `/users/${v.id}`, orgAdmin.headers)).statusCode).toBe(204);
  });
});

describe("superadmins", () => {
  it("are changed by superadmins only, even as a member of one's organization", async () => {
    const u = await fresh({ memberOfO: true });
    await addRole(t.database.db, a.tenant.id, u.id, "superadmin");
    expect((await get(`/users/${u.id}`, orgAdmin.headers)).statusCode).toBe(200);
    expect((await patch(u.id, { first_name: "Nee" }, orgAdmin.headers)).statusCode).toBe(403);
    expect((await patch(u.id, { status: "inactive" }, centreAdmin.headers)).statusCode).toBe(403);
    expect((await send("DELETE", `/users/${u.id}`, orgAdmin.headers)).statusCode).toBe(403);
    const role = await send(
      "DELETE",
      `/users/${u.id}/remove_role`,
      orgAdmin.headers,
      roleBody("member", "Organization", O.id),
    );
    expect(role.statusCode).toBe(403);
    const row = await userRow(t.database.db, u.id);
    expect([row.status, row.firstName]).toEqual(["active", "Test"]);
    expect((await patch(u.id, { status: "inactive" }, super_.headers)).statusCode).toBe(200);
  });
});

describe("add_role and remove_role", () => {
  const roleNames = async (id: number) =>
    (await rolesOf(t.database.db, a.tenant.id, id)).map(
      (r) => `${r.name}:${r.resourceType ?? ""}:${r.resourceId ?? ""}`,
    );

  it("adds a role idempotently and answers the user with roles", async () => {
    const u = await fresh();
    for (let i = 0; i < 2; i += 1) {
      const res = await send(
        "PUT",
        `/users/${u.id}/add_role`,
        centreAdmin.headers,
        roleBody("member", "Organization", O.id),
      );
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.relationships.roles.data).toHaveLength(1);
      expect(body.included).toEqual([
        expect.objectContaining({
          type: "role",
          attributes: expect.objectContaining({
            name: "member",
            resource_type: "Organization",
            resource_id: O.id,
          }),
        }),
      ]);
    }
    expect(await roleNames(u.id)).toEqual([`member:Organization:${O.id}`]);
  });

  it("removes a role; removing a role not held is a 200 no-op", async () => {
    const u = await fresh({ memberOfO: true });
    const res = await send(
      "DELETE",
      `/users/${u.id}/remove_role`,
      centreAdmin.headers,
      roleBody("member", "Organization", O.id),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.relationships.roles.data).toEqual([]);
    expect(await roleNames(u.id)).toEqual([]);
    const again = await send(
      "DELETE",
      `/users/${u.id}/remove_role`,
      super_.headers,
      roleBody("member", "Organization", O.id),
    );
    expect(again.statusCode).toBe(200);
  });

  it("remove_role without a resource takes away every role of that name (rolify)", async () => {
    const u = await fresh({ memberOfO: true });
    await addRole(t.database.db, a.tenant.id, u.id, "member", { type: "Organization", id: P.id });
    const res = await send(
      "DELETE",
      `/users/${u.id}/remove_role`,
      super_.headers,
      roleBody("member"),
    );
    expect(res.statusCode).toBe(200);
    expect(await roleNames(u.id)).toEqual([]);
  });

  it("lets a centre admin grant desk_manager of their desk and admin of their organizations", async () => {
    const u = await fresh();
    const desk_ = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      centreAdmin.headers,
      roleBody("desk_manager", "Desk", desk.id),
    );
    expect(desk_.statusCode).toBe(200);
    const admin = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      centreAdmin.headers,
      roleBody("admin", "Organization", O.id),
    );
    expect(admin.statusCode).toBe(200);
    expect(await roleNames(u.id)).toEqual(
      expect.arrayContaining([`desk_manager:Desk:${desk.id}`, `admin:Organization:${O.id}`]),
    );
  });

  it("keeps superadmin and other centres' roles out of a centre admin's reach", async () => {
    const u = await fresh();
    const refused = [
      roleBody("superadmin"),
      roleBody("admin", "Organization", P.id),
      roleBody("admin", "Organization", D.id),
      roleBody("admin", "Organization"),
      roleBody("volunteer"),
    ];
    for (const body of refused) {
      const res = await send("PUT", `/users/${u.id}/add_role`, centreAdmin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    for (const who of [member, volunteer, deskManager, dAdmin]) {
      const res = await send(
        "PUT",
        `/users/${u.id}/add_role`,
        who.headers,
        roleBody("member", "Organization", O.id),
      );
      expect(res.statusCode).toBe(403);
    }
    expect(await roleNames(u.id)).toEqual([]);
  });

  it("lets an organization's admin grant member of their organization only", async () => {
    const u = await fresh({ memberOfO: true });
    const ok = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      orgAdmin.headers,
      roleBody("admin", "Organization", O.id),
    );
    expect(ok.statusCode).toBe(200);
    const no = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      orgAdmin.headers,
      roleBody("desk_manager", "Desk", desk.id),
    );
    expect(no.statusCode).toBe(403);
  });

  it("lets a superadmin grant and take superadmin", async () => {
    const u = await fresh();
    const add = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      super_.headers,
      roleBody("superadmin"),
    );
    expect(add.statusCode).toBe(200);
    expect(await roleNames(u.id)).toEqual(["superadmin::"]);
    const remove = await send(
      "DELETE",
      `/users/${u.id}/remove_role`,
      super_.headers,
      roleBody("superadmin"),
    );
    expect(remove.statusCode).toBe(200);
    expect(await roleNames(u.id)).toEqual([]);
  });

  it("is a 422 for an unknown role or resource, or another tenant's organization", async () => {
    const u = await fresh();
    const unknown = await send("PUT", `/users/${u.id}/add_role`, super_.headers, roleBody("king"));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].source).toEqual({ pointer: "/data/attributes/role" });
    const foreign = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      super_.headers,
      roleBody("admin", "Organization", b.center.id),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors[0].source).toEqual({ pointer: "/data/attributes/resource_id" });
    const noType = await send(
      "PUT",
      `/users/${u.id}/add_role`,
      super_.headers,
      roleBody("admin", null, O.id),
    );
    expect(noType.statusCode).toBe(422);
    expect(await roleNames(u.id)).toEqual([]);
  });
});

describe("POST /api/v1/users/:id/resend_confirmation_instructions", () => {
  it("mails an invited user the invitation again, not a confirmation", async () => {
    const u = await fresh({ status: "invited", confirmed: false, memberOfO: true });
    const before = t.mailer.sent.length;
    const res = await send(
      "POST",
      `/users/${u.id}/resend_confirmation_instructions`,
      orgAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(String(u.id));
    expect(t.mailer.sent.length).toBe(before + 1);
    const mail = t.mailer.last();
    expect(mail?.to).toBe(u.email);
    expect(mail?.tenantId).toBe(a.tenant.id);
    expect(mail?.subject).toMatch(/^Je bent uitgenodigd voor /);
    const row = await userRow(t.database.db, u.id);
    expect(row.invitationToken).toBeTruthy();
    expect(row.invitationSentAt).toBeTruthy();
    expect(row.confirmationToken).toBeNull();
    expect(row.status).toBe("invited");
    // The mailed link opens the web's accept page, whose call accepts it.
    const link = linkIn(mail!.text);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost/auth/invitation");
    const accepted = await t.app.inject({
      method: "PUT",
      url: "/auth/invitation",
      headers: { "x-tenant": a.tenant.slug },
      payload: {
        invitation_token: link.searchParams.get("invitation_token"),
        password: "Accepted-pass-1",
        password_confirmation: "Accepted-pass-1",
      },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await userRow(t.database.db, u.id)).status).toBe("active");
  });

  it("mails an unconfirmed active user too", async () => {
    const u = await fresh({ confirmed: false });
    const res = await send(
      "POST",
      `/users/${u.id}/resend_confirmation_instructions`,
      super_.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(t.mailer.last()?.to).toBe(u.email);
    expect(t.mailer.last()?.subject).toMatch(/^Bevestig je e-mailadres voor /);
  });

  it("is a 422 for a confirmed active user and for an archived one, mailing nothing", async () => {
    const before = t.mailer.sent.length;
    const u = await fresh();
    const res = await send(
      "POST",
      `/users/${u.id}/resend_confirmation_instructions`,
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source).toEqual({ pointer: "/data/attributes/status" });
    const archived = await fresh({ status: "archived", confirmed: false });
    expect(
      (await send("POST", `/users/${archived.id}/resend_confirmation_instructions`, super_.headers))
        .statusCode,
    ).toBe(422);
    expect(t.mailer.sent.length).toBe(before);
  });

  it("is a 403 for those who do not manage the user", async () => {
    const u = await fresh({ status: "invited", confirmed: false });
    const before = t.mailer.sent.length;
    for (const who of [volunteer, member, orgAdmin, dAdmin, deskManager]) {
      const res = await send(
        "POST",
        `/users/${u.id}/resend_confirmation_instructions`,
        who.headers,
      );
      expect(res.statusCode).toBe(403);
    }
    expect(t.mailer.sent.length).toBe(before);
  });
});

describe("audit log", () => {
  /** The audit entries about one user, oldest first (read as the owner). */
  const entries = (userId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, "User"), eq(auditEvents.subjectId, userId)))
      .orderBy(auditEvents.id);
  const summary = async (userId: number) =>
    (await entries(userId)).map((e) => ({
      action: e.action,
      actorId: e.actorId,
      centre: e.volunteerCenterId,
      details: e.details,
    }));

  it("PATCH records user_updated with the attributes that changed, by the caller, for the user's centre", async () => {
    const u = await fresh({ firstName: "Old" });
    const res = await patch(
      u.id,
      { first_name: "New", last_name: null, locale: "nl" },
      centreAdmin.headers,
    );
    expect(res.statusCode).toBe(200);
    const [entry] = await entries(u.id);
    expect(entry).toMatchObject({
      tenantId: a.tenant.id,
      actorId: centreAdmin.id,
      action: "user_updated",
      subjectType: "User",
      subjectLabel: u.email,
      volunteerCenterId: a.center.id,
      details: { changed: ["first_name", "last_name"] },
    });
    expect(await entries(u.id)).toHaveLength(1);
  });

  it("PATCH records nothing when users edit their own record", async () => {
    const u = await fresh();
    expect((await patch(u.id, { first_name: "Myself" }, u.headers)).statusCode).toBe(200);
    expect((await userRow(t.database.db, u.id)).firstName).toBe("Myself");
    expect(await entries(u.id)).toEqual([]);
  });

  it("PATCH records nothing when no value changes", async () => {
    const u = await fresh({ firstName: "Same" });
    const res = await patch(u.id, { first_name: "Same", status: "active" }, centreAdmin.headers);
    expect(res.statusCode).toBe(200);
    expect(await entries(u.id)).toEqual([]);
  });

  it("PATCH records user_status_changed {from, to} for a status change, beside user_updated", async () => {
    const u = await fresh();
    await patch(u.id, { status: "inactive", phone: "0612345678" }, super_.headers);
    await patch(u.id, { status: "active" }, super_.headers);
    expect(await summary(u.id)).toEqual([
      {
        action: "user_updated",
        actorId: super_.id,
        centre: a.center.id,
        details: { changed: ["phone"] },
      },
      {
        action: "user_status_changed",
        actorId: super_.id,
        centre: a.center.id,
        details: { from: "active", to: "inactive" },
      },
      {
        action: "user_status_changed",
        actorId: super_.id,
        centre: a.center.id,
        details: { from: "inactive", to: "active" },
      },
    ]);
  });

  it("uses the centre of a staff member's organization when they have none of their own", async () => {
    const staff = await person(a);
    await addRole(t.database.db, a.tenant.id, staff.id, "member", {
      type: "Organization",
      id: P.id,
    });
    expect((await patch(staff.id, { first_name: "Piet" }, dAdmin.headers)).statusCode).toBe(200);
    expect((await entries(staff.id))[0].volunteerCenterId).toBe(D.id);
  });

  it("DELETE records user_archived {from} once; archiving again records nothing", async () => {
    const u = await fresh({ status: "inactive" });
    expect((await send("DELETE", `/users/${u.id}`, centreAdmin.headers)).statusCode).toBe(204);
    expect((await send("DELETE", `/users/${u.id}`, centreAdmin.headers)).statusCode).toBe(204);
    expect(await summary(u.id)).toEqual([
      {
        action: "user_archived",
        actorId: centreAdmin.id,
        centre: a.center.id,
        details: { from: "inactive" },
      },
    ]);
  });

  it("add_role records role_added with the resource's name and centre; a role already held records nothing", async () => {
    const u = await person(a, { volunteerCenterId: a.center.id });
    const body = roleBody("member", "Organization", P.id);
    expect((await send("PUT", `/users/${u.id}/add_role`, super_.headers, body)).statusCode).toBe(
      200,
    );
    expect((await send("PUT", `/users/${u.id}/add_role`, super_.headers, body)).statusCode).toBe(
      200,
    );
    const desk_ = roleBody("desk_manager", "Desk", desk.id);
    expect(
      (await send("PUT", `/users/${u.id}/add_role`, centreAdmin.headers, desk_)).statusCode,
    ).toBe(200);
    const global = roleBody("volunteer");
    expect((await send("PUT", `/users/${u.id}/add_role`, super_.headers, global)).statusCode).toBe(
      200,
    );
    const [deskRow] = await t.database.db.select().from(desks).where(eq(desks.id, desk.id));
    expect(await summary(u.id)).toEqual([
      {
        action: "role_added",
        actorId: super_.id,
        centre: D.id,
        details: {
          role: "member",
          resource_type: "Organization",
          resource_id: P.id,
          resource_label: "Org P",
        },
      },
      {
        action: "role_added",
        actorId: centreAdmin.id,
        centre: a.center.id,
        details: {
          role: "desk_manager",
          resource_type: "Desk",
          resource_id: desk.id,
          resource_label: deskRow.azcName,
        },
      },
      {
        action: "role_added",
        actorId: super_.id,
        centre: a.center.id,
        details: {
          role: "volunteer",
          resource_type: null,
          resource_id: null,
          resource_label: null,
        },
      },
    ]);
  });

  it("remove_role records role_removed per role taken away; a role not held records nothing", async () => {
    const u = await fresh({ memberOfO: true });
    await addRole(t.database.db, a.tenant.id, u.id, "member", { type: "Organization", id: P.id });
    const notHeld = roleBody("admin", "Organization", O.id);
    expect(
      (await send("DELETE", `/users/${u.id}/remove_role`, super_.headers, notHeld)).statusCode,
    ).toBe(200);
    expect(await entries(u.id)).toEqual([]);
    // Without a resource, rolify takes every member role: one entry each.
    const all = roleBody("member");
    expect(
      (await send("DELETE", `/users/${u.id}/remove_role`, super_.headers, all)).statusCode,
    ).toBe(200);
    expect(await summary(u.id)).toEqual([
      {
        action: "role_removed",
        actorId: super_.id,
        centre: a.center.id,
        details: {
          role: "member",
          resource_type: "Organization",
          resource_id: O.id,
          resource_label: "Org O",
        },
      },
      {
        action: "role_removed",
        actorId: super_.id,
        centre: D.id,
        details: {
          role: "member",
          resource_type: "Organization",
          resource_id: P.id,
          resource_label: "Org P",
        },
      },
    ]);
  });

  it("records nothing for a refused or invalid request", async () => {
    const u = await fresh({ memberOfO: true });
    const before = await t.database.db.select({ n: count() }).from(auditEvents);
    const attempts: [string, string, Record<string, string>, unknown][] = [
      [
        "PATCH",
        `/users/${u.id}`,
        volunteer.headers,
        { data: { type: "users", attributes: { first_name: "X" } } },
      ],
      [
        "PATCH",
        `/users/${u.id}`,
        dAdmin.headers,
        { data: { type: "users", attributes: { status: "inactive" } } },
      ],
      [
        "PATCH",
        `/users/${u.id}`,
        centreAdmin.headers,
        { data: { type: "users", attributes: { status: "invited" } } },
      ],
      [
        "PATCH",
        `/users/${u.id}`,
        centreAdmin.headers,
        { data: { type: "users", attributes: { locale: "de" } } },
      ],
      ["DELETE", `/users/${u.id}`, member.headers, undefined],
      [
        "PUT",
        `/users/${u.id}/add_role`,
        orgAdmin.headers,
        roleBody("admin", "Organization", a.center.id),
      ],
      [
        "PUT",
        `/users/${u.id}/add_role`,
        super_.headers,
        roleBody("admin", "Organization", 999_999),
      ],
      [
        "DELETE",
        `/users/${u.id}/remove_role`,
        dAdmin.headers,
        roleBody("member", "Organization", O.id),
      ],
      ["DELETE", `/users/${u.id}`, bSuper.headers, undefined],
    ];
    for (const [method, url, headers, body] of attempts) {
      const res = await send(method as "PATCH", url, headers, body);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await t.database.db.select({ n: count() }).from(auditEvents)).toEqual(before);
    expect((await userRow(t.database.db, u.id)).status).toBe("active");
  });
});

describe("cross-tenant sweep", () => {
  it("is a 404 on every :id route for another tenant's user, nothing read or written", async () => {
    const db = t.database.db;
    const target = await person(b, { status: "invited", confirmed: false });
    const beforeRow = await userRow(db, target.id);
    const beforeMails = t.mailer.sent.length;
    const beforeAudit = await db.select({ n: count() }).from(auditEvents);
    const routes: [string, string, unknown][] = [
      ["GET", `/users/${target.id}`, undefined],
      [
        "PATCH",
        `/users/${target.id}`,
        { data: { type: "users", id: String(target.id), attributes: { status: "archived" } } },
      ],
      ["DELETE", `/users/${target.id}`, undefined],
      ["PUT", `/users/${target.id}/add_role`, roleBody("superadmin")],
      ["DELETE", `/users/${target.id}/remove_role`, roleBody("superadmin")],
      ["POST", `/users/${target.id}/resend_confirmation_instructions`, undefined],
    ];
    for (const who of [super_, centreAdmin, orgAdmin, volunteer]) {
      for (const [method, url, body] of routes) {
        const res =
          method === "GET"
            ? await get(url, who.headers)
            : await send(method as "PATCH", url, who.headers, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain(target.email);
      }
    }
    // And the other way round: tenant b's superadmin on tenant a's users.
    for (const [method, url, body] of routes) {
      const swapped = url.replace(String(target.id), String(member.id));
      const res =
        method === "GET"
          ? await get(swapped, bSuper.headers)
          : await send(method as "PATCH", swapped, bSuper.headers, body);
      expect(res.statusCode, `${method} ${swapped}`).toBe(404);
    }
    const afterRow = await userRow(db, target.id);
    expect(afterRow).toEqual(beforeRow);
    expect(await rolesOf(db, b.tenant.id, target.id)).toEqual([]);
    expect(await rolesOf(db, a.tenant.id, member.id)).toHaveLength(1);
    expect((await userRow(db, member.id)).status).toBe("active");
    expect(t.mailer.sent.length).toBe(beforeMails);
    expect(await db.select({ n: count() }).from(auditEvents)).toEqual(beforeAudit);
    const [still] = await db.select().from(users).where(eq(users.id, member.id));
    expect(still.tokens).not.toEqual({});
  });
});
