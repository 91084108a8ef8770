import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents, auditEvents, users } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import { authOf, NO_RATE_LIMITS, userRow } from "./support/auth";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

// POST and DELETE /api/v1/sign_in_as_user with token rotation on (the default), so "the
// caller's token does not rotate" is a claim that could fail.

let t: TestApp;
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
type TPerson = { id: number; email: string; tenant: TSetup["tenant"] };
let a: TSetup;
let b: TSetup;
/** Tenant a: centre C (a.center) with organization O; centre D with organization P. */
let O: { id: number };
let D: { id: number };
let P: { id: number };
let superadmin: TPerson;
let centreAdmin: TPerson;
let orgAdmin: TPerson;
let dAdmin: TPerson;
let member: TPerson;
let volunteer: TPerson;
let superMember: TPerson;
let pUser: TPerson;
let bUser: TPerson;
let bSuper: TPerson;

const JSONAPI = /^application\/vnd\.api\+json/;
const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

async function person(
  setup: TSetup,
  attrs: Parameters<typeof createUser>[2] = {},
): Promise<TPerson> {
  const row = await createUser(t.database.db, setup.tenant.id, attrs);
  return { id: row.id, email: row.email, tenant: setup.tenant };
}

/** Fresh request headers for a person: with rotation on, each request gets its own token. */
const headersOf = (who: TPerson) => signedIn(t.database.db, who.tenant, who.id);

const body = (userId: string | number) => ({
  data: { type: "user", attributes: { user_id: userId } },
});

