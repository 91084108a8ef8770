"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { SignInAsButton } from "@/components/impersonation/sign-in-as-button";
import { TableRegion } from "@/components/lists/list-states";
import { Button } from "@/components/ui/button";
import { QueryGate } from "@/components/ui/query-gate";
import type { TCentreAdminChange } from "@/lib/administrators/use-administrator-mutations";
import { organizationStatusLabel, userStatusLabel } from "@/lib/i18n/labels";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import { organizationAdminsQuery } from "@/lib/users/user-queries";
import { userDisplayName } from "@/lib/users/user-types";
import { AddAdministratorForm } from "./add-administrator-form";

type Props = {
  centre: TOrganizationRecord;
  /** The signed-in superadmin: nobody signs in as themselves. */
  currentUserId: string | null;
  onRemove: (change: TCentreAdminChange) => void;
};

/** One centre: its administrators, and the form that adds one. */
export function CentreAdministrators({ centre, currentUserId, onRemove }: Props) {
  const t = useTranslations("administrators");
  const tAll = useTranslations();
  const headingId = useId();
  const admins = useQuery(organizationAdminsQuery(centre.id));

  const list = (
    <QueryGate
      query={admins}
      failed={t("adminsFailed")}
      empty={{ when: (rows) => rows.length === 0, children: t("noAdmins") }}
    >
      {(rows) => (
        <TableRegion label={t("tableLabel", { centre: centre.name })}>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t("tableLabel", { centre: centre.name })}</caption>
            <thead className="border-b-2 border-neutral-300 bg-neutral-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.name")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.email")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.status")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => {
                const name = userDisplayName(user);
                return (
                  <tr key={user.id} className="border-b border-neutral-200 align-top">
                    <th scope="row" className="px-3 py-2 font-medium">
                      {name}
                    </th>
                    <td className="px-3 py-2 break-all">{user.email}</td>
                    <td className="px-3 py-2">{userStatusLabel(tAll, user.status)}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-2">
                        {user.status === "active" && user.id !== currentUserId ? (
                          <SignInAsButton user={{ id: user.id, name }} />
                        ) : null}
                        <Button
                          size="sm"
                          variant="outline"
                          className="min-h-11"
                          onClick={() => onRemove({ user, centre })}
                        >
                          {t("remove.button")}
                          <span className="sr-only"> {name}</span>
                        </Button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
    </QueryGate>
  );

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-shape-lg border-2 border-neutral-300 bg-white p-5"
    >
      <div>
        <h2 id={headingId} className="font-bold text-xl">
          {centre.name}
        </h2>
        {centre.status !== "approved" ? (
          <p className="text-neutral-800">
            {t("centreStatus", { status: organizationStatusLabel(tAll, centre.status) })}
          </p>
        ) : null}
      </div>
      {list}
      <AddAdministratorForm centre={centre} admins={admins.data ?? []} />
    </section>
  );
}
