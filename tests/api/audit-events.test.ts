import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDb, withTenant } from "../../backend/db/client";
import { auditEvents, organizations, type TAuditAction } from "../../backend/db/schema";
import { recordAudit } from "../../backend/queries/audit-events";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

const DEVISE_401 = { errors: ["You need to sign in or sign up before continuing."] };

let t: TestApp;
const db = () => t.database.db;

type TFixture = Awaited<ReturnType<typeof fixture>>;
let a: TFixture;
let b: TFixture;

/** A tenant with two centres, an ordinary organization of the first, and a user per role. */
async function fixture() {
  const { tenant, center } = await createTenantWithCenter(db());
  const other = await createOrganization(db(), tenant.id, {
    type: "VolunteerCenter",
    name: "Second centre",
  });
  const school = await createOrganization(db(), tenant.id, {
    type: "School",
    volunteerCenterId: center.id,
  });
  const superadmin = await createUser(db(), tenant.id, { firstName: "Sam", lastName: "Super" });
  await addRole(db(), tenant.id, superadmin.id, "superadmin");
  const centreAdmin = await createUser(db(), tenant.id, { volunteerCenterId: center.id });
  await addRole(db(), tenant.id, centreAdmin.id, "admin", { type: "Organization", id: center.id });
  const otherAdmin = await createUser(db(), tenant.id, { volunteerCenterId: other.id });
  await addRole(db(), tenant.id, otherAdmin.id, "admin", { type: "Organization", id: other.id });
  const schoolAdmin = await createUser(db(), tenant.id, { volunteerCenterId: center.id });
  await addRole(db(), tenant.id, schoolAdmin.id, "admin", { type: "Organization", id: school.id });
  const volunteer = await createUser(db(), tenant.id, { volunteerCenterId: center.id });
  await addRole(db(), tenant.id, volunteer.id, "volunteer");
  return {
    tenant,
    center,
    other,
    school,
    superadmin,
    centreAdmin,
    otherAdmin,
    schoolAdmin,
    volunteer,
  };
}

/** Writes an entry as the api does: inside a tenant transaction. */
function entry(
  f: TFixture,
  action: TAuditAction,
  options: { centerId: number | null; subjectId?: number; at?: Date; actorId?: number | null },
) {
  return withTenant(db(), f.tenant.id, (tx) =>
    recordAudit(tx, {
      tenantId: f.tenant.id,
      actorId: options.actorId === undefined ? f.superadmin.id : options.actorId,
      action,
      subject: {
        type: "Organization",
        id: options.subjectId ?? f.school.id,
        label: "De Regenboog",
      },
      volunteerCenterId: options.centerId,
      details: { from: "pending", to: "approved" },
      at: options.at,
    }),
  );
}