function post(headers: Record<string, string>, payload: unknown = undefined, query = "") {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/sign_in_as_user${query}`,
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify(payload),
  });
}

async function signInAs(who: TPerson, target: { id: number }, extra: Record<string, string> = {}) {
  return post({ ...(await headersOf(who)), ...extra }, body(String(target.id)));
}

const end = (headers: Record<string, string>) =>
  t.app.inject({ method: "DELETE", url: "/api/v1/sign_in_as_user", headers });

const currentUser = (headers: Record<string, string>, query = "") =>
  t.app.inject({ method: "GET", url: `/api/v1/current_user${query}`, headers });

const auditOf = (subjectId: number) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectType, "User"), eq(auditEvents.subjectId, subjectId)))
    .orderBy(auditEvents.id);

const activityOf = (userId: number) =>
  t.database.db
    .select()
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(activityEvents.id);

const clientsOf = async (id: number) => Object.keys((await userRow(t.database.db, id)).tokens);

beforeAll(async () => {
  t = await createTestApp({}, { auth: { rateLimits: NO_RATE_LIMITS } });
  const db = t.database.db;
  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const ta = a.tenant.id;
  O = await createOrganization(db, ta, { volunteerCenterId: a.center.id, name: "Org O" });
  D = await createOrganization(db, ta, { type: "VolunteerCenter", name: "Centre D" });
  P = await createOrganization(db, ta, { volunteerCenterId: D.id, name: "Org P" });
  superadmin = await person(a);
  await addRole(db, ta, superadmin.id, "superadmin");
  centreAdmin = await person(a, { volunteerCenterId: a.center.id });
  await addRole(db, ta, centreAdmin.id, "admin", { type: "Organization", id: a.center.id });
  orgAdmin = await person(a);
  await addRole(db, ta, orgAdmin.id, "admin", { type: "Organization", id: O.id });
  dAdmin = await person(a, { volunteerCenterId: D.id });
  await addRole(db, ta, dAdmin.id, "admin", { type: "Organization", id: D.id });
  member = await person(a, { firstName: "Mees" });
  await addRole(db, ta, member.id, "member", { type: "Organization", id: O.id });
  volunteer = await person(a, { firstName: "Vera", volunteerCenterId: a.center.id });
  await addRole(db, ta, volunteer.id, "volunteer");
  superMember = await person(a);
  await addRole(db, ta, superMember.id, "superadmin");
  await addRole(db, ta, superMember.id, "member", { type: "Organization", id: O.id });
  pUser = await person(a, { volunteerCenterId: D.id });
  await addRole(db, ta, pUser.id, "member", { type: "Organization", id: P.id });
  bUser = await person(b, { volunteerCenterId: b.center.id });
  bSuper = await person(b);
  await addRole(db, b.tenant.id, bSuper.id, "superadmin");
});

afterAll(async () => {
  await t?.close();
});

describe("POST /api/v1/sign_in_as_user", () => {
  it("a centre admin signs in as a volunteer of the centre: the user with roles, and the volunteer's auth headers", async () => {
    const res = await signInAs(centreAdmin, volunteer);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const doc = res.json();
    expect(doc.data).toMatchObject({
      id: String(volunteer.id),
      type: "user",
      attributes: { email: volunteer.email, first_name: "Vera" },
      relationships: { roles: { data: [{ type: "role" }] } },
    });
    expect(doc.included).toEqual([
      expect.objectContaining({
        type: "role",
        attributes: expect.objectContaining({ name: "volunteer" }),
      }),
    ]);
    expect(res.headers).toMatchObject({ uid: volunteer.email, "token-type": "Bearer" });
    expect(String(res.headers["access-token"])).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Number(res.headers.expiry)).toBeGreaterThan(Date.now() / 1000);
    expect(await clientsOf(volunteer.id)).toContain(String(res.headers.client));
  });

  it("answers with headers the web can use: they sign in as the volunteer", async () => {
    const res = await signInAs(centreAdmin, volunteer);
    const me = await currentUser({ "x-tenant": a.tenant.slug, ...authOf(res) });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(String(volunteer.id));
  });

  it("does not rotate the caller's token: no headers of theirs, their client untouched and still valid", async () => {
    const headers = await headersOf(centreAdmin);
    const before = (await userRow(t.database.db, centreAdmin.id)).tokens[headers.client];
    const res = await post(headers, body(volunteer.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers.uid).toBe(volunteer.email);
    expect(res.headers.client).not.toBe(headers.client);
    const after = (await userRow(t.database.db, centreAdmin.id)).tokens[headers.client];
    expect(after).toEqual(before);
    const again = await currentUser(headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(String(centreAdmin.id));
  });

  it("records the sign-in on the volunteer's activity by the admin, and audits signed_in_as", async () => {
    const res = await signInAs(centreAdmin, volunteer);
    expect(res.statusCode).toBe(200);
    const activity = (await activityOf(volunteer.id)).at(-1);
    expect(activity).toMatchObject({ action: "signed_in", actorId: centreAdmin.id });
    const audit = (await auditOf(volunteer.id)).at(-1);
    expect(audit).toMatchObject({
      tenantId: a.tenant.id,
      actorId: centreAdmin.id,
      action: "signed_in_as",
      subjectLabel: volunteer.email,
      volunteerCenterId: a.center.id,
      details: {},
    });
  });

  it("takes user_id as a number as well as a string", async () => {
    const res = await post(await headersOf(superadmin), body(member.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers.uid).toBe(member.email);
  });

  it("audits a staff member without a centre of their own under their organization's centre", async () => {
    await signInAs(centreAdmin, member);
    expect((await auditOf(member.id)).at(-1)).toMatchObject({
      action: "signed_in_as",
      volunteerCenterId: a.center.id,
    });
  });

  const who = () =>
    ({
      allowed: [
        ["a superadmin", superadmin, volunteer],
        ["a superadmin", superadmin, superMember],
        ["a centre admin", centreAdmin, member],
      ],
      refused: [
        ["an organization admin, as its own staff member", orgAdmin, member],
        ["an organization admin", orgAdmin, volunteer],
        ["an admin of another centre", dAdmin, member],
        ["a member", member, volunteer],
        ["a volunteer", volunteer, member],
        ["a centre admin, as themselves", centreAdmin, centreAdmin],
        ["a centre admin, as a superadmin of their organization", centreAdmin, superMember],
        ["an organization admin, as a superadmin member", orgAdmin, superMember],
      ],
    }) as const;

  it("lets superadmins and the admins who administer the user", async () => {
    for (const [, actor, target] of who().allowed) {
      const res = await signInAs(actor, target);
      expect(res.statusCode, `${actor.email} as ${target.email}`).toBe(200);
      expect(res.headers.uid).toBe(target.email);
    }
  });

  it("refuses everyone else with 403, and writes nothing", async () => {
    for (const [label, actor, target] of who().refused) {
      const headers = await headersOf(actor);
      const clients = await clientsOf(target.id);
      const audits = (await auditOf(target.id)).length;
      const res = await post(headers, body(target.id));
      expect(res.statusCode, label).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: "403", title: "Forbidden" });
      expect(res.headers.uid, label).toBeUndefined();
      expect(await clientsOf(target.id)).toEqual(clients);
      expect((await auditOf(target.id)).length).toBe(audits);
    }
  });

  it("answers 401 in devise's shape when signed out", async () => {
    const res = await post({ "x-tenant": a.tenant.slug }, body(volunteer.id));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });

  it("does not find a user of another tenant (404), either way round, and writes nothing", async () => {
    for (const [actor, target] of [
      [superadmin, bUser],
      [bSuper, volunteer],
    ] as const) {
      const clients = await clientsOf(target.id);
      const audits = (await auditOf(target.id)).length;
      const res = await signInAs(actor, target);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        errors: [{ status: "404", source: null, title: "Not Found", detail: null, code: null }],
      });
      expect(res.headers.uid).toBeUndefined();
      expect(await clientsOf(target.id)).toEqual(clients);
      expect((await auditOf(target.id)).length).toBe(audits);
    }
  });

  it("refuses an account that could not sign in itself with 422 on user_id, and writes nothing", async () => {
    const db = t.database.db;
    const cases = [
      ["invited", { status: "invited" as const }],
      ["inactive", { status: "inactive" as const }],
      ["archived", { status: "archived" as const }],
      ["unconfirmed", { confirmed: false }],
    ] as const;
    const anonymised = await person(a, { status: "archived", volunteerCenterId: a.center.id });
    await db.update(users).set({ anonymizedAt: new Date() }).where(eq(users.id, anonymised.id));
    const targets: [string, TPerson][] = [["anonymized", anonymised]];
    for (const [code, attrs] of cases) {
      targets.push([code, await person(a, { ...attrs, volunteerCenterId: a.center.id })]);
    }
    for (const [code, target] of targets) {
      const res = await signInAs(superadmin, target);
      expect(res.statusCode, code).toBe(422);
      const [error] = res.json().errors;
      expect(error).toMatchObject({
        status: "422",
        code,
        source: { pointer: "/data/attributes/user_id" },
      });
      expect(error.detail).toMatch(/^User /);
      expect(await clientsOf(target.id)).toEqual([]);
      expect(await auditOf(target.id)).toEqual([]);
      expect(await activityOf(target.id)).toEqual([]);
    }
  });

  it("refuses a user of another centre on this centre's site (wrong center), and allows it on theirs", async () => {
    const here = await signInAs(superadmin, pUser);
    expect(here.statusCode).toBe(422);
    expect(here.json().errors[0]).toMatchObject({ code: "wrong_center" });
    const there = await signInAs(superadmin, pUser, { "volunteer-center-id": String(D.id) });
    expect(there.statusCode).toBe(200);
    expect(there.headers.uid).toBe(pUser.email);
  });

  it("answers 404 for an id nobody has, and 422 for a body without a usable user_id", async () => {
    const headers = await headersOf(superadmin);
    expect((await post(headers, body("2147483000"))).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{}, ""],
      [{ data: { type: "user" } }, ""],
      [{ data: { type: "user", attributes: {} } }, "/data/attributes/user_id"],
      [body(""), "/data/attributes/user_id"],
      [body("abc"), "/data/attributes/user_id"],
      [body("-3"), "/data/attributes/user_id"],
      [{ data: { type: "organizations", attributes: { user_id: "1" } } }, "/data/type"],
    ];
    for (const [payload, pointer] of cases) {
      const res = await post(await headersOf(superadmin), payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
  });

  it("refuses a second level with 409: signed in as someone, one cannot sign in as another", async () => {
    const first = await signInAs(superadmin, centreAdmin);
    expect(first.statusCode).toBe(200);
    const clients = await clientsOf(member.id);
    const res = await post({ "x-tenant": a.tenant.slug, ...authOf(first) }, body(member.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({ status: "409", code: "already_impersonating" });
    expect(await clientsOf(member.id)).toEqual(clients);
  });
});

describe("DELETE /api/v1/sign_in_as_user", () => {
  it("signs the impersonated client out and audits the end in the admin's name", async () => {
    const adminHeaders = await headersOf(centreAdmin);
    const started = await post(adminHeaders, body(volunteer.id));
    const impersonated: Record<string, string> = { "x-tenant": a.tenant.slug, ...authOf(started) };
    const res = await end(impersonated);
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-token"]).toBeUndefined();
    expect(await clientsOf(volunteer.id)).not.toContain(impersonated.client);
    expect((await currentUser(impersonated)).statusCode).toBe(401);
    expect((await auditOf(volunteer.id)).at(-1)).toMatchObject({
      actorId: centreAdmin.id,
      action: "signed_in_as_ended",
      subjectLabel: volunteer.email,
      volunteerCenterId: a.center.id,
    });
    expect((await activityOf(volunteer.id)).at(-1)).toMatchObject({
      action: "signed_out",
      actorId: centreAdmin.id,
    });
    // The admin's own session goes on.
    expect((await currentUser(adminHeaders)).json().data.id).toBe(String(centreAdmin.id));
  });

  it("still knows the admin after the impersonated token rotated", async () => {
    const started = await signInAs(superadmin, member);
    const rotated = await currentUser(
      { "x-tenant": a.tenant.slug, ...authOf(started) },
      "?unbatch=true",
    );
    expect(rotated.statusCode).toBe(200);
    expect(rotated.headers["access-token"]).not.toBe(started.headers["access-token"]);
    const res = await end({ "x-tenant": a.tenant.slug, ...authOf(rotated) });
    expect(res.statusCode).toBe(204);
    expect((await auditOf(member.id)).at(-1)).toMatchObject({
      actorId: superadmin.id,
      action: "signed_in_as_ended",
    });
  });

  it("refuses a session that is not an impersonation with 422, and keeps it", async () => {
    const headers = await headersOf(volunteer);
    const audits = (await auditOf(volunteer.id)).length;
    const res = await end(headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ code: "not_impersonating" });
    expect(await clientsOf(volunteer.id)).toContain(headers.client);
    expect((await auditOf(volunteer.id)).length).toBe(audits);
  });

  it("answers 401 in devise's shape when signed out", async () => {
    const res = await end({ "x-tenant": a.tenant.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });
});

describe("an impersonated session", () => {
  it("may not set the user's password (PUT /auth/password with its headers): 403, nothing changed", async () => {
    const started = await signInAs(superadmin, volunteer);
    const before = (await userRow(t.database.db, volunteer.id)).encryptedPassword;
    const res = await t.app.inject({
      method: "PUT",
      url: "/auth/password",
      headers: { "x-tenant": a.tenant.slug, ...authOf(started) },
      payload: { password: "A-new-password-1", password_confirmation: "A-new-password-1" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      errors: ["Not allowed while signed in as another user."],
    });
    expect((await userRow(t.database.db, volunteer.id)).encryptedPassword).toBe(before);
  });
});
