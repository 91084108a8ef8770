"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ListFilters } from "@/components/lists/list-filters";
import { PagedList } from "@/components/lists/paged-list";
import { SortHeader } from "@/components/lists/sort-header";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { roleLabel, userStatusLabel } from "@/lib/i18n/labels";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { USER_LIST, userListQuery } from "@/lib/users/user-list";
import { userPageQuery } from "@/lib/users/user-queries";
import { describeRole, namesById, sortRoles } from "@/lib/users/user-roles";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";

/**
 * /users: the users the signed-in admin manages, as the api scopes them
 * (docs/api-users.md "Who sees whom"). Search, filters, sort, page and page size live in
 * the URL (lib/lists/list-state.ts); the api's 403 shows the 403 screen (spec §8).
 */
export function UserList() {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const format = useFormatter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseListState(searchParams, USER_LIST);
  const query = useQuery(userPageQuery(userListQuery(state)));
  // Desk names for desk managers' roles; the list stands without them.
  const desks = useQuery(deskListQuery());
  const deskNames = namesById(desks.data, (d) => d.azcName);

  const href = (change: Parameters<typeof listHref>[2]) => listHref(pathname, searchParams, change);

  return (
    <PagedList
      title={
        <PageTitle
          description={t("list.description")}
          actions={
            <ButtonLink href="/users/add" size="sm" className="min-h-11">
              {t("list.add")}
            </ButtonLink>
          }
        >
          {t("list.title")}
        </PageTitle>
      }
      filters={
        <ListFilters
          search={searchParams}
          searchLabel={t("list.search")}
          q={state.q}
          selects={[
            {
              name: "status",
              label: t("columns.status"),
              anyLabel: t("list.anyStatus"),
              value: state.filters.status,
              options: USER_LIST.filters.status.map((value) => ({
                value,
                label: userStatusLabel(tAll, value),
              })),
            },
            {
              name: "role",
              label: t("list.role"),
              anyLabel: t("list.anyRole"),
              value: state.filters.role,
              options: USER_LIST.filters.role.map((value) => ({
                value,
                label: roleLabel(tAll, value),
              })),
            },
          ]}
        />
      }
      query={query}
      state={state}
      pageHref={(page) => href({ page })}
      texts={{
        loadFailed: t("list.loadFailed"),
        empty: t("list.empty"),
        noMatches: t("list.noMatches"),
        outOfRange: t("list.outOfRange"),
        firstPage: t("list.firstPage"),
        tableLabel: t("list.tableLabel"),
        caption: (count) => t("list.caption", { count }),
      }}
      head={
        <tr>
          <SortHeader
            field="name"
            label={t("columns.name")}
            sort={state.sort}
            hrefFor={(sort) => href({ sort })}
          />
          <SortHeader
            field="email"
            label={t("columns.email")}
            sort={state.sort}
            hrefFor={(sort) => href({ sort })}
          />
          <SortHeader
            field="status"
            label={t("columns.status")}
            sort={state.sort}
            hrefFor={(sort) => href({ sort })}
          />
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("columns.roles")}
          </th>
          <th scope="col" className="px-3 py-2 font-semibold">
            {t("columns.organizations")}
          </th>
          <SortHeader
            field="created_at"
            label={t("columns.createdAt")}
            sort={state.sort}
            hrefFor={(sort) => href({ sort })}
          />
        </tr>
      }
      row={(user: TUserRecord) => {
        const names = {
          organizations: namesById(user.organizations, (o) => o.name),
          desks: deskNames,
        };
        const roles = sortRoles(user.roles ?? []);
        return (
          <tr key={user.id} className="border-b border-neutral-200 align-top">
            <th scope="row" className="px-3 py-2 font-medium">
              <Link href={`/users/${user.id}`} className="inline-flex min-h-11 items-center">
                {userDisplayName(user)}
              </Link>
            </th>
            <td className="px-3 py-2 break-all">{user.email}</td>
            <td className="px-3 py-2">{userStatusLabel(tAll, user.status)}</td>
            <td className="px-3 py-2">
              {roles.length > 0 ? (
                <ul>
                  {roles.map((role) => (
                    <li key={role.id}>{describeRole(tAll, role, names)}</li>
                  ))}
                </ul>
              ) : (
                t("roles.none")
              )}
            </td>
            <td className="px-3 py-2">
              {(user.organizations ?? []).map((o) => o.name).join(", ")}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <time dateTime={user.createdAt}>
                {format.dateTime(new Date(user.createdAt), { dateStyle: "medium" })}
              </time>
            </td>
          </tr>
        );
      }}
    />
  );
}
