import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { tokenDigest } from "../../../backend/auth/tokens";
import type { TRoleName } from "../../../backend/db/schema";
import { tenants } from "../../../backend/db/schema";
import { storeDeletionToken } from "../../../backend/queries/account-deletions";
import { recordAudit } from "../../../backend/queries/audit-events";
import { updateAuthUser } from "../../../backend/queries/auth-users";
import { createActivity } from "./activity-factories";
import type { TestApp } from "./app";
import {
  addRole,
  createActivityEvent,
  createNotification,
  createOrganization,
  createRedirectRule,
  createTenantWithCenter,
  createTranslation,
  createUser,
} from "./factories";
import { SIGNED_IN_COLUMNS, type TColumn, type TSignedInColumn } from "./permissions-doc";
import { createDesk, signedIn } from "./resources";
import { createFailedJob } from "./test-jobs";

/**
 * One tenant as docs/permissions.md describes it, for the permissions walk: O an ordinary
 * organization of centre C (the tenant's default), D another centre, a desk of C, a user
 * for every column of the matrix, and the records the matrix's resources name. Two worlds
 * are built with the SAME e-mail addresses, so "the same address in another tenant is
 * another account" is put to the test on every request. Everything is written as the owner.
 */

type THeaders = Record<string, string>;
export type TPerson = { id: number; email: string; headers: THeaders };
type TResource = { type: "Organization" | "Desk"; id: number };
type TGrant = [TRoleName, TResource?];

export type TWorld = {
  tenant: { id: number; slug: string; name: string };
  /** The other tenant's world: never written to, so no fresh targets are made in it. */
  frozen: boolean;
  C: number;
  D: number;
  O: number;
  /** A pending organization of C whose admin and member are the columns' admin and member of O. */
  pendingO: number;
  /** An approved organization of D that no column holds a role on; `other` is its member. */
  Q: number;
  desk: { id: number; slug: string };
  callers: Record<TSignedInColumn, TPerson>;
  /** Each column's own organization (the one its role is on), for current_organizations. */
  ownOrganization: Partial<Record<TSignedInColumn, number>>;
  other: TPerson;
  userO: TPerson;
  userC: TPerson;
  userD: TPerson;
  superMemberO: TPerson;
  /** A superadmin outside the matrix who starts sign-ins as other users. */
  impersonator: TPerson;
  notifications: Record<TSignedInColumn | "other", number>;
  activityEvents: Record<TSignedInColumn | "other", number>;
  redirectRule: number;
  translation: number;
  /** A pending centre whose admin is the column's admin of C. */
  pendingC: number;
  /** The actor of an audit entry of C who never acts again, so a filter finds exactly it. */
  auditActorId: number;
  /** A user with a deletion link mailed: the raw token (the other tenant's cells send it). */
  leaving: { id: number; raw: string };
  /** A user not yet confirmed, with a confirmation link mailed (POST /api/v1/confirm). */
  unconfirmed: { id: number; raw: string };
  /** `other` signed in as by the impersonator: their client, which only they may end. */
  otherImpersonation: { headers: THeaders; client: string };
  /** A published activity of C (docs/activities.md). */
  activity: number;
  /** A job of the tenant that failed for good (docs/jobs.md). */
  failedJob: number;
};

const unique = () => randomBytes(4).toString("hex");

/** Request headers of a column in a world; signed out is the tenant alone. */
export function headersOf(world: TWorld, column: TColumn): THeaders {
  return column === "signed out"
    ? { "x-tenant": world.tenant.slug }
    : world.callers[column].headers;
}

/** Sign in as `target` through the api, started by the world's impersonator. */
export async function impersonate(t: TestApp, world: TWorld, target: { id: number }) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/sign_in_as_user",
    headers: { ...world.impersonator.headers, "content-type": "application/vnd.api+json" },
    payload: JSON.stringify({ data: { type: "user", attributes: { user_id: String(target.id) } } }),
  });
  if (res.statusCode !== 200) throw new Error(`sign in as failed: ${res.statusCode} ${res.body}`);
  const headers = {
    "x-tenant": world.tenant.slug,
    "access-token": String(res.headers["access-token"]),
    client: String(res.headers.client),
    uid: String(res.headers.uid),
  };
  return { headers, client: headers.client };
}

