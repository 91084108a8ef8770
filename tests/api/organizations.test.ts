import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../backend/app";
import type { Database } from "../../backend/db/client";
import {
  addresses,
  desks,
  mailOutbox,
  organizations,
  roles,
  type TOrganizationStatus,
  type TOrganizationType,
  users,
} from "../../backend/db/schema";
import { parseEnv } from "../../backend/env";
import { createMailer } from "../../backend/mail/transport";
import { freshDatabase } from "./support/database";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import {
  createDesk,
  createOrganizationAddress,
  createOrganizationProfile,
  signedIn,
} from "./support/resources";

// The app runs with the real outbox mailer (no SMTP_URL), so the mail tests read the
// mail_outbox table as /dev/mail would.
let app: FastifyInstance;
let database: Database;
let db: Database["db"];
type TSetup = Awaited<ReturnType<typeof createTenantWithCenter>>;
let a: TSetup;
let b: TSetup;
let centreD: { id: number };
let orgO: { id: number; name: string };
let foreign: { approved: number; pending: number };
type THeaders = Record<string, string>;
const as: Record<string, THeaders> = {};
const anonymous = () => ({ "x-tenant": a.tenant.slug });

const JSONAPI = /^application\/vnd\.api\+json/;
let counter = 0;
const uniqueName = (prefix: string) => {
  counter += 1;
  return `${prefix} ${counter} ${Math.random().toString(36).slice(2, 7)}`;
};

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const config = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", TOKEN_ROTATION: "false" });
  // The outbox mailer, run by the job queue before each answer leaves (docs/jobs.md).
  app = await buildApp({
    database,
    config,
    mailer: createMailer(config, db),
    logger: false,
    jobs: { drainBeforeReply: true },
  });
  await app.ready();

  a = await createTenantWithCenter(db);
  b = await createTenantWithCenter(db);
  const tenantA = a.tenant;
  centreD = await createOrganization(db, tenantA.id, {
    type: "VolunteerCenter",
    name: "Centre D",
  });
  orgO = await createOrganization(db, tenantA.id, {
    name: "Org O of C",
    volunteerCenterId: a.center.id,
  });
  await createOrganizationAddress(db, tenantA.id, orgO.id);
  await createOrganizationProfile(db, tenantA.id, orgO.id);

  const user = async (key: string, role?: Parameters<typeof addRole>[3], on?: number) => {
    const u = await createUser(db, tenantA.id, { volunteerCenterId: a.center.id });
    if (role) {
      await addRole(
        db,
        tenantA.id,
        u.id,
        role,
        on === undefined ? undefined : { type: "Organization", id: on },
      );
    }
    as[key] = await signedIn(db, tenantA, u.id);
  };
  await user("volunteer", "volunteer");
  await user("member of O", "member", orgO.id);
  await user("admin of O", "admin", orgO.id);
  await user("admin of C", "admin", a.center.id);
  await user("admin of D", "admin", centreD.id);
  await user("superadmin", "superadmin");
  const deskManager = await createUser(db, tenantA.id);
  const desk = await createDesk(db, tenantA.id, { volunteerCenterId: a.center.id });
  await addRole(db, tenantA.id, deskManager.id, "desk_manager", { type: "Desk", id: desk.id });
  as["desk manager"] = await signedIn(db, tenantA, deskManager.id);

  foreign = {
    approved: (await createOrganization(db, b.tenant.id, { volunteerCenterId: b.center.id })).id,
    pending: (
      await createOrganization(db, b.tenant.id, {
        volunteerCenterId: b.center.id,
        status: "pending",
      })
    ).id,
  };
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** An organization of centre C (or another centre) in tenant A, made for one test. */
async function organization(
  status: TOrganizationStatus,
  attrs: { centre?: number | null; type?: TOrganizationType } = {},
) {
  return createOrganization(db, a.tenant.id, {
    status,
    name: uniqueName("Org"),
    type: attrs.type ?? "Organization",
    volunteerCenterId: attrs.centre === undefined ? a.center.id : attrs.centre,
  });
}

