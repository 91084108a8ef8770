"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { QueryGate } from "@/components/ui/query-gate";
import { organizationAdminsQuery } from "@/lib/users/user-queries";
import { userDisplayName } from "@/lib/users/user-types";

/**
 * spec §6: an organization's admins (GET /api/v1/users?filter[organization_id_eq]=ID&
 * filter[with_role]=admin&page[size]=1000), shown on its edit page.
 */
export function OrganizationAdmins({ organizationId }: { organizationId: string }) {
  const t = useTranslations("organizationForm.admins");
  const admins = useQuery(organizationAdminsQuery(organizationId));
  return (
    <section
      aria-labelledby="organization-admins"
      className="flex flex-col gap-3 rounded-shape-lg border-2 border-neutral-300 bg-white p-5"
    >
      <h2 id="organization-admins" className="font-bold text-lg">
        {t("title")}
      </h2>
      <QueryGate
        query={admins}
        failed={t("failed")}
        empty={{ when: (users) => users.length === 0, children: t("none") }}
      >
        {(users) => (
          <ul className="flex flex-col gap-1">
            {users.map((user) => (
              <li key={user.id}>
                <span className="font-medium">{userDisplayName(user)}</span>{" "}
                <a href={`mailto:${user.email}`}>{user.email}</a>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </section>
  );
}