const list = async (f: TFixture, userId: number | null, query = "") =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/audit_events${query}`,
    headers:
      userId === null ? { "x-tenant": f.tenant.slug } : await signedIn(db(), f.tenant, userId),
  });

const ids = (body: { data: { id: string }[] }) => body.data.map((d) => Number(d.id));

let own: number[];
let others: number[];
let tenantWide: number[];

beforeAll(async () => {
  t = await createTestApp();
  a = await fixture();
  b = await fixture();
  const base = Date.parse("2026-11-01T10:00:00Z");
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  await entry(a, "organization_approved", { centerId: a.center.id, at: at(1) });
  await entry(a, "organization_denied", { centerId: a.center.id, at: at(2), actorId: null });
  await entry(a, "organization_approved", { centerId: a.other.id, at: at(3) });
  await entry(a, "signed_in_as", { centerId: null, at: at(4) });
  await entry(b, "organization_approved", { centerId: b.center.id, at: at(5) });
  const rows = await db()
    .select({ id: auditEvents.id, center: auditEvents.volunteerCenterId })
    .from(auditEvents)
    .where(eq(auditEvents.tenantId, a.tenant.id))
    .orderBy(auditEvents.id);
  own = rows.filter((r) => r.center === a.center.id).map((r) => r.id);
  others = rows.filter((r) => r.center === a.other.id).map((r) => r.id);
  tenantWide = rows.filter((r) => r.center === null).map((r) => r.id);
});
afterAll(() => t.close());

describe("GET /api/v1/audit_events", () => {
  it("signed out, answers devise's 401", async () => {
    const res = await list(a, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(DEVISE_401);
  });

  it("is a 403 for a volunteer and for the admin of an ordinary organization", async () => {
    for (const user of [a.volunteer, a.schoolAdmin]) {
      const res = await list(a, user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toMatchObject({ status: "403", title: "Forbidden" });
    }
  });

  it("shows a centre's admin the entries of their centre only, newest first", async () => {
    const res = await list(a, a.centreAdmin.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([...own].reverse());
    expect(body.meta.pagination).toMatchObject({ current: 1, records: own.length });
    const other = await list(a, a.otherAdmin.id);
    expect(ids(other.json())).toEqual(others);
  });

  it("shows a superadmin every entry of the tenant, those without a centre included, and none of another tenant", async () => {
    const res = await list(a, a.superadmin.id, "?sort=created_at");
    expect(ids(res.json())).toEqual([...own, ...others, ...tenantWide].sort((x, y) => x - y));
    const foreign = await db()
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.tenantId, b.tenant.id));
    expect(ids(res.json())).not.toContain(foreign[0].id);
  });

  it("answers the entry's attributes and, with include=actor, who did it", async () => {
    const res = await list(a, a.centreAdmin.id, "?include=actor&sort=created_at");
    const [first, second] = res.json().data;
    expect(first.type).toBe("audit_event");
    expect(first.attributes).toMatchObject({
      action: "organization_approved",
      subject_type: "Organization",
      subject_id: a.school.id,
      subject_label: "De Regenboog",
      volunteer_center_id: a.center.id,
      actor_id: a.superadmin.id,
      details: { from: "pending", to: "approved" },
    });
    expect(first.relationships.actor.data).toEqual({ id: String(a.superadmin.id), type: "user" });
    expect(second.relationships.actor.data).toBeNull();
    expect(res.json().included).toEqual([
      {
        id: String(a.superadmin.id),
        type: "user",
        attributes: { first_name: "Sam", last_name: "Super", email: a.superadmin.email },
      },
    ]);
  });

  it("filters by action and by subject, and refuses an action that does not exist", async () => {
    const denied = await list(a, a.superadmin.id, "?filter[action_eq]=organization_denied");
    expect(
      denied.json().data.map((d: { attributes: { action: string } }) => d.attributes.action),
    ).toEqual(["organization_denied"]);
    const subject = await list(
      a,
      a.superadmin.id,
      `?filter[subject_type_eq]=Organization&filter[subject_id_eq]=${a.school.id}`,
    );
    expect(subject.json().data).toHaveLength(own.length + others.length + tenantWide.length);
    const byLabel = await list(a, a.centreAdmin.id, "?filter[subject_label_cont]=regenboog");
    expect(ids(byLabel.json())).toEqual([...own].reverse());
    const typo = await list(a, a.superadmin.id, "?filter[action_eq]=organisation_approved");
    expect(typo.statusCode).toBe(400);
    expect(typo.json().errors[0].source).toEqual({ parameter: "filter[action_eq]" });
    const unknown = await list(a, a.superadmin.id, "?filter[details_cont]=x");
    expect(unknown.statusCode).toBe(400);
  });

  it("pages without overlap", async () => {
    const first = await list(a, a.superadmin.id, "?page[size]=2");
    const second = await list(a, a.superadmin.id, "?page[size]=2&page[number]=2");
    const all = await list(a, a.superadmin.id);
    expect([...ids(first.json()), ...ids(second.json())]).toEqual(ids(all.json()));
    expect(first.json().meta.pagination).toMatchObject({
      current: 1,
      next: 2,
      last: 2,
      records: 4,
    });
  });
});

describe("audit_events in the database", () => {
  it("cannot be changed or deleted by the api's role: the log is append-only", async () => {
    const attempt = (statement: (tx: AppDb) => Promise<unknown>) =>
      withTenant(db(), a.tenant.id, statement).then(
        () => "written",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await attempt((tx) => tx.update(auditEvents).set({ action: "user_updated" }))).toMatch(
      /permission denied/,
    );
    expect(await attempt((tx) => tx.delete(auditEvents))).toMatch(/permission denied/);
    const result = await db().execute(
      sql`select count(*)::int as n from audit_events where action = 'user_updated'`,
    );
    expect((result as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("stands or falls with the change it records: a failing entry rolls the change back", async () => {
    const before = a.school.name;
    await expect(
      withTenant(db(), a.tenant.id, async (tx) => {
        await tx
          .update(organizations)
          .set({ name: "Renamed" })
          .where(eq(organizations.id, a.school.id));
        await recordAudit(tx, {
          tenantId: a.tenant.id,
          actorId: a.superadmin.id,
          action: "no_such_action" as TAuditAction,
          subject: { type: "Organization", id: a.school.id },
          volunteerCenterId: a.center.id,
        });
      }),
    ).rejects.toThrow();
    const [row] = await db().select().from(organizations).where(eq(organizations.id, a.school.id));
    expect(row.name).toBe(before);
  });

  it("is not visible to another tenant's transaction", async () => {
    const seen = await withTenant(db(), b.tenant.id, (tx) =>
      tx.select({ tenantId: auditEvents.tenantId }).from(auditEvents),
    );
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([b.tenant.id]));
  });
});