async function stored(id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

const get = (url: string, headers: THeaders) =>
  app.inject({ method: "GET", url: `/api/v1${url}`, headers });

const body = (id: number, attributes: Record<string, unknown>, type = "organizations") => ({
  data: { type, id: String(id), attributes },
});

const put = (
  id: number | string,
  attributes: Record<string, unknown>,
  headers: THeaders,
  path = "",
) =>
  app.inject({
    method: "PUT",
    url: `/api/v1/organizations/${id}${path}`,
    headers: { ...headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify(body(Number(id), attributes)),
  });
const approve = (id: number | string, status: string, headers: THeaders) =>
  put(id, { status }, headers, "/approve");
const del = (id: number | string, headers: THeaders) =>
  app.inject({ method: "DELETE", url: `/api/v1/organizations/${id}`, headers });

type TList = {
  data: {
    id: string;
    type: string;
    attributes: Record<string, unknown>;
    relationships: Record<string, { data: unknown }>;
  }[];
  included?: { id: string; type: string }[];
  meta: { pagination: { records: number } };
};
const ids = (res: { json: () => TList }) => res.json().data.map((d) => Number(d.id));

async function outboxFor(...emails: string[]) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.tenantId, a.tenant.id));
  return rows.filter((m) => emails.includes(m.to)).sort((x, y) => x.id - y.id);
}

