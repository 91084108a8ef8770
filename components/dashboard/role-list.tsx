"use client";

import { useTranslations } from "next-intl";
import type { Role } from "@/lib/auth/auth-state";
import { roleLabel } from "@/lib/i18n/labels";
import type { Translator } from "@/lib/i18n/translator";
import type { Organization } from "@/lib/organizations/select-organization";

/** "admin — Organization 12", with the organization's name when the user can see it. */
function describeRole(t: Translator, role: Role, organizations: readonly Organization[]): string {
  const name = roleLabel(t, role.name);
  if (!role.resourceType) return t("dashboard.roles.global", { role: name });
  const id =
    role.resourceId === null || role.resourceId === undefined ? "" : String(role.resourceId);
  if (role.resourceType === "Organization") {
    const organization = organizations.find((o) => String(o.id) === id);
    const resource = organization?.name ?? t("dashboard.roles.organization", { id });
    return t("dashboard.roles.onResource", { role: name, resource });
  }
  const resource = t("dashboard.roles.otherResource", { type: role.resourceType, id });
  return t("dashboard.roles.onResource", { role: name, resource });
}

export function RoleList({
  roles,
  organizations,
}: {
  roles: readonly Role[];
  organizations: readonly Organization[];
}) {
  const t = useTranslations();
  return (
    <section aria-labelledby="roles-heading">
      <h2 id="roles-heading" className="text-xl font-semibold">
        {t("dashboard.roles.heading")}
      </h2>
      {roles.length === 0 ? (
        <p className="mt-2 text-neutral-700">{t("dashboard.roles.none")}</p>
      ) : (
        <ul className="mt-2 list-disc pl-6">
          {roles.map((role) => (
            <li key={role.id}>{describeRole(t, role, organizations)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
