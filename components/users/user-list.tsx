"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, Suspense } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListFilters } from "@/components/lists/list-filters";
import {
  ListEmpty,
  ListLoadFailed,
  ListLoading,
  TableRegion,
} from "@/components/lists/list-states";
import { Pagination } from "@/components/lists/pagination";
import { SortHeader } from "@/components/lists/sort-header";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { PerPageSelect } from "@/components/ui/per-page-select";
import { lastPage } from "@/lib/api/paged";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { classifyError } from "@/lib/errors/error-kind";
import { roleLabel, userStatusLabel } from "@/lib/i18n/labels";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { USER_LIST, userListQuery } from "@/lib/users/user-list";
import { userPageQuery } from "@/lib/users/user-queries";
import { describeRole, namesById, sortRoles } from "@/lib/users/user-roles";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";

/**
 * /users (issue 4): the users the signed-in admin manages, as the api scopes them
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
  const data = query.data;

  if (query.error && !data) {
    const { kind, code } = classifyError(query.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
  }

  let content: ReactNode;
  if (query.isPending) {
    content = <ListLoading />;
  } else if (query.isError && !data) {
    content = (
      <ListLoadFailed message={t("list.loadFailed")} onRetry={() => void query.refetch()} />
    );
  } else if (data && data.rows.length === 0) {
    const filtered = state.q !== "" || Object.keys(state.filters).length > 0;
    content = (
      <ListEmpty>
        {data.pagination.records > 0 ? (
          <>
            {t("list.outOfRange")} <Link href={href({ page: 1 })}>{t("list.firstPage")}</Link>
          </>
        ) : filtered ? (
          t("list.noMatches")
        ) : (
          t("list.empty")
        )}
      </ListEmpty>
    );
  } else if (data) {
    content = (
      <TableRegion label={t("list.tableLabel")}>
        <table
          className="w-full border-collapse text-left"
          aria-busy={query.isPlaceholderData || undefined}
        >
          <caption className="sr-only">
            {t("list.caption", { count: data.pagination.records })}
          </caption>
          <thead className="border-b-2 border-neutral-300 bg-neutral-50">
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
          </thead>
          <tbody>
            {data.rows.map((user: TUserRecord) => {
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
            })}
          </tbody>
        </table>
      </TableRegion>
    );
  }

  return (
    <div className="flex flex-col gap-6">
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
      <div className="flex flex-wrap items-end justify-between gap-4">
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
        <Suspense fallback={null}>
          <PerPageSelect />
        </Suspense>
      </div>
      {content}
      {data ? (
        <Pagination
          current={state.page}
          last={lastPage(data.pagination.records, state.size)}
          hrefFor={(page) => href({ page })}
        />
      ) : null}
    </div>
  );
}
