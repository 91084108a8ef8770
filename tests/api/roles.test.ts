import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addRole,
  hasRole,
  hasRoleIn,
  removeRole,
  rolesOf,
  withRole,
} from "../../backend/auth/roles";
import { type AppDb, withTenant } from "../../backend/db/client";
import { roles, usersRoles } from "../../backend/db/schema";
import type { TestApp } from "./support/app";
import { createTestApp } from "./support/app";
import { createOrganization, createTenantWithCenter, createUser } from "./support/factories";

// rolify semantics (api-contract §3), run the way routes run them: inside withTenant,
// as the restricted role under row-level security.
let t: TestApp;
let tenantId: number;
let otherTenantId: number;
let orgA: number;
let orgB: number;

const inTenant = <T>(fn: (tx: AppDb) => Promise<T>, id = tenantId) =>
  withTenant(t.database.db, id, fn);
const newUser = async (id = tenantId) => (await createUser(t.database.db, id)).id;
const org = (id: number) => ({ type: "Organization" as const, id });
const ORGANIZATIONS = { type: "Organization" as const };

const roleRows = (name: string) =>
  t.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)));

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const setup = await createTenantWithCenter(db);
  tenantId = setup.tenant.id;
  otherTenantId = (await createTenantWithCenter(db)).tenant.id;
  orgA = (await createOrganization(db, tenantId)).id;
  orgB = (await createOrganization(db, tenantId)).id;
});
afterAll(() => t.close());

describe("hasRole", () => {
  it("without a resource sees global roles only", async () => {
    const scoped = await newUser();
    const global = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, scoped, "admin", org(orgA));
      await addRole(tx, tenantId, global, "admin");
    });
    expect(await inTenant((tx) => hasRole(tx, tenantId, scoped, "admin"))).toBe(false);
    expect(await inTenant((tx) => hasRole(tx, tenantId, global, "admin"))).toBe(true);
  });

  it("for a class sees global and class-level roles, not instance roles", async () => {
    const classLevel = await newUser();
    const instance = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, classLevel, "member", ORGANIZATIONS);
      await addRole(tx, tenantId, instance, "member", org(orgA));
    });
    expect(await inTenant((tx) => hasRole(tx, tenantId, classLevel, "member", ORGANIZATIONS))).toBe(
      true,
    );
    expect(await inTenant((tx) => hasRole(tx, tenantId, instance, "member", ORGANIZATIONS))).toBe(
      false,
    );
  });

  it("for an instance sees global, class-level and that very instance", async () => {
    const global = await newUser();
    const classLevel = await newUser();
    const instance = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, global, "desk_manager");
      await addRole(tx, tenantId, classLevel, "desk_manager", { type: "Desk" });
      await addRole(tx, tenantId, instance, "desk_manager", { type: "Desk", id: 7 });
    });
    const desk7 = { type: "Desk" as const, id: 7 };
    const desk8 = { type: "Desk" as const, id: 8 };
    for (const user of [global, classLevel, instance]) {
      expect(await inTenant((tx) => hasRole(tx, tenantId, user, "desk_manager", desk7))).toBe(true);
    }
    expect(await inTenant((tx) => hasRole(tx, tenantId, instance, "desk_manager", desk8))).toBe(
      false,
    );
    expect(
      await inTenant((tx) =>
        hasRole(tx, tenantId, instance, "desk_manager", { type: "Organization", id: 7 }),
      ),
    ).toBe(false);
  });

  it("with 'any' sees a role of that name on any resource", async () => {
    const user = await newUser();
    await inTenant((tx) => addRole(tx, tenantId, user, "member", org(orgB)));
    expect(await inTenant((tx) => hasRole(tx, tenantId, user, "member", "any"))).toBe(true);
    expect(await inTenant((tx) => hasRole(tx, tenantId, user, "admin", "any"))).toBe(false);
  });

  it("agrees with hasRoleIn on loaded roles", async () => {
    const user = await newUser();
    await inTenant((tx) => addRole(tx, tenantId, user, "admin", ORGANIZATIONS));
    const loaded = await inTenant((tx) => rolesOf(tx, tenantId, user));
    expect(hasRoleIn(loaded, "admin")).toBe(false);
    expect(hasRoleIn(loaded, "admin", org(orgA))).toBe(true);
    expect(hasRoleIn(loaded, "admin", { type: "Desk", id: orgA })).toBe(false);
  });
});

