import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { rolesOf } from "../../../backend/auth/roles";
import { users } from "../../../backend/db/schema";
import type { TestApp } from "./app";
import { headersOf, type TPerson, type TWorld } from "./permission-world";
import type { TColumn, TMark } from "./permissions-doc";

/**
 * The request builders of the permissions walk (tests/api/permissions-walk.test.ts): for a
 * row of docs/permissions.md, the real HTTP request that exercises the action on the
 * resource, and whether it reached the resource (read it, listed it, changed it).
 */

type THeaders = Record<string, string>;

/** One cell: the column's caller, signed in on `home`, aimed at `target`'s resource. */
export type TCall = { t: TestApp; column: TColumn; home: TWorld; target: TWorld };
export type TOutcome = { status: number; reached: boolean };
/** A status, or any 2xx. */
export type TExpect = number | "2xx";
/** The mark of another cell of the matrix (a refusal may depend on it). */
export type TLookup = (action: string, resource: string, column: TColumn) => TMark;

export type TProbe = {
  run: (call: TCall) => Promise<TOutcome>;
  /** How a ✗ answers; default 401 signed out, 403 signed in. */
  refused?: (column: TColumn, lookup: TLookup) => TExpect;
  /** How the request answers when the resource is the other tenant's. */
  cross: (column: TColumn, atHome: TExpect) => TExpect;
  /** The docs/permissions.md note an answer other than 401/403/404 rests on. */
  note?: string;
};

export const defaultRefusal = (column: TColumn): TExpect => (column === "signed out" ? 401 : 403);

// ----- how the other tenant's resource answers (docs/permissions.md, "Another tenant") -----

/** An id in the path of a route that needs a session: signed out is refused before any
 *  read (401), everyone else finds nothing (404), superadmins included. */
export const byId = (column: TColumn): TExpect => (column === "signed out" ? 401 : 404);
/** An id in the path of a public route: 404 for everyone. */
export const byIdPublic = (): TExpect => 404;
/** No id to swap: the request is sent under the other tenant's X-Tenant, where the
 *  caller's session is no session (401), though an account with the same address exists. */
export const bySession = (): TExpect => 401;
/** Lists and the caller's own records: the same answer as at home, without the other
 *  tenant's record in it. */
export const sameAsHome = (_column: TColumn, atHome: TExpect): TExpect => atHome;

// ----- requests -----

export async function send(
  call: Pick<TCall, "t">,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  headers: THeaders,
  body?: unknown,
  extra: THeaders = {},
): Promise<LightMyRequestResponse> {
  return call.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      ...headers,
      ...extra,
      ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** The caller's headers on their own tenant. */
export const home = (call: TCall): THeaders => headersOf(call.home, call.column);
/** The caller's headers under the target's X-Tenant (the session probes). */
export const aimed = (call: TCall): THeaders => ({
  ...headersOf(call.home, call.column),
  "x-tenant": call.target.tenant.slug,
});

/** The column's own account in a world; signed out has none, so `other` stands in (the
 *  request is refused before it matters). */
export const own = (world: TWorld, column: TColumn): TPerson =>
  column === "signed out" ? world.other : world.callers[column];

export const doc = (type: string, attributes: Record<string, unknown>, id?: number) => ({
  data: { type, ...(id === undefined ? {} : { id: String(id) }), attributes },
});

const ok = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** The ids of a JSON:API answer's data (one or many), as numbers. */
export function idsOf(res: LightMyRequestResponse): number[] {
  if (!ok(res)) return [];
  const data = (res.json() as { data?: unknown }).data;
  const list = Array.isArray(data) ? data : data ? [data] : [];
  return list.map((d) => Number((d as { id: string }).id));
}

export const answered = (res: LightMyRequestResponse, id: number): TOutcome => ({
  status: res.statusCode,
  reached: idsOf(res).includes(id),
});

export async function userRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Does the user hold exactly this role? */
export async function holds(
  t: TestApp,
  world: TWorld,
  userId: number,
  role: { name: string; type: string | null; id: number | null },
) {
  return (await rolesOf(t.database.db, world.tenant.id, userId)).some(
    (r) => r.name === role.name && r.resourceType === role.type && r.resourceId === role.id,
  );
}

export async function userByEmail(t: TestApp, email: string) {
  const [row] = await t.database.db
    .select({ id: users.id, tenantId: users.tenantId })
    .from(users)
    .where(eq(users.email, email));
  return row;
}
