import { sql } from "drizzle-orm";
import { users } from "../../../backend/db/schema";
import {
  answered,
  byId,
  bySession,
  doc,
  holds,
  home,
  idsOf,
  own,
  sameAsHome,
  send,
  type TCall,
  type TExpect,
  type TOutcome,
  type TProbe,
  userByEmail,
  userRow,
} from "./permission-probes";
import { freshTargets, impersonate, type TWorld } from "./permission-world";
import type { TColumn } from "./permissions-doc";

/**
 * Request builders for the user rows (list, read, update, status, archive, resend, roles,
 * invitations) and sign-in-as. Notes in [brackets] are the labels of docs/permissions.md,
 * "How a refusal answers".
 */

type TTarget = { id: number; email?: string };
type TRole = { name: string; type: "Organization" | "Desk" | null; id: number | null };

const tag = () => `w${Math.random().toString(36).slice(2, 10)}`;
const fresh = (call: TCall) => freshTargets(call.t, call.target);

const read = async (call: TCall, target: TTarget) =>
  answered(await send(call, "GET", `/users/${target.id}`, home(call)), target.id);

async function rename(call: TCall, target: TTarget): Promise<TOutcome> {
  const name = tag();
  const res = await send(
    call,
    "PATCH",
    `/users/${target.id}`,
    home(call),
    doc("users", { first_name: name }, target.id),
  );
  return { status: res.statusCode, reached: (await userRow(call.t, target.id)).firstName === name };
}

async function deactivate(call: TCall, target: TTarget): Promise<TOutcome> {
  const res = await send(
    call,
    "PATCH",
    `/users/${target.id}`,
    home(call),
    doc("users", { status: "inactive" }, target.id),
  );
  return {
    status: res.statusCode,
    reached: (await userRow(call.t, target.id)).status === "inactive",
  };
}

async function archive(call: TCall, target: TTarget): Promise<TOutcome> {
  const res = await send(call, "DELETE", `/users/${target.id}`, home(call));
  return {
    status: res.statusCode,
    reached: (await userRow(call.t, target.id)).status === "archived",
  };
}

async function resend(call: TCall, target: { id: number; email: string }): Promise<TOutcome> {
  const before = call.t.mailer.sent.length;
  const url = `/users/${target.id}/resend_confirmation_instructions`;
  const res = await send(call, "POST", url, home(call));
  const mailed = call.t.mailer.sent.slice(before).some((m) => m.to === target.email);
  return { status: res.statusCode, reached: mailed };
}

/** The role of a row, on the target world's records. */
const roleOn = (world: TWorld, role: "member of O" | "admin of C" | "desk" | "super"): TRole =>
  ({
    "member of O": { name: "member", type: "Organization" as const, id: world.O },
    "admin of C": { name: "admin", type: "Organization" as const, id: world.C },
    desk: { name: "desk_manager", type: "Desk" as const, id: world.desk.id },
    super: { name: "superadmin", type: null, id: null },
  })[role];

async function changeRole(
  call: TCall,
  kind: "add_role" | "remove_role",
  target: TTarget,
  role: TRole,
): Promise<TOutcome> {
  const before = await holds(call.t, call.target, target.id, role);
  const res = await send(
    call,
    kind === "add_role" ? "PUT" : "DELETE",
    `/users/${target.id}/${kind}`,
    home(call),
    doc("users", { role: role.name, resource_type: role.type, resource_id: role.id }),
  );
  const after = await holds(call.t, call.target, target.id, role);
  // Reached: the role changed as asked (a standing target may already hold it).
  return {
    status: res.statusCode,
    reached: kind === "add_role" ? !before && after : before && !after,
  };
}

async function signInAs(call: TCall, target: TTarget): Promise<TOutcome> {
  const res = await send(
    call,
    "POST",
    "/sign_in_as_user",
    home(call),
    doc("user", { user_id: String(target.id) }),
  );
  return {
    status: res.statusCode,
    reached: idsOf(res).includes(target.id) && !!res.headers.client,
  };
}