describe("addRole", () => {
  it("shares one role row between users and is idempotent per user", async () => {
    const first = await newUser();
    const second = await newUser();
    const [r1, r2, r3] = await inTenant(async (tx) => [
      await addRole(tx, tenantId, first, "admin", org(orgB)),
      await addRole(tx, tenantId, second, "admin", org(orgB)),
      await addRole(tx, tenantId, second, "admin", org(orgB)),
    ]);
    expect(r2.id).toBe(r1.id);
    expect(r3.id).toBe(r1.id);
    const [{ n }] = await t.database.db
      .select({ n: count() })
      .from(usersRoles)
      .where(eq(usersRoles.roleId, r1.id));
    expect(n).toBe(2);
  });
});

describe("removeRole", () => {
  it("without a resource removes every role of that name, global and scoped", async () => {
    const user = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, user, "volunteer");
      await addRole(tx, tenantId, user, "volunteer", org(orgA));
      await addRole(tx, tenantId, user, "member", org(orgA));
      await removeRole(tx, tenantId, user, "volunteer");
    });
    const left = await inTenant((tx) => rolesOf(tx, tenantId, user));
    expect(left.map((r) => r.name)).toEqual(["member"]);
  });

  it("for a class removes the class-level and instance roles but keeps the global one", async () => {
    const user = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, user, "admin");
      await addRole(tx, tenantId, user, "admin", ORGANIZATIONS);
      await addRole(tx, tenantId, user, "admin", org(orgA));
      await removeRole(tx, tenantId, user, "admin", ORGANIZATIONS);
    });
    const left = await inTenant((tx) => rolesOf(tx, tenantId, user));
    expect(left.map((r) => [r.name, r.resourceType, r.resourceId])).toEqual([
      ["admin", null, null],
    ]);
  });

  it("for an instance removes only that one", async () => {
    const user = await newUser();
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, user, "member", org(orgA));
      await addRole(tx, tenantId, user, "member", org(orgB));
      await removeRole(tx, tenantId, user, "member", org(orgA));
    });
    const left = await inTenant((tx) => rolesOf(tx, tenantId, user));
    expect(left.map((r) => r.resourceId)).toEqual([orgB]);
  });

  it("deletes a role row once nobody holds it, and keeps it while someone does", async () => {
    const first = await newUser();
    const second = await newUser();
    const scope = { type: "Desk" as const, id: 4242 };
    await inTenant(async (tx) => {
      await addRole(tx, tenantId, first, "desk_manager", scope);
      await addRole(tx, tenantId, second, "desk_manager", scope);
      await removeRole(tx, tenantId, first, "desk_manager", scope);
    });
    const held = (await roleRows("desk_manager")).filter((r) => r.resourceId === 4242);
    expect(held).toHaveLength(1);
    await inTenant((tx) => removeRole(tx, tenantId, second, "desk_manager", scope));
    expect((await roleRows("desk_manager")).filter((r) => r.resourceId === 4242)).toEqual([]);
  });
});

describe("withRole", () => {
  it("lists holders of a global role, or of the role globally or on one organization, once each", async () => {
    const db = t.database.db;
    const setup = await createTenantWithCenter(db);
    const id = setup.tenant.id;
    const o1 = (await createOrganization(db, id)).id;
    const o2 = (await createOrganization(db, id)).id;
    const globalAdmin = await newUser(id);
    const o1Admin = await newUser(id);
    const o2Admin = await newUser(id);
    const both = await newUser(id);
    await withTenant(db, id, async (tx) => {
      await addRole(tx, id, globalAdmin, "admin");
      await addRole(tx, id, o1Admin, "admin", org(o1));
      await addRole(tx, id, o2Admin, "admin", org(o2));
      await addRole(tx, id, both, "admin");
      await addRole(tx, id, both, "admin", org(o1));
    });
    const global = await withTenant(db, id, (tx) => withRole(tx, id, "admin"));
    expect(global.map((u) => u.id)).toEqual([globalAdmin, both]);
    const ofO1 = await withTenant(db, id, (tx) => withRole(tx, id, "admin", o1));
    expect(ofO1.map((u) => u.id)).toEqual([globalAdmin, o1Admin, both]);
  });

  it("never sees another tenant's users or roles", async () => {
    const stranger = await newUser(otherTenantId);
    await withTenant(t.database.db, otherTenantId, (tx) =>
      addRole(tx, otherTenantId, stranger, "superadmin"),
    );
    const found = await inTenant((tx) => withRole(tx, tenantId, "superadmin"));
    expect(found.map((u) => u.id)).not.toContain(stranger);
    expect(await inTenant((tx) => hasRole(tx, tenantId, stranger, "superadmin"))).toBe(false);
  });
});
