"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, Suspense } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
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
import { PageTitle } from "@/components/ui/page-title";
import { PerPageSelect } from "@/components/ui/per-page-select";
import { lastPage } from "@/lib/api/paged";
import { AUDIT_LIST, auditListQuery } from "@/lib/audit/audit-list";
import { auditPageQuery } from "@/lib/audit/audit-queries";
import type { TAuditEvent } from "@/lib/audit/audit-types";
import { classifyError } from "@/lib/errors/error-kind";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { auditDetails } from "./audit-details";
import { auditActionLabel, auditSubjectLabel } from "./audit-labels";

/**
 * /logboek (issue 4, part 6): the audit log of administrative actions, for centre admins
 * (their centres' entries) and superadmins (all of the tenant), as the api scopes it
 * (docs/audit-log.md). Search, filters, order and page live in the URL.
 */
export function AuditLog() {
  return <StaffGate allow={centreStaff}>{() => <AuditLogBody />}</StaffGate>;
}

function AuditLogBody() {
  const t = useTranslations("auditLog");
  const tAll = useTranslations();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseListState(searchParams, AUDIT_LIST);
  const query = useQuery(auditPageQuery(auditListQuery(state)));
  const href = (change: Parameters<typeof listHref>[2]) => listHref(pathname, searchParams, change);
  const data = query.data;

  if (query.error && !data) {
    const { kind, code } = classifyError(query.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
  }

  let content: ReactNode;
  if (query.isPending) content = <ListLoading />;
  else if (query.isError && !data)
    content = <ListLoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />;
  else if (data && data.rows.length === 0) {
    const filtered = state.q !== "" || Object.keys(state.filters).length > 0;
    content = (
      <ListEmpty>
        {data.pagination.records > 0 ? (
          <>
            {t("outOfRange")} <Link href={href({ page: 1 })}>{t("firstPage")}</Link>
          </>
        ) : filtered ? (
          t("noMatches")
        ) : (
          t("empty")
        )}
      </ListEmpty>
    );
  } else if (data)
    content = (
      <TableRegion label={t("tableLabel")}>
        <table
          className="w-full border-collapse text-left"
          aria-busy={query.isPlaceholderData || undefined}
        >
          <caption className="sr-only">{t("caption", { count: data.pagination.records })}</caption>
          <thead className="border-b-2 border-neutral-300 bg-neutral-50">
            <tr>
              <SortHeader
                field="created_at"
                label={t("columns.when")}
                sort={state.sort}
                hrefFor={(sort) => href({ sort })}
              />
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.who")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.what")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.on")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("columns.details")}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((event) => (
              <AuditRow key={event.id} event={event} />
            ))}
          </tbody>
        </table>
      </TableRegion>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ListFilters
          search={searchParams}
          searchLabel={t("search")}
          q={state.q}
          selects={[
            {
              name: "action",
              label: t("action"),
              anyLabel: t("anyAction"),
              value: state.filters.action,
              options: AUDIT_LIST.filters.action.map((value) => ({
                value,
                label: auditActionLabel(tAll, value),
              })),
            },
            {
              name: "subject",
              label: t("subject"),
              anyLabel: t("anySubject"),
              value: state.filters.subject,
              options: AUDIT_LIST.filters.subject.map((value) => ({
                value,
                label: auditSubjectLabel(tAll, value),
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

function AuditRow({ event }: { event: TAuditEvent }) {
  const t = useTranslations("auditLog");
  const tAll = useTranslations();
  const format = useFormatter();
  const actor = event.actor;
  let who: ReactNode = t("system");
  if (actor) {
    const name = [actor.firstName, actor.lastName].filter(Boolean).join(" ");
    who = (
      <>
        {name || actor.email}
        {name ? <span className="block text-sm text-neutral-700">{actor.email}</span> : null}
      </>
    );
  } else if (event.actorId !== null) {
    who = t("goneActor");
  }
  const gone = event.action === "account_deleted" || event.action === "organization_deleted";
  const label =
    event.subjectLabel ??
    (event.action === "account_deleted" ? t("deletedAccount") : `#${event.subjectId}`);
  let subjectHref: string | null = null;
  if (!gone && event.subjectType === "Organization")
    subjectHref = `/organizations/${event.subjectId}/edit`;
  if (!gone && event.subjectType === "User") subjectHref = `/users/${event.subjectId}`;
  return (
    <tr className="border-b border-neutral-200 align-top">
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={event.createdAt}>
          {format.dateTime(new Date(event.createdAt), { dateStyle: "medium", timeStyle: "short" })}
        </time>
      </td>
      <td className="px-3 py-2">{who}</td>
      <th scope="row" className="px-3 py-2 font-medium">
        {auditActionLabel(tAll, event.action)}
      </th>
      <td className="px-3 py-2">
        <span className="block text-sm text-neutral-700">
          {auditSubjectLabel(tAll, event.subjectType)}
        </span>
        {subjectHref ? <Link href={subjectHref}>{label}</Link> : label}
      </td>
      <td className="px-3 py-2">{auditDetails(tAll, event) ?? ""}</td>
    </tr>
  );
}
