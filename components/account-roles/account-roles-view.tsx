"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { TableRegion } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { groupRoles } from "@/lib/account-roles/group-roles";
import type { Role } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { organizationStatusLabel, organizationTypeLabel, roleLabel } from "@/lib/i18n/labels";
import type { Translator } from "@/lib/i18n/translator";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";

const cell = "px-3 py-2";
const tableClass = "w-full border-collapse text-left";
const headClass = "border-b-2 border-neutral-300 bg-neutral-50";

/** "Administrator, Staff member": the roles held on one thing, in the active language. */
const roleNames = (t: Translator, roles: readonly Role[]) =>
  roles.map((role) => roleLabel(t, role.name)).join(", ");

/**
 * /account/roles (spec §2, login-required): which roles the signed-in user holds, per
 * organization (name, type, roles), per desk, and everywhere. Loads in the browser through
 * the BFF; desk names come from the public list of active desks (a desk not on it is named
 * by its number).
 */
export function AccountRolesView() {
  const t = useTranslations();
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const desks = useQuery(deskListQuery());

  return (
    <QueryGate
      query={allOf(user, organizations)}
      failed={t("accountRoles.loadFailed")}
      // Its own data: the api's 401 is the sign-in screen, 403 and 404 spec §8's screens.
      errorScreens
      frame={(state) => (
        <div className="flex flex-col gap-8">
          <PageTitle description={t("accountRoles.description")}>
            {t("accountRoles.title")}
          </PageTitle>
          {state}
        </div>
      )}
    >
      {([me, mine]) => <RolesBody user={me} organizations={mine} desks={desks.data} />}
    </QueryGate>
  );
}

type TDataOf<F extends (...args: never[]) => { queryFn?: unknown }> = Awaited<
  ReturnType<Extract<ReturnType<F>["queryFn"], (...args: never[]) => unknown>>
>;
type TCurrentUser = TDataOf<typeof currentUserQuery>;
type TCurrentOrganizations = TDataOf<typeof currentOrganizationsQuery>;
type TDesks = TDataOf<typeof deskListQuery>;

function RolesBody({
  user,
  organizations,
  desks,
}: {
  user: TCurrentUser;
  organizations: TCurrentOrganizations;
  desks: TDesks | undefined;
}) {
  const t = useTranslations();
  const groups = groupRoles(user.roles ?? [], organizations);
  const none =
    groups.global.length +
      groups.broad.length +
      groups.organizations.length +
      groups.desks.length ===
    0;
  const deskName = (id: string) =>
    desks?.find((desk) => String(desk.id) === id)?.azcName ??
    t("accountRoles.desks.unnamed", { id });

  return (
    <>
      {none ? <p className="text-neutral-800">{t("accountRoles.none")}</p> : null}

      {groups.global.length + groups.broad.length > 0 ? (
        <section aria-labelledby="roles-everywhere" className="flex flex-col gap-2">
          <h2 id="roles-everywhere" className="font-semibold text-xl">
            {t("accountRoles.global.heading")}
          </h2>
          <ul className="list-disc pl-6">
            {groups.global.map((role) => (
              <li key={role.id}>{roleLabel(t, role.name)}</li>
            ))}
            {groups.broad.map((role) => (
              <li key={role.id}>
                {role.resourceType === "Organization"
                  ? t("accountRoles.global.everyOrganization", { role: roleLabel(t, role.name) })
                  : role.resourceType === "Desk"
                    ? t("accountRoles.global.everyDesk", { role: roleLabel(t, role.name) })
                    : t("accountRoles.global.other", {
                        role: roleLabel(t, role.name),
                        type: role.resourceType ?? "",
                      })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {groups.organizations.length > 0 ? (
        <section aria-labelledby="roles-organizations" className="flex flex-col gap-2">
          <h2 id="roles-organizations" className="font-semibold text-xl">
            {t("accountRoles.organizations.heading")}
          </h2>
          <TableRegion label={t("accountRoles.organizations.tableLabel")}>
            <table className={tableClass}>
              <thead className={headClass}>
                <tr>
                  <th scope="col" className={cell}>
                    {t("accountRoles.organizations.name")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("accountRoles.organizations.type")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("accountRoles.organizations.roles")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.organizations.map(({ id, organization, roles }) => (
                  <tr key={id} className="border-b border-neutral-200 align-top">
                    <th scope="row" className={`${cell} font-medium`}>
                      {organization?.name ?? t("accountRoles.organizations.unnamed", { id })}
                      {organization?.status && organization.status !== "approved" ? (
                        <span className="block font-normal text-neutral-800 text-sm">
                          {organizationStatusLabel(t, organization.status)}
                        </span>
                      ) : null}
                    </th>
                    <td className={cell}>{organizationTypeLabel(t, organization?.type)}</td>
                    <td className={cell}>{roleNames(t, roles)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>
      ) : null}

      {groups.desks.length > 0 ? (
        <section aria-labelledby="roles-desks" className="flex flex-col gap-2">
          <h2 id="roles-desks" className="font-semibold text-xl">
            {t("accountRoles.desks.heading")}
          </h2>
          <TableRegion label={t("accountRoles.desks.tableLabel")}>
            <table className={tableClass}>
              <thead className={headClass}>
                <tr>
                  <th scope="col" className={cell}>
                    {t("accountRoles.desks.name")}
                  </th>
                  <th scope="col" className={cell}>
                    {t("accountRoles.desks.roles")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.desks.map(({ id, roles }) => (
                  <tr key={id} className="border-b border-neutral-200 align-top">
                    <th scope="row" className={`${cell} font-medium`}>
                      {deskName(id)}
                    </th>
                    <td className={cell}>{roleNames(t, roles)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>
      ) : null}
    </>
  );
}