/** Is this client still on the user's row (an impersonation not yet ended)? */
async function hasClient(call: TCall, userId: number, client: string) {
  const [row] = await call.t.database.db
    .select({ present: sql<boolean>`${users.tokens} ? ${client}` })
    .from(users)
    .where(sql`${users.id} = ${userId}`);
  return row?.present === true;
}

async function invite(call: TCall, role: TRole): Promise<TOutcome> {
  const email = `${tag()}@example.test`;
  const res = await send(
    call,
    "POST",
    "/users",
    home(call),
    doc("users", {
      email,
      first_name: "Ina",
      last_name: "Uitgenodigd",
      role: role.name,
      resource_type: role.type,
      resource_id: role.id,
    }),
  );
  return { status: res.statusCode, reached: (await userByEmail(call.t, email)) !== undefined };
}

/** A role on a resource of the other tenant: that resource is not found (422). */
const resourceInBody = (column: TColumn): TExpect => (column === "signed out" ? 401 : 422);

export const USER_PROBES: Record<string, TProbe> = {
  "users.list | the tenant's users": {
    async run(call) {
      const res = await send(call, "GET", "/users?page[size]=1000", home(call));
      const w = call.target;
      const me = call.column === "signed out" ? -1 : w.callers[call.column].id;
      const theirs = [w.userO, w.userC, w.userD, w.other, ...Object.values(w.callers)]
        .map((u) => u.id)
        .filter((id) => id !== me);
      const listed = idsOf(res);
      return { status: res.statusCode, reached: theirs.some((id) => listed.includes(id)) };
    },
    cross: sameAsHome,
  },
  "users.read | own user record": {
    run: (call) => read(call, own(call.target, call.column)),
    cross: byId,
  },
  "users.read | a user of O": { run: (call) => read(call, call.target.userO), cross: byId },
  "users.read | a user of C": { run: (call) => read(call, call.target.userC), cross: byId },
  "users.update | own user record": {
    run: (call) => rename(call, own(call.target, call.column)),
    cross: byId,
  },
  "users.update | a user of O": { run: (call) => rename(call, call.target.userO), cross: byId },
  "users.update | a user of C": { run: (call) => rename(call, call.target.userC), cross: byId },
  "users.update | a superadmin member of O": {
    run: (call) => rename(call, call.target.superMemberO),
    cross: byId,
  },
  "users.update_status | own user record": {
    run: (call) => deactivate(call, own(call.target, call.column)),
    cross: byId,
  },
  "users.update_status | a user of O": {
    run: async (call) => deactivate(call, await fresh(call).userOfO()),
    cross: byId,
  },
  "users.update_status | a user of C": {
    run: async (call) => deactivate(call, await fresh(call).userOfC()),
    cross: byId,
  },
  "users.update_status | a superadmin member of O": {
    run: async (call) => deactivate(call, await fresh(call).superMemberOfO()),
    cross: byId,
  },
  "users.archive | own user record": {
    run: (call) => archive(call, own(call.target, call.column)),
    cross: byId,
  },
  "users.archive | a user of O": {
    run: async (call) => archive(call, await fresh(call).userOfO()),
    cross: byId,
  },
  "users.archive | a user of C": {
    run: async (call) => archive(call, await fresh(call).userOfC()),
    cross: byId,
  },
  "users.archive | a superadmin member of O": {
    run: async (call) => archive(call, await fresh(call).superMemberOfO()),
    cross: byId,
  },
  "users.resend_confirmation | a user of O": {
    run: async (call) => resend(call, await fresh(call).userOfO(undefined, false)),
    cross: byId,
  },
  "users.resend_confirmation | a user of C": {
    run: async (call) => resend(call, await fresh(call).userOfC([], false)),
    cross: byId,
  },
  "users.add_role | member of O for a superadmin": {
    run: async (call) =>
      changeRole(
        call,
        "add_role",
        await fresh(call).superadmin(),
        roleOn(call.target, "member of O"),
      ),
    cross: byId,
  },
  "users.add_role | member of O for a user of O": {
    // A user of O through another role on O, so that member of O is a real change.
    run: async (call) =>
      changeRole(
        call,
        "add_role",
        await fresh(call).userOfO([["admin", { type: "Organization", id: call.target.O }]]),
        roleOn(call.target, "member of O"),
      ),
    cross: byId,
  },
  "users.add_role | admin of C for a user of C": {
    run: async (call) =>
      changeRole(call, "add_role", await fresh(call).userOfC(), roleOn(call.target, "admin of C")),
    cross: byId,
  },
  "users.add_role | desk_manager of a desk of C": {
    run: async (call) =>
      changeRole(call, "add_role", await fresh(call).userOfC(), roleOn(call.target, "desk")),
    cross: byId,
  },
  "users.add_role | global superadmin": {
    run: async (call) =>
      changeRole(call, "add_role", await fresh(call).userOfC(), roleOn(call.target, "super")),
    cross: byId,
  },
  "users.remove_role | member of O for a user of O": {
    run: async (call) =>
      changeRole(
        call,
        "remove_role",
        await fresh(call).userOfO(),
        roleOn(call.target, "member of O"),
      ),
    cross: byId,
  },
  "users.remove_role | admin of C for a user of C": {
    run: async (call) =>
      changeRole(
        call,
        "remove_role",
        await fresh(call).userOfC([["admin", { type: "Organization", id: call.target.C }]]),
        roleOn(call.target, "admin of C"),
      ),
    cross: byId,
  },
  "users.remove_role | desk_manager of a desk of C": {
    run: async (call) =>
      changeRole(
        call,
        "remove_role",
        await fresh(call).userOfC([["desk_manager", { type: "Desk", id: call.target.desk.id }]]),
        roleOn(call.target, "desk"),
      ),
    cross: byId,
  },
  "users.remove_role | global superadmin": {
    run: async (call) =>
      changeRole(
        call,
        "remove_role",
        await fresh(call).userOfC([["superadmin"]]),
        roleOn(call.target, "super"),
      ),
    cross: byId,
  },
  "users.sign_in_as | own user record": {
    run: (call) => signInAs(call, own(call.target, call.column)),
    cross: byId,
  },
  "users.sign_in_as | a user of O": {
    run: (call) => signInAs(call, call.target.userO),
    cross: byId,
  },
  "users.sign_in_as | a user of C": {
    run: (call) => signInAs(call, call.target.userC),
    cross: byId,
  },
  "users.sign_in_as | a superadmin member of O": {
    run: (call) => signInAs(call, call.target.superMemberO),
    cross: byId,
  },
  "users.end_sign_in_as | own record": {
    // The column's caller, signed in as by a superadmin, ends that session; under the other
    // tenant's X-Tenant the impersonated client is no session at all.
    async run(call) {
      if (call.column === "signed out") {
        const res = await send(call, "DELETE", "/sign_in_as_user", home(call));
        return { status: res.statusCode, reached: false };
      }
      const caller = call.home.callers[call.column];
      const session = await impersonate(call.t, call.home, caller);
      const headers = { ...session.headers, "x-tenant": call.target.tenant.slug };
      const res = await send(call, "DELETE", "/sign_in_as_user", headers);
      return {
        status: res.statusCode,
        reached: !(await hasClient(call, caller.id, session.client)),
      };
    },
    cross: bySession,
  },
  "users.end_sign_in_as | another user's record": {
    async run(call) {
      const res = await send(call, "DELETE", "/sign_in_as_user", home(call));
      const { other, otherImpersonation } = call.target;
      return {
        status: res.statusCode,
        reached: !(await hasClient(call, other.id, otherImpersonation.client)),
      };
    },
    refused: (column) => (column === "signed out" ? 401 : 422),
    note: "[not-impersonating]",
    cross: sameAsHome,
  },
  "users.invite | an invitation as member of O": {
    run: (call) => invite(call, roleOn(call.target, "member of O")),
    cross: resourceInBody,
    note: "[other-tenant-body]",
  },
  "users.invite | an invitation as admin of C": {
    run: (call) => invite(call, roleOn(call.target, "admin of C")),
    cross: resourceInBody,
    note: "[other-tenant-body]",
  },
  "users.invite | an invitation as desk_manager of a desk of C": {
    run: (call) => invite(call, roleOn(call.target, "desk")),
    cross: resourceInBody,
    note: "[other-tenant-body]",
  },
};
