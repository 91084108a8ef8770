import { rolesOf } from "../auth/roles";
import type { AppDb } from "../db/client";
import type { TActor } from "./policy";

/** The policy's view of the request's user: id and roles (null when signed out). */
export async function loadActor(
  db: AppDb,
  tenantId: number,
  user: { id: number } | null,
): Promise<TActor> {
  if (!user) return null;
  return { id: user.id, roles: await rolesOf(db, tenantId, user.id) };
}
