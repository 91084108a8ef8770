"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { api } from "@/lib/api";
import { refusalText, useApiMutation } from "@/lib/api/use-api-mutation";
import {
  type TVacancyStatusName,
  VACANCY_LIMITS,
  VACANCY_STATUSES,
} from "@/lib/contract/vacancies";
import { siteToday } from "@/lib/vacancies/closed";
import {
  deleteVacancy,
  duplicateVacancy,
  transitionVacancy,
} from "@/lib/vacancies/managed-vacancy-api";
import { managedVacancyKeys } from "@/lib/vacancies/managed-vacancy-keys";
import { useOrganizationNames, useStepContexts } from "@/lib/vacancies/use-vacancy-context";
import { refusalsOf } from "@/lib/vacancies/vacancy-bulk-api";
import {
  DEADLINE_FILTERS,
  managedVacancyPageQuery,
  type TListedVacancy,
  VACANCY_LIST,
  vacancyListQuery,
} from "@/lib/vacancies/vacancy-list";
import {
  closesApplications,
  isDeletableStatus,
  offeredSteps,
  type TStepContext,
} from "@/lib/vacancies/vacancy-steps";
import {
  calendarDay,
  deadlineLabel,
  VacancyStatusBadge,
  vacancyStatusLabel,
  vacancyStepLabel,
} from "./vacancy-status";

type TListT = ReturnType<typeof useTranslations<"vacancyList">>;

/** Every change of a vacancy shows in the list, the bulk edit and the editor. */
const VACANCY_QUERIES = [managedVacancyKeys.all];

/**
 * /vacancies (docs/vacancy-pages.md): the vacancies the caller manages, as the api scopes
 * them (an organisation's staff their organisation's, a centre's admins their centre's); a
 * volunteer or desk manager gets the api's 403 and so the 403 screen. Status, deadline,
 * title search, order and page live in the URL; rows can be chosen for the bulk edit.
 */
export function VacancyList() {
  const t = useTranslations("vacancyList");
  const list = useListPage(VACANCY_LIST);
  const query = useQuery(managedVacancyPageQuery(vacancyListQuery(list.state, siteToday())));
  const rows = query.data?.rows ?? [];
  const names = useOrganizationNames(rows.map((row) => row.organizationId));
  const stepContext = useStepContexts(rows.map((row) => row.volunteerCenterId));
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const pageIds = rows.map((row) => row.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => chosen.has(id));
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const bulkHref = (ids: readonly string[]) => {
    // The bulk edit opens on the same filtered list, with the chosen rows ticked.
    const params = new URLSearchParams(list.searchParams);
    params.delete("page[number]");
    if (ids.length > 0) params.set("ids", ids.join(","));
    const search = params.toString();
    return `/vacancies/bulk-edit${search ? `?${search}` : ""}`;
  };

  return (
    <ListTable
      list={list}
      title={
        <PageTitle
          description={t("description")}
          actions={
            <>
              <ButtonLink href="/vacancies/add" size="sm">
                {t("add")}
              </ButtonLink>
              <ButtonLink href={bulkHref([])} size="sm" variant="outline">
                {t("bulkEdit")}
              </ButtonLink>
            </>
          }
        >
          {t("title")}
        </PageTitle>
      }
      searchLabel={t("search")}
      selects={[
        {
          name: "status",
          label: t("status"),
          anyLabel: t("anyStatus"),
          options: VACANCY_STATUSES.map((value) => ({
            value,
            label: vacancyStatusLabel(t, value),
          })),
        },
        {
          name: "deadline",
          label: t("deadline"),
          anyLabel: t("anyDeadline"),
          options: DEADLINE_FILTERS.map((value) => ({ value, label: deadlineLabel(t, value) })),
        },
      ]}
      toolbar={
        chosen.size > 0 ? (
          <div className="flex flex-wrap items-center gap-3">
            <span role="status">{t("chosen", { count: chosen.size })}</span>
            <ButtonLink href={bulkHref([...chosen].slice(0, VACANCY_LIMITS.bulkIds))} size="sm">
              {t("bulkEditChosen")}
            </ButtonLink>
            <Button size="sm" variant="outline" onClick={() => setChosen(new Set())}>
              {t("clearChosen")}
            </Button>
          </div>
        ) : null
      }
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
        {
          key: "choose",
          label: t("columns.choose"),
          content: (
            <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
              <input
                type="checkbox"
                className="size-5"
                checked={allOnPage}
                onChange={(event) => {
                  const on = event.target.checked;
                  setChosen((current) => {
                    const next = new Set(current);
                    for (const id of pageIds) {
                      if (on) next.add(id);
                      else next.delete(id);
                    }
                    return next;
                  });
                }}
              />
              <span className="sr-only">{t("chooseAllOnPage")}</span>
            </label>
          ),
        },
        { key: "title", label: t("columns.title"), sort: "title" },
        { key: "organization", label: t("columns.organization") },
        { key: "status", label: t("columns.status"), sort: "status" },
        { key: "applications", label: t("columns.applications") },
        { key: "deadline", label: t("columns.deadline"), sort: "closes_on" },
        { key: "updated", label: t("columns.updated"), sort: "updated_at" },
        { key: "actions", label: t("columns.actions"), hideLabel: true },
      ]}
      row={(vacancy) => (
        <VacancyRow
          key={vacancy.id}
          vacancy={vacancy}
          organization={names.get(String(vacancy.organizationId))}
          context={stepContext(vacancy.volunteerCenterId)}
          chosen={chosen.has(vacancy.id)}
          onChoose={(on) => toggle(vacancy.id, on)}
        />
      )}
    />
  );
}

