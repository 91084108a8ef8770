"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { StaffGate } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { FORM_STATUSES } from "@/lib/contract/forms";
import { managesForms } from "@/lib/form-builder/form-access";
import {
  FORM_LIST,
  formListQuery,
  managedFormsQuery,
  type TManagedForm,
} from "@/lib/form-builder/form-builder-api";
import { StatusBadge, statusLabel } from "./form-status";

/**
 * /form_builder: the forms the user manages (the api scopes the list), in every status,
 * with their owner, submissions and last change. Status, title search, order and page live
 * in the URL.
 */
export function FormList() {
  return <StaffGate allow={managesForms}>{() => <FormListBody />}</StaffGate>;
}

export function FormListBody() {
  const t = useTranslations("formBuilder");
  const tAll = useTranslations();
  const list = useListPage(FORM_LIST);
  const query = useQuery(managedFormsQuery(formListQuery(list.state)));
  return (
    <ListTable
      list={list}
      title={
        <PageTitle
          description={t("list.description")}
          actions={<ButtonLink href="/form_builder/new">{t("list.add")}</ButtonLink>}
        >
          {t("list.title")}
        </PageTitle>
      }
      searchLabel={t("list.search")}
      selects={[
        {
          name: "status",
          label: t("list.status"),
          anyLabel: t("list.anyStatus"),
          options: FORM_STATUSES.map((value) => ({ value, label: statusLabel(tAll, value) })),
        },
      ]}
      query={query}
      texts={{
        loadFailed: t("loadFailed"),
        empty: t("list.empty"),
        noMatches: t("list.noMatches"),
        outOfRange: t("list.outOfRange"),
        firstPage: t("list.firstPage"),
        tableLabel: t("list.tableLabel"),
        caption: (count: number) => t("list.caption", { count }),
      }}
      columns={[
        { key: "title", label: t("list.columns.title"), sort: "title" },
        { key: "owner", label: t("list.columns.owner") },
        { key: "status", label: t("list.columns.status") },
        { key: "submissions", label: t("list.columns.submissions") },
        { key: "updatedAt", label: t("list.columns.updatedAt"), sort: "updated_at" },
      ]}
      row={(form) => <FormRow key={form.id} form={form} />}
    />
  );
}

function FormRow({ form }: { form: TManagedForm }) {
  const tAll = useTranslations();
  const format = useFormatter();
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={`/form_builder/${form.id}`}>{form.title}</Link>
      </th>
      <td className="px-3 py-2">{form.organization?.name}</td>
      <td className="px-3 py-2">
        <StatusBadge t={tAll} status={form.status} />
      </td>
      <td className="px-3 py-2 tabular-nums">{form.submissionCount ?? 0}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={form.updatedAt}>
          {format.dateTime(new Date(form.updatedAt), { dateStyle: "medium", timeStyle: "short" })}
        </time>
      </td>
    </tr>
  );
}