export async function buildWorld(t: TestApp, prefix: string): Promise<TWorld> {
  const db = t.database.db;
  const { tenant, center } = await createTenantWithCenter(db);
  // Moving organizations and peer help are tenant switches (spec §1); on, so
  // organizations.move and help_posts are reachable.
  await db
    .update(tenants)
    .set({ settings: { moveOrganizations: true, peerHelp: true } })
    .where(eq(tenants.id, tenant.id));
  const C = center.id;
  const org = (attrs: Parameters<typeof createOrganization>[2]) =>
    createOrganization(db, tenant.id, attrs).then((o) => o.id);
  const D = await org({ type: "VolunteerCenter", name: `Centre D ${tenant.slug}` });
  const O = await org({ volunteerCenterId: C, name: `Organization O ${tenant.slug}` });
  const pendingO = await org({ volunteerCenterId: C, status: "pending" });
  const Q = await org({ volunteerCenterId: D, name: `Organization Q ${tenant.slug}` });
  const pendingC = await org({ type: "VolunteerCenter", status: "pending" });
  const desk = await createDesk(db, tenant.id, { volunteerCenterId: C });

  const person = async (
    name: string,
    centre: number | null,
    grants: TGrant[],
    confirmed = true,
  ): Promise<TPerson> => {
    const row = await createUser(db, tenant.id, {
      email: `${prefix}-${name}@example.test`,
      volunteerCenterId: centre,
      confirmed,
    });
    for (const [role, resource] of grants) await addRole(db, tenant.id, row.id, role, resource);
    return { id: row.id, email: row.email, headers: await signedIn(db, tenant, row.id) };
  };
  const on = (id: number): TResource => ({ type: "Organization", id });
  const GRANTS: Record<TSignedInColumn, [number | null, TGrant[]]> = {
    volunteer: [C, [["volunteer"]]],
    "member of O": [
      null,
      [
        ["member", on(O)],
        ["member", on(pendingO)],
      ],
    ],
    "admin of O": [
      null,
      [
        ["admin", on(O)],
        ["admin", on(pendingO)],
      ],
    ],
    "admin of C": [
      null,
      [
        ["admin", on(C)],
        ["admin", on(pendingC)],
      ],
    ],
    "admin of D": [null, [["admin", on(D)]]],
    "desk manager": [null, [["desk_manager", { type: "Desk", id: desk.id }]]],
    superadmin: [null, [["superadmin"]]],
  };
  const callers = {} as Record<TSignedInColumn, TPerson>;
  for (const column of SIGNED_IN_COLUMNS) {
    const [centre, grants] = GRANTS[column];
    callers[column] = await person(column.replace(/ /g, "-"), centre, grants);
  }
  const other = await person("other", C, [["member", on(Q)]]);
  const auditor = await person("auditor", null, []);

  const notifications = {} as TWorld["notifications"];
  const activityEvents = {} as TWorld["activityEvents"];
  for (const [key, who] of [...Object.entries(callers), ["other", other] as const]) {
    const k = key as TSignedInColumn | "other";
    notifications[k] = (await createNotification(db, tenant.id, who.id)).id;
    activityEvents[k] = (await createActivityEvent(db, tenant.id, who.id)).id;
  }
  await recordAudit(db, {
    tenantId: tenant.id,
    actorId: auditor.id,
    action: "site_settings_updated",
    subject: { type: "Organization", id: C, label: center.name },
    volunteerCenterId: C,
  });

  const leavingUser = async () => {
    const row = await person("leaving", C, []);
    return { id: row.id, raw: await mailDeletionLink(t, tenant.id, row.id) };
  };

  const world: TWorld = {
    tenant: { id: tenant.id, slug: tenant.slug, name: tenant.name },
    frozen: false,
    C,
    D,
    O,
    pendingO,
    Q,
    desk: { id: desk.id, slug: desk.slug },
    callers,
    ownOrganization: { "member of O": O, "admin of O": O, "admin of C": C, "admin of D": D },
    other,
    userO: await person("user-of-o", C, [["member", on(O)]]),
    userC: await person("user-of-c", C, []),
    userD: await person("user-of-d", D, []),
    superMemberO: await person("super-member-of-o", C, [["superadmin"], ["member", on(O)]]),
    impersonator: await person("impersonator", null, [["superadmin"]]),
    notifications,
    activityEvents,
    redirectRule: (await createRedirectRule(db, tenant.id)).id,
    translation: (await createTranslation(db, tenant.id, { locale: "nl" })).id,
    pendingC,
    auditActorId: auditor.id,
    leaving: await leavingUser(),
    unconfirmed: await unconfirmedUser(t, tenant.id, C),
    otherImpersonation: { headers: {}, client: "" },
    activity: (await createActivity(db, tenant.id, { volunteerCenterId: C })).id,
    failedJob: (await createFailedJob(db, tenant.id)).id,
  };
  world.otherImpersonation = await impersonate(t, world, other);
  return world;
}

