"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { organizationAdminsQuery } from "@/lib/users/user-queries";
import { userDisplayName } from "@/lib/users/user-types";

/**
 * spec §6: an organization's admins (GET /api/v1/users?filter[organization_id_eq]=ID&
 * filter[with_role]=admin&page[size]=1000), shown on its edit page.
 */
export function OrganizationAdmins({ organizationId }: { organizationId: string }) {
  const t = useTranslations("organizationForm.admins");
  const tCommon = useTranslations("common");
  const admins = useQuery(organizationAdminsQuery(organizationId));
  let body: ReactNode;
  if (admins.isPending) body = <p role="status">{tCommon("loading")}</p>;
  else if (admins.isError) body = <p role="alert">{t("failed")}</p>;
  else if (admins.data.length === 0) body = <p>{t("none")}</p>;
  else
    body = (
      <ul className="flex flex-col gap-1">
        {admins.data.map((user) => (
          <li key={user.id}>
            <span className="font-medium">{userDisplayName(user)}</span>{" "}
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </li>
        ))}
      </ul>
    );
  return (
    <section
      aria-labelledby="organization-admins"
      className="flex flex-col gap-3 rounded-shape-lg border-2 border-neutral-300 bg-white p-5"
    >
      <h2 id="organization-admins" className="font-bold text-lg">
        {t("title")}
      </h2>
      {body}
    </section>
  );
}
