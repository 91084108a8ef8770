"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { ListFilters } from "@/components/lists/list-filters";
import { PagedList } from "@/components/lists/paged-list";
import { SortHeader } from "@/components/lists/sort-header";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { useAuth } from "@/lib/auth/use-auth";
import { organizationStatusLabel, organizationTypeLabel } from "@/lib/i18n/labels";
import { listHref, parseListState, type TSort } from "@/lib/lists/list-state";
import {
  ORGANIZATION_LIST,
  organizationListQuery,
  type TOrganizationSort,
} from "@/lib/organizations/organization-list";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import { OrganizationRowActions, type TPendingAction } from "./organization-row-actions";
import { OrganizationStatusDialog } from "./organization-status-dialog";

type Props = {
  /** The tenant lets organizations move between its centres (spec §1 'moving organisations'). */
  canMove: boolean;
};

/**
 * /organizations: the organizations the signed-in admin may edit, as the api
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
  const sortHref = (sort: TSort<TOrganizationSort>) => href({ sort });

  return (
    <>
      <PagedList
        title={
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
              hrefFor={sortHref}
            />
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("columns.type")}
            </th>
            <SortHeader
              field="status"
              label={t("columns.status")}
              sort={state.sort}
              hrefFor={sortHref}
            />
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("columns.city")}
            </th>
            <SortHeader
              field="created_at"
              label={t("columns.createdAt")}
              sort={state.sort}
              hrefFor={sortHref}
            />
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("columns.actions")}
            </th>
          </tr>
        }
        row={(organization: TOrganizationRecord) => (
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
        )}
      />
      <OrganizationStatusDialog pending={pending} onDone={() => setPending(null)} />
    </>
  );
}
