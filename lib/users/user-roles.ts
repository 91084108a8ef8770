import type { Role } from "@/lib/auth/auth-state";
import { roleLabel } from "@/lib/i18n/labels";
import type { Translator } from "@/lib/i18n/translator";
import type { TRoleChange } from "./user-types";

/** Names of the organizations and desks a page knows, by id. */
export type TResourceNames = {
  organizations: ReadonlyMap<string, string>;
  desks: ReadonlyMap<string, string>;
};

export const namesById = <T extends { id: string | number }>(
  rows: readonly T[] | undefined,
  name: (row: T) => string,
): Map<string, string> => new Map((rows ?? []).map((row) => [String(row.id), name(row)]));

const idOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : String(value);

/** The resource a role hangs on, by name where the page knows it. */
export function roleResourceText(t: Translator, role: Role, names: TResourceNames): string | null {
  const type = role.resourceType ?? null;
  const id = idOf(role.resourceId);
  if (type === null) return null;
  if (type === "Organization") {
    if (id === null) return t("userAdmin.roles.everyOrganization");
    return names.organizations.get(id) ?? t("userAdmin.roles.organizationNumber", { id });
  }
  if (type === "Desk") {
    if (id === null) return t("userAdmin.roles.everyDesk");
    return names.desks.get(id) ?? t("userAdmin.roles.deskNumber", { id });
  }
  return id === null ? type : `${type} ${id}`;
}

/** "Staff member of Stichting Taalmaatjes Zeist", or the role alone when it is global. */
export function describeRole(t: Translator, role: Role, names: TResourceNames): string {
  const name = roleLabel(t, role.name);
  const resource = roleResourceText(t, role, names);
  return resource === null ? name : t("userAdmin.roles.onResource", { role: name, resource });
}

/** The exact role for add_role and remove_role (rolify matches name, type and id as sent). */
export const roleChangeOf = (role: Role): TRoleChange => ({
  role: role.name,
  resourceType: role.resourceType ?? null,
  resourceId: idOf(role.resourceId),
});

/** Global roles first, then by role name and resource, so a list reads the same every time. */
export function sortRoles(roles: readonly Role[]): Role[] {
  const key = (r: Role) =>
    `${r.resourceType ? 1 : 0}|${r.name}|${r.resourceType ?? ""}|${idOf(r.resourceId) ?? ""}`;
  return [...roles].sort((a, b) => key(a).localeCompare(key(b)));
}
