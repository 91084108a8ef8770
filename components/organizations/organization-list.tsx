"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, Suspense, useState } from "react";
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
import { useAuth } from "@/lib/auth/use-auth";
import { classifyError } from "@/lib/errors/error-kind";
import { organizationStatusLabel, organizationTypeLabel } from "@/lib/i18n/labels";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { ORGANIZATION_LIST, organizationListQuery } from "@/lib/organizations/organization-list";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import { OrganizationRowActions, type TPendingAction } from "./organization-row-actions";
import { OrganizationStatusDialog } from "./organization-status-dialog";

type Props = {
  /** The tenant lets organizations move between its centres (spec §1 'moving organisations'). */
  canMove: boolean;
};

/**
 * /organizations (issue 4): the organizations the signed-in admin may edit, as the api
 * scopes them (docs/api-organizations.md). Search, filters, sort, page and page size live
 * in the URL (lib/lists/list-state.ts); the api's 403 shows the 403 screen.
 */
export function OrganizationList({ canMove }: Props) {
  const t = useTranslations("organizationAdmin");
  const tAll = useTranslations();
  const format = useFormatter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseListState(searchParams, ORGANIZATION_LIST);
  const query = useQuery(organizationPageQuery(organizationListQuery(state)));
  const { roles } = useAuth();
  const [pending, setPending] = useState<TPendingAction | null>(null);

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
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.type")}
              </th>
              <SortHeader
                field="status"
                label={t("columns.status")}
                sort={state.sort}
                hrefFor={(sort) => href({ sort })}
              />
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.city")}
              </th>
              <SortHeader
                field="created_at"
                label={t("columns.createdAt")}
                sort={state.sort}
                hrefFor={(sort) => href({ sort })}
              />
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((organization: TOrganizationRecord) => (
              <tr key={organization.id} className="border-b border-neutral-200 align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link href={`/organizations/${organization.id}/edit`}>{organization.name}</Link>
                </th>
                <td className="px-3 py-2">{organizationTypeLabel(tAll, organization.type)}</td>
                <td className="px-3 py-2">{organizationStatusLabel(tAll, organization.status)}</td>
                <td className="px-3 py-2">{organization.address?.city ?? ""}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={organization.createdAt}>
                    {format.dateTime(new Date(organization.createdAt), { dateStyle: "medium" })}
                  </time>
                </td>
                <td className="px-3 py-2">
                  <OrganizationRowActions
                    organization={organization}
                    roles={roles}
                    canMove={canMove}
                    onAction={setPending}
                  />
                </td>
              </tr>
            ))}
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
          <ButtonLink href="/organizations/add" size="sm">
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
              options: ORGANIZATION_LIST.filters.status.map((value) => ({
                value,
                label: organizationStatusLabel(tAll, value),
              })),
            },
            {
              name: "type",
              label: t("columns.type"),
              anyLabel: t("list.anyType"),
              value: state.filters.type,
              options: ORGANIZATION_LIST.filters.type.map((value) => ({
                value,
                label: organizationTypeLabel(tAll, value),
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
      <OrganizationStatusDialog pending={pending} onDone={() => setPending(null)} />
    </div>
  );
}