/** The api's reason for refusing a step, in words: by its code; else its own detail. */
function stepRefusal(t: TListT, error: unknown): string | undefined {
  const [refusal] = refusalsOf(error);
  if (!refusal) return undefined;
  if (refusal.code === "invalid_transition") return t("statusMenu.invalidTransition");
  if (refusal.code === "organization_not_approved") return t("statusMenu.notApproved");
  return refusal.detail || undefined;
}

type TRowProps = {
  vacancy: TListedVacancy;
  organization: string | undefined;
  context: TStepContext | undefined;
  chosen: boolean;
  onChoose: (on: boolean) => void;
};

type TDialog = { kind: "step"; to: TVacancyStatusName } | { kind: "delete" } | null;

function VacancyRow({ vacancy, organization, context, chosen, onChoose }: TRowProps) {
  const t = useTranslations("vacancyList");
  const tAll = useTranslations();
  const format = useFormatter();
  const router = useRouter();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);
  const steps = context ? offeredSteps(vacancy.status, context) : [];

  const step = useApiMutation({
    mutationFn: (to: TVacancyStatusName) => transitionVacancy(api, vacancy.id, to),
    invalidates: VACANCY_QUERIES,
    // The open applications the step closed: those the list counted (the api closes every
    // open one of a vacancy that leaves published for closed or archived).
    success: (to) =>
      closesApplications(vacancy.status, to) && vacancy.openApplicationsCount > 0
        ? t("statusMenu.doneClosed", {
            title: vacancy.title,
            status: vacancyStatusLabel(t, to),
            count: vacancy.openApplicationsCount,
          })
        : t("statusMenu.done", { title: vacancy.title, status: vacancyStatusLabel(t, to) }),
    failure: () => t("statusMenu.failed", { title: vacancy.title }),
    failureMessage: (error) => stepRefusal(t, error) ?? refusalText(tAll, error),
    onSuccess: () => {
      close();
      setMenuOpen(false);
    },
  });
  const duplicate = useApiMutation({
    mutationFn: () => duplicateVacancy(api, vacancy.id),
    invalidates: VACANCY_QUERIES,
    success: () => t("duplicate.done", { title: vacancy.title }),
    failure: () => t("duplicate.failed", { title: vacancy.title }),
    onSuccess: (copy) => router.push(`/vacancies/${encodeURIComponent(copy.id)}/edit`),
  });
  const remove = useApiMutation({
    mutationFn: () => deleteVacancy(api, vacancy.id),
    invalidates: VACANCY_QUERIES,
    success: () => t("delete.done", { title: vacancy.title }),
    failure: () => t("delete.failed", { title: vacancy.title }),
    reasons: { 409: t("delete.notDeletable") },
    onSuccess: close,
  });

  const choose = (to: TVacancyStatusName) => {
    // Closing or archiving is not undone by reopening: the open applications stay closed.
    if (closesApplications(vacancy.status, to) || to === "archived")
      setDialog({ kind: "step", to });
    else if (!step.isPending) step.mutate(to);
  };

  return (
    <tr className="border-b border-neutral-200 align-top">
      <td className="px-3 py-2">
        <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
          <input
            type="checkbox"
            className="size-5"
            checked={chosen}
            onChange={(event) => onChoose(event.target.checked)}
          />
          <span className="sr-only">{t("choose", { title: vacancy.title })}</span>
        </label>
      </td>
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={`/vacancies/${encodeURIComponent(vacancy.id)}/edit`}>{vacancy.title}</Link>
      </th>
      <td className="px-3 py-2">{organization ?? "—"}</td>
      <td className="px-3 py-2">
        <VacancyStatusBadge status={vacancy.status} />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {t("applications", {
          open: vacancy.openApplicationsCount,
          total: vacancy.applicationsCount,
        })}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {vacancy.closesOn ? (
          <time dateTime={vacancy.closesOn}>
            {format.dateTime(calendarDay(vacancy.closesOn), { dateStyle: "medium" })}
          </time>
        ) : (
          "—"
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <time dateTime={vacancy.updatedAt}>
          {format.dateTime(new Date(vacancy.updatedAt), {
            dateStyle: "medium",
            timeStyle: "short",
          })}
        </time>
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-disabled={duplicate.isPending}
            onClick={() => {
              if (!duplicate.isPending) duplicate.mutate();
            }}
          >
            {t("duplicate.button")}
            <span className="sr-only"> {vacancy.title}</span>
          </Button>
          {steps.length > 0 ? (
            <Button
              size="sm"
              variant="outline"
              aria-expanded={menuOpen}
              aria-controls={menuOpen ? menuId : undefined}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {t("statusMenu.button")}
              <span className="sr-only"> {vacancy.title}</span>
            </Button>
          ) : null}
          {isDeletableStatus(vacancy.status) ? (
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: "delete" })}>
              {t("delete.button")}
              <span className="sr-only"> {vacancy.title}</span>
            </Button>
          ) : null}
        </div>
        {menuOpen && steps.length > 0 ? (
          <ul id={menuId} className="mt-2 flex flex-col gap-1">
            {steps.map((to) => (
              <li key={to}>
                <Button
                  size="sm"
                  variant="outline"
                  aria-disabled={step.isPending}
                  onClick={() => choose(to)}
                >
                  {vacancyStepLabel(t, vacancy.status, to)}
                  <span className="sr-only"> {vacancy.title}</span>
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <ConfirmDialog
          open={dialog?.kind === "step"}
          title={
            dialog?.kind === "step"
              ? t("statusMenu.confirmTitle", {
                  title: vacancy.title,
                  status: vacancyStatusLabel(t, dialog.to),
                })
              : ""
          }
          confirmLabel={
            dialog?.kind === "step" ? vacancyStepLabel(t, vacancy.status, dialog.to) : ""
          }
          pending={step.isPending}
          pendingLabel={t("statusMenu.pending")}
          onConfirm={() => {
            if (dialog?.kind === "step") step.mutate(dialog.to);
          }}
          onCancel={close}
        >
          <p>
            {dialog?.kind === "step" && closesApplications(vacancy.status, dialog.to)
              ? t("statusMenu.closesApplications", { count: vacancy.openApplicationsCount })
              : t("statusMenu.archiveBody")}
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          open={dialog?.kind === "delete"}
          title={t("delete.title", { title: vacancy.title })}
          confirmLabel={t("delete.confirm")}
          pending={remove.isPending}
          pendingLabel={t("delete.pending")}
          onConfirm={() => remove.mutate()}
          onCancel={close}
        >
          <p>{t("delete.body")}</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