/** A new account of centre `centre` that is not confirmed yet, with the raw token of its
 *  confirmation mail. */
export async function unconfirmedUser(t: TestApp, tenantId: number, centre: number) {
  const { id } = await createUser(t.database.db, tenantId, {
    volunteerCenterId: centre,
    confirmed: false,
  });
  const raw = `confirm-${randomBytes(16).toString("hex")}`;
  await updateAuthUser(t.database.db, id, {
    confirmationToken: tokenDigest(raw),
    confirmationSentAt: t.app.authSettings.now(),
  });
  return { id, raw };
}

/** What POST /api/v1/account_deletions stores: a raw token, as the mail would carry it. */
export async function mailDeletionLink(t: TestApp, tenantId: number, userId: number) {
  const raw = `deletion-${randomBytes(16).toString("hex")}`;
  await storeDeletionToken(t.database.db, tenantId, userId, raw, t.app.authSettings.now());
  return raw;
}

/** Fresh targets for actions that change state, so every cell starts from the same facts.
 *  In the frozen world they are the standing records: the request must not reach them. */
export function freshTargets(t: TestApp, world: TWorld) {
  const db = t.database.db;
  const tenantId = world.tenant.id;
  const on = (id: number): TResource => ({ type: "Organization", id });

  async function user(
    standing: TPerson,
    attrs: { centre: number | null; grants?: TGrant[]; confirmed?: boolean },
  ): Promise<{ id: number; email: string }> {
    if (world.frozen) return standing;
    const row = await createUser(db, tenantId, {
      volunteerCenterId: attrs.centre,
      confirmed: attrs.confirmed ?? true,
    });
    for (const [role, resource] of attrs.grants ?? []) {
      await addRole(db, tenantId, row.id, role, resource);
    }
    return { id: row.id, email: row.email };
  }

  return {
    userOfO: (grants: TGrant[] = [["member", on(world.O)]], confirmed = true) =>
      user(world.userO, { centre: world.C, grants, confirmed }),
    userOfC: (grants: TGrant[] = [], confirmed = true) =>
      user(world.userC, { centre: world.C, grants, confirmed }),
    superMemberOfO: () =>
      user(world.superMemberO, {
        centre: world.C,
        grants: [["superadmin"], ["member", on(world.O)]],
      }),
    superadmin: () => user(world.superMemberO, { centre: world.C, grants: [["superadmin"]] }),
    /** An organization of C whose admin and member are the columns' admin and member of O. */
    async organizationOfC(status: "approved" | "pending"): Promise<number> {
      if (world.frozen) return status === "approved" ? world.O : world.pendingO;
      const id = (await createOrganization(db, tenantId, { volunteerCenterId: world.C, status }))
        .id;
      await addRole(db, tenantId, world.callers["admin of O"].id, "admin", on(id));
      await addRole(db, tenantId, world.callers["member of O"].id, "member", on(id));
      return id;
    },
    /** An empty approved centre whose admin is the column's admin of C. */
    async centre(): Promise<number> {
      if (world.frozen) return world.C;
      const id = (await createOrganization(db, tenantId, { type: "VolunteerCenter" })).id;
      await addRole(db, tenantId, world.callers["admin of C"].id, "admin", on(id));
      return id;
    },
    /** A job of the tenant that failed for good. */
    async failedJob(): Promise<number> {
      if (world.frozen) return world.failedJob;
      return (await createFailedJob(db, tenantId)).id;
    },
    unique,
  };
}
