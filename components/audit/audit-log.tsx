"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { PageTitle } from "@/components/ui/page-title";
import { AUDIT_LIST, auditListQuery } from "@/lib/audit/audit-list";
import { auditPageQuery } from "@/lib/audit/audit-queries";
import type { TAuditEvent } from "@/lib/audit/audit-types";
import { auditDetails } from "./audit-details";
import { auditActionLabel, auditSubjectLabel } from "./audit-labels";

/**
 * /logboek: the audit log of administrative actions, for centre admins
 * (their centres' entries) and superadmins (all of the tenant), as the api scopes it
 * (docs/audit-log.md). Search, filters, order and page live in the URL.
 */
export function AuditLog() {
  return <StaffGate allow={centreStaff}>{() => <AuditLogBody />}</StaffGate>;
}

function AuditLogBody() {
  const t = useTranslations("auditLog");
  const tAll = useTranslations();
  const list = useListPage(AUDIT_LIST);
  const query = useQuery(auditPageQuery(auditListQuery(list.state)));

  return (
    <ListTable
      list={list}
      title={<PageTitle description={t("description")}>{t("title")}</PageTitle>}
      searchLabel={t("search")}
      selects={[
        {
          name: "action",
          label: t("action"),
          anyLabel: t("anyAction"),
          options: AUDIT_LIST.filters.action.map((value) => ({
            value,
            label: auditActionLabel(tAll, value),
          })),
        },
        {
          name: "subject",
          label: t("subject"),
          anyLabel: t("anySubject"),
          options: AUDIT_LIST.filters.subject.map((value) => ({
            value,
            label: auditSubjectLabel(tAll, value),
          })),
        },
      ]}
      query={query}
      texts={{
        loadFailed: t("loadFailed"),
        empty: t("empty"),
        noMatches: t("noMatches"),
        outOfRange: t("outOfRange"),
        firstPage: t("firstPage"),
        tableLabel: t("tableLabel"),
        caption: (count) => t("caption", { count }),
      }}
      columns={[
        { key: "when", label: t("columns.when"), sort: "created_at" },
        { key: "who", label: t("columns.who") },
        { key: "what", label: t("columns.what") },
        { key: "on", label: t("columns.on") },
        { key: "details", label: t("columns.details") },
      ]}
      row={(event) => <AuditRow key={event.id} event={event} />}
    />
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