describe("GET /api/v1/organizations", () => {
  it("answers devise's 401 when signed out", async () => {
    const res = await get("/organizations", anonymous());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      errors: ["You need to sign in or sign up before continuing."],
    });
  });

  for (const role of ["volunteer", "member of O", "desk manager"]) {
    it(`answers 403 to a ${role}`, async () => {
      const res = await get("/organizations", as[role]);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: "403", title: "Forbidden" });
    });
  }

  it("gives a centre admin the centre and its organizations, not another centre's or tenant's", async () => {
    const pending = await organization("pending");
    const ofD = await organization("pending", { centre: centreD.id });
    const res = await get("/organizations?page[size]=1000", as["admin of C"]);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(JSONAPI);
    const found = ids(res);
    expect(found).toEqual(expect.arrayContaining([a.center.id, orgO.id, pending.id]));
    expect(found).not.toContain(ofD.id);
    expect(found).not.toContain(centreD.id);
    expect(found).not.toContain(foreign.approved);
    expect(found).not.toContain(b.center.id);
    expect(res.json().meta.pagination.records).toBe(found.length);
  });

  it("gives a superadmin every organization of the tenant and none of another tenant", async () => {
    const ofD = await organization("denied", { centre: centreD.id });
    const res = await get("/organizations?page[size]=1000", as.superadmin);
    expect(res.statusCode).toBe(200);
    const found = ids(res);
    expect(found).toEqual(expect.arrayContaining([a.center.id, centreD.id, orgO.id, ofD.id]));
    expect(found).not.toContain(foreign.approved);
    expect(found).not.toContain(foreign.pending);
    expect(found).not.toContain(b.center.id);
  });

  it("gives an organization's admin only their own organization", async () => {
    const res = await get("/organizations", as["admin of O"]);
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([orgO.id]);
  });

  it("includes profile and address, and vacancies as an empty to-many", async () => {
    const res = await get(
      `/organizations?include=vacancies,profile,address&filter[name_cont]=${encodeURIComponent("Org O of C")}`,
      as["admin of C"],
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json() as TList;
    expect(doc.data).toHaveLength(1);
    expect(doc.data[0].type).toBe("organization");
    expect(doc.data[0].relationships.vacancies).toEqual({ data: [] });
    expect(doc.data[0].relationships.profile.data).toMatchObject({ type: "organization_profile" });
    expect(doc.data[0].relationships.address.data).toMatchObject({ type: "address" });
    expect(doc.included?.map((r) => r.type).sort()).toEqual(["address", "organization_profile"]);
  });

  it("filters by status_eq, status_in, type_eq, name_cont and volunteer_center_id_eq", async () => {
    const tag = uniqueName("Filter");
    const pending = await createOrganization(db, a.tenant.id, {
      status: "pending",
      name: `${tag} pending`,
      volunteerCenterId: a.center.id,
    });
    const denied = await createOrganization(db, a.tenant.id, {
      status: "denied",
      name: `${tag} denied`,
      type: "School",
      volunteerCenterId: a.center.id,
    });
    const ofD = await createOrganization(db, a.tenant.id, {
      status: "pending",
      name: `${tag} of D`,
      volunteerCenterId: centreD.id,
    });
    const q = (filter: string) =>
      get(`/organizations?filter[name_cont]=${encodeURIComponent(tag)}&${filter}`, as.superadmin);
    expect(ids(await q("filter[status_eq]=pending")).sort()).toEqual([pending.id, ofD.id].sort());
    expect(ids(await q("filter[status_in]=pending,denied")).sort()).toEqual(
      [pending.id, denied.id, ofD.id].sort(),
    );
    expect(ids(await q("filter[type_eq]=School"))).toEqual([denied.id]);
    expect(ids(await q(`filter[volunteer_center_id_eq]=${centreD.id}`))).toEqual([ofD.id]);
    const byType = await get("/organizations?filter[type_eq]=VolunteerCenter", as.superadmin);
    expect(ids(byType).sort()).toEqual([a.center.id, centreD.id].sort());
  });

  it("sorts by name (default), -name and status, and pages up to 1000", async () => {
    const tag = uniqueName("Sort");
    const names = ["Charlie", "Alpha", "Bravo"];
    const statuses: TOrganizationStatus[] = ["pending", "approved", "denied"];
    for (const [i, n] of names.entries()) {
      const created = await createOrganization(db, a.tenant.id, {
        name: `${tag} ${n}`,
        status: statuses[i],
        volunteerCenterId: a.center.id,
      });
      // Explicit, a minute apart: inserts within one clock tick would tie.
      await db
        .update(organizations)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12, i)) })
        .where(eq(organizations.id, created.id));
    }
    const list = async (extra: string) => {
      const res = await get(
        `/organizations?filter[name_cont]=${encodeURIComponent(tag)}${extra}`,
        as["admin of C"],
      );
      expect(res.statusCode).toBe(200);
      return (res.json() as TList).data.map((d) => String(d.attributes.name).split(" ").at(-1));
    };
    expect(await list("")).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(await list("&sort=-name")).toEqual(["Charlie", "Bravo", "Alpha"]);
    expect(await list("&sort=status")).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(await list("&sort=-created_at")).toEqual(["Bravo", "Alpha", "Charlie"]);
    const paged = await get(
      `/organizations?filter[name_cont]=${encodeURIComponent(tag)}&page[size]=2&page[number]=2`,
      as["admin of C"],
    );
    expect((paged.json() as TList).data.map((d) => d.attributes.name)).toEqual([`${tag} Charlie`]);
    expect(paged.json().meta.pagination).toMatchObject({ current: 2, records: 3 });
    const big = await get("/organizations?page[size]=1000", as.superadmin);
    expect(big.statusCode).toBe(200);
  });

  it("answers 400 for an unknown filter, sort or include", async () => {
    for (const q of ["filter[secret_eq]=1", "sort=secret", "include=members"]) {
      const res = await get(`/organizations?${q}`, as.superadmin);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe("GET /api/v1/organizations/:id", () => {
  it("shows an approved organization to anyone, with include=profile", async () => {
    const res = await get(`/organizations/${orgO.id}?include=profile`, anonymous());
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.data).toMatchObject({
      id: String(orgO.id),
      type: "organization",
      attributes: { name: "Org O of C", status: "approved", volunteer_center_id: a.center.id },
    });
    expect(doc.included).toEqual([
      expect.objectContaining({ type: "organization_profile", attributes: expect.any(Object) }),
    ]);
  });

  it("shows a pending organization only to those who may edit it, 404 to everyone else", async () => {
    const pending = await organization("pending");
    const expected: Record<string, number> = {
      volunteer: 404,
      "member of O": 404,
      "admin of O": 404,
      "admin of C": 200,
      "admin of D": 404,
      "desk manager": 404,
      superadmin: 200,
    };
    expect((await get(`/organizations/${pending.id}`, anonymous())).statusCode).toBe(404);
    for (const [role, status] of Object.entries(expected)) {
      const res = await get(`/organizations/${pending.id}`, as[role]);
      expect(res.statusCode, role).toBe(status);
    }
  });

  it("answers 404 for an id that is no id", async () => {
    for (const id of ["abc", "0", "99999999999"]) {
      expect((await get(`/organizations/${id}`, as.superadmin)).statusCode, id).toBe(404);
    }
  });
});

describe("organization status transitions", () => {
  const ALL: TOrganizationStatus[] = ["pending", "approved", "denied", "archived"];
  const ALLOWED = new Set([
    "pending>approved",
    "pending>denied",
    "approved>archived",
    "archived>approved",
    "denied>pending",
  ]);
  for (const from of ALL) {
    for (const to of ALL) {
      if (from === to) continue;
      const allowed = ALLOWED.has(`${from}>${to}`);
      for (const route of ["/approve", ""] as const) {
        it(`PUT /api/v1/organizations/:id${route} ${from} → ${to} ${allowed ? "is allowed" : "is a 422 that changes nothing"}`, async () => {
          const org = await organization(from);
          const before = await stored(org.id);
          const res = await put(org.id, { status: to }, as["admin of C"], route);
          if (allowed) {
            expect(res.statusCode).toBe(200);
            expect(res.json().data.attributes.status).toBe(to);
            expect((await stored(org.id)).status).toBe(to);
          } else {
            expect(res.statusCode).toBe(422);
            expect(res.json().errors).toEqual([
              {
                status: "422",
                title: "Unprocessable Entity",
                source: { pointer: "/data/attributes/status" },
                detail: `Status cannot change from ${from} to ${to}`,
                code: "invalid_transition",
              },
            ]);
            expect(await stored(org.id)).toEqual(before);
          }
        });
      }
    }
  }

  it("keeps the status when it is sent unchanged (no transition, no mail)", async () => {
    const org = await organization("approved");
    const res = await approve(org.id, "approved", as["admin of C"]);
    expect(res.statusCode).toBe(200);
    expect((await stored(org.id)).status).toBe("approved");
  });

  it("a plain PUT with status and details changes both", async () => {
    const org = await organization("pending");
    const res = await put(
      org.id,
      { status: "approved", name: "Renamed", website: "https://x.test" },
      as.superadmin,
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(org.id)).toMatchObject({
      status: "approved",
      name: "Renamed",
      website: "https://x.test",
    });
  });

  it("accepts the singular type 'organization' too and refuses another type", async () => {
    const org = await organization("pending");
    const singular = await app.inject({
      method: "PUT",
      url: `/api/v1/organizations/${org.id}/approve`,
      headers: as["admin of C"],
      payload: body(org.id, { status: "approved" }, "organization"),
    });
    expect(singular.statusCode).toBe(200);
    const wrong = await app.inject({
      method: "PUT",
      url: `/api/v1/organizations/${org.id}/approve`,
      headers: as["admin of C"],
      payload: body(org.id, { status: "archived" }, "users"),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors[0].source).toEqual({ pointer: "/data/type" });
    expect((await stored(org.id)).status).toBe("approved");
  });

  it("refuses a bad body with a 422 that changes nothing", async () => {
    const org = await organization("pending");
    const cases: [unknown, string][] = [
      [{}, ""],
      [
        { data: { type: "organizations", attributes: { status: "bogus" } } },
        "/data/attributes/status",
      ],
      [{ data: { type: "organizations", attributes: {} } }, "/data/attributes/status"],
      [
        { data: { type: "organizations", id: "1", attributes: { status: "approved" } } },
        "/data/id",
      ],
    ];
    for (const [payload, pointer] of cases) {
      const res = await app.inject({
        method: "PUT",
        url: `/api/v1/organizations/${org.id}/approve`,
        headers: as["admin of C"],
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[0].source.pointer).toBe(pointer);
    }
    const blankName = await put(org.id, { name: " " }, as["admin of C"]);
    expect(blankName.statusCode).toBe(422);
    expect(blankName.json().errors[0].source.pointer).toBe("/data/attributes/name");
    const badEmail = await put(org.id, { email: "nope" }, as["admin of C"]);
    expect(badEmail.json().errors[0].source.pointer).toBe("/data/attributes/email");
    expect((await stored(org.id)).status).toBe("pending");
  });
});

describe("who may change an organization", () => {
  it("answers devise's 401 when signed out, and changes nothing", async () => {
    const org = await organization("pending");
    expect((await approve(org.id, "approved", anonymous())).statusCode).toBe(401);
    expect((await put(org.id, { name: "X" }, anonymous())).statusCode).toBe(401);
    expect(await stored(org.id)).toMatchObject({ status: "pending", name: org.name });
  });

  it("lets an organization's admin edit its details but not its status", async () => {
    const res = await put(
      orgO.id,
      { phone: "0301234567", email: "o@example.test" },
      as["admin of O"],
    );
    expect(res.statusCode).toBe(200);
    expect(await stored(orgO.id)).toMatchObject({ phone: "0301234567", email: "o@example.test" });
    const status = await put(orgO.id, { status: "archived" }, as["admin of O"]);
    expect(status.statusCode).toBe(403);
    const viaApprove = await approve(orgO.id, "archived", as["admin of O"]);
    expect(viaApprove.statusCode).toBe(403);
    const mixed = await put(orgO.id, { status: "archived", name: "Sneaky" }, as["admin of O"]);
    expect(mixed.statusCode).toBe(403);
    expect(await stored(orgO.id)).toMatchObject({ status: "approved", name: "Org O of C" });
  });

  it("answers 403 to those who see an approved organization but may not edit it", async () => {
    for (const role of ["volunteer", "member of O", "admin of D", "desk manager"]) {
      const res = await put(orgO.id, { name: "Taken over" }, as[role]);
      expect(res.statusCode, role).toBe(403);
      const status = await approve(orgO.id, "archived", as[role]);
      expect(status.statusCode, role).toBe(403);
    }
    expect(await stored(orgO.id)).toMatchObject({ status: "approved", name: "Org O of C" });
  });

  it("answers 404 to those who may not see a pending organization", async () => {
    const org = await organization("pending");
    for (const role of ["volunteer", "member of O", "admin of O", "admin of D", "desk manager"]) {
      expect((await approve(org.id, "approved", as[role])).statusCode, role).toBe(404);
    }
    expect((await stored(org.id)).status).toBe("pending");
  });

  it("lets a centre's admin edit the centre's details but only a superadmin change its status", async () => {
    const details = await put(a.center.id, { phone: "0525-000000" }, as["admin of C"]);
    expect(details.statusCode).toBe(200);
    const own = await approve(a.center.id, "archived", as["admin of C"]);
    expect(own.statusCode).toBe(403);
    expect((await stored(a.center.id)).status).toBe("approved");
    const centre = await organization("pending", { type: "VolunteerCenter", centre: null });
    expect((await approve(centre.id, "approved", as.superadmin)).statusCode).toBe(200);
    expect((await stored(centre.id)).status).toBe("approved");
  });
});

describe("mail on approve and deny", () => {
  async function withAdmins(status: TOrganizationStatus) {
    const org = await organization(status);
    const nl = await createUser(db, a.tenant.id, { locale: "nl", firstName: "Anna" });
    const en = await createUser(db, a.tenant.id, { locale: "en", firstName: "Ed" });
    const archived = await createUser(db, a.tenant.id, { status: "archived" });
    const member = await createUser(db, a.tenant.id);
    for (const u of [nl, en, archived]) {
      await addRole(db, a.tenant.id, u.id, "admin", { type: "Organization", id: org.id });
    }
    await addRole(db, a.tenant.id, member.id, "member", { type: "Organization", id: org.id });
    return { org, nl, en, archived, member };
  }

  it("mails each admin in their own language when an organization is approved", async () => {
    const { org, nl, en, archived, member } = await withAdmins("pending");
    const res = await approve(org.id, "approved", as["admin of C"]);
    expect(res.statusCode).toBe(200);
    const mails = await outboxFor(nl.email, en.email, archived.email, member.email);
    expect(mails.map((m) => m.to).sort()).toEqual([nl.email, en.email].sort());
    const toNl = mails.find((m) => m.to === nl.email)!;
    const toEn = mails.find((m) => m.to === en.email)!;
    expect(toNl.subject).toBe(`${org.name} is goedgekeurd op ${a.tenant.name}`);
    expect(toNl.text).toContain("Hallo Anna,");
    expect(toEn.subject).toBe(`${org.name} has been approved on ${a.tenant.name}`);
    expect(toEn.text).toContain("Hello Ed,");
    expect(toEn.html).toContain("<!DOCTYPE html>");
  });

  it("mails each admin in their own language when an organization is denied, via a plain PUT", async () => {
    const { org, nl, en } = await withAdmins("pending");
    const res = await put(org.id, { status: "denied" }, as.superadmin);
    expect(res.statusCode).toBe(200);
    const mails = await outboxFor(nl.email, en.email);
    expect(mails.find((m) => m.to === nl.email)?.subject).toBe(
      `${org.name} is niet goedgekeurd op ${a.tenant.name}`,
    );
    expect(mails.find((m) => m.to === en.email)?.subject).toBe(
      `${org.name} has not been approved on ${a.tenant.name}`,
    );
  });

  it("sends nothing for a refused transition, an unchanged status or an archive", async () => {
    const { org, nl, en } = await withAdmins("approved");
    expect((await approve(org.id, "denied", as["admin of C"])).statusCode).toBe(422);
    expect((await approve(org.id, "approved", as["admin of C"])).statusCode).toBe(200);
    expect((await approve(org.id, "archived", as["admin of C"])).statusCode).toBe(200);
    expect(await outboxFor(nl.email, en.email)).toEqual([]);
  });
});

describe("DELETE /api/v1/organizations/:id", () => {
  it("lets the centre's admin delete an organization with its address and roles: 204", async () => {
    const org = await organization("pending");
    await createOrganizationAddress(db, a.tenant.id, org.id);
    const admin = await createUser(db, a.tenant.id);
    await addRole(db, a.tenant.id, admin.id, "admin", { type: "Organization", id: org.id });
    const res = await del(org.id, as["admin of C"]);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(await stored(org.id)).toBeUndefined();
    const left = await db
      .select()
      .from(addresses)
      .where(
        and(eq(addresses.addressableType, "Organization"), eq(addresses.addressableId, org.id)),
      );
    expect(left).toEqual([]);
    const roleRows = await db
      .select()
      .from(roles)
      .where(and(eq(roles.resourceType, "Organization"), eq(roles.resourceId, org.id)));
    expect(roleRows).toEqual([]);
  });

  it("answers 401 signed out and 403 to everyone who sees but may not delete", async () => {
    const org = await organization("approved");
    expect((await del(org.id, anonymous())).statusCode).toBe(401);
    for (const role of ["volunteer", "member of O", "admin of D", "desk manager"]) {
      expect((await del(org.id, as[role])).statusCode, role).toBe(403);
    }
    expect((await del(orgO.id, as["admin of O"])).statusCode).toBe(403);
    expect(await stored(org.id)).toBeDefined();
    expect(await stored(orgO.id)).toBeDefined();
  });

  it("keeps a centre that still has organizations, desks or users: 409", async () => {
    const centre = await organization("approved", { type: "VolunteerCenter", centre: null });
    const child = await organization("approved", { centre: centre.id });
    const first = await del(centre.id, as.superadmin);
    expect(first.statusCode).toBe(409);
    expect(first.json().errors[0]).toMatchObject({ status: "409", title: "Conflict" });
    expect((await del(child.id, as.superadmin)).statusCode).toBe(204);
    const desk = await createDesk(db, a.tenant.id, { volunteerCenterId: centre.id });
    expect((await del(centre.id, as.superadmin)).statusCode).toBe(409);
    await db.delete(desks).where(eq(desks.id, desk.id));
    const user = await createUser(db, a.tenant.id, { volunteerCenterId: centre.id });
    expect((await del(centre.id, as.superadmin)).statusCode).toBe(409);
    await db.delete(users).where(eq(users.id, user.id));
    expect((await del(centre.id, as.superadmin)).statusCode).toBe(204);
    expect(await stored(centre.id)).toBeUndefined();
  });

  it("keeps the tenant's default centre and lets only a superadmin delete a centre", async () => {
    expect((await del(a.center.id, as.superadmin)).statusCode).toBe(409);
    const centre = await organization("approved", { type: "VolunteerCenter", centre: null });
    const admin = await createUser(db, a.tenant.id);
    await addRole(db, a.tenant.id, admin.id, "admin", { type: "Organization", id: centre.id });
    const headers = await signedIn(db, a.tenant, admin.id);
    expect((await del(centre.id, headers)).statusCode).toBe(403);
    expect(await stored(centre.id)).toBeDefined();
  });
});

describe("another tenant's organizations", () => {
  it("are 404 on every :id route, for every role, and nothing changes", async () => {
    const before = {
      approved: await stored(foreign.approved),
      pending: await stored(foreign.pending),
    };
    for (const role of Object.keys(as)) {
      for (const id of [foreign.approved, foreign.pending]) {
        const calls = [
          () => get(`/organizations/${id}`, as[role]),
          () => put(id, { name: "Hijacked", status: "archived" }, as[role]),
          () => approve(id, "approved", as[role]),
          () => approve(id, "archived", as[role]),
          () => del(id, as[role]),
        ];
        for (const [i, call] of calls.entries()) {
          expect((await call()).statusCode, `${role}, call ${i}, id ${id}`).toBe(404);
        }
      }
    }
    expect((await get(`/organizations/${foreign.approved}`, anonymous())).statusCode).toBe(404);
    expect(await stored(foreign.approved)).toEqual(before.approved);
    expect(await stored(foreign.pending)).toEqual(before.pending);
  });
});
