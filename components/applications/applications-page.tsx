"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { ListFilters } from "@/components/lists/list-filters";
import { PagedList } from "@/components/lists/paged-list";
import { SortHeader } from "@/components/lists/sort-header";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { applicationsPageQuery } from "@/lib/applications/application-queries";
import type { TApplication } from "@/lib/applications/application-types";
import {
  APPLICATIONS_LIST,
  applicantName,
  applicationsListQuery,
  effectiveScope,
  managesApplications,
  VACANCY_PARAM,
  vacancyParam,
  WAITING,
} from "@/lib/applications/applications-list";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { APPLICATION_STATUSES, type TApplicationScope } from "@/lib/contract/applications";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { ApplicationStatusBadge } from "./application-status-badge";
import { statusLabel } from "./status-label";

// The current tab: filled and bold, not colour alone (WCAG 1.4.1); as /notificaties' filter.
const tabClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/**
 * /applications (docs/applications-pages.md): a volunteer's own applications; staff get a
 * second tab with the applications to the vacancies they manage, and start there. Tab,
 * filters, search, order and page live in the URL. Waits for the current user (the same
 * query and cache entry as the auth provider) to know which tabs there are.
 */
export function ApplicationsPage() {
  const t = useTranslations("applications.list");
  const me = useQuery(currentUserQuery());
  return (
    <QueryGate query={me} failed={t("loadFailed")} errorScreens>
      {(user) => <ApplicationsList staff={managesApplications(user.roles ?? [])} />}
    </QueryGate>
  );
}

function ApplicationsList({ staff }: { staff: boolean }) {
  const t = useTranslations();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseListState(searchParams, APPLICATIONS_LIST);
  const scope = effectiveScope(state, staff);
  const vacancyId = scope === "managed" ? vacancyParam(searchParams) : undefined;
  const query = useQuery(applicationsPageQuery(applicationsListQuery(state, scope, vacancyId)));
  const href = (change: Parameters<typeof listHref>[2]) => listHref(pathname, searchParams, change);
  const managed = scope === "managed";
  const { scope: _tab, ...filters } = state.filters;
  const records = query.data?.pagination.records;

  const tab = (value: TApplicationScope, label: string) => (
    <li>
      <Link
        href={href({ scope: value, [VACANCY_PARAM]: null })}
        aria-current={scope === value ? "page" : undefined}
        className={tabClass}
      >
        {label}
      </Link>
    </li>
  );

  return (
    <div className="flex flex-col gap-4">
      <PagedList
        title={
          // The title first, then the tabs and the vacancy filter: the h1 starts the page.
          <div className="flex flex-col gap-4">
            <PageTitle
              description={
                managed
                  ? t("applications.list.descriptionManaged")
                  : t("applications.list.descriptionOwn")
              }
            >
              {managed ? t("applications.list.tabManaged") : t("applications.list.title")}
            </PageTitle>
            {staff ? (
              <nav aria-label={t("applications.list.tabsLabel")}>
                <ul className="flex flex-wrap gap-2">
                  {tab("managed", t("applications.list.tabManaged"))}
                  {tab("own", t("applications.list.tabOwn"))}
                </ul>
              </nav>
            ) : null}
            {vacancyId ? (
              <p>
                {t("applications.list.vacancyFilter")}{" "}
                <Link href={href({ [VACANCY_PARAM]: null })} className="inline-block py-1">
                  {t("applications.list.clearVacancy")}
                </Link>
              </p>
            ) : null}
          </div>
        }
        filters={
          <ListFilters
            search={searchParams}
            searchLabel={t("applications.list.search")}
            q={state.q}
            selects={[
              {
                name: "status",
                label: t("applications.list.status"),
                anyLabel: t("applications.list.anyStatus"),
                value: state.filters.status,
                options: APPLICATION_STATUSES.map((value) => ({
                  value,
                  label: statusLabel(t, value),
                })),
              },
              {
                name: "waiting",
                label: t("applications.list.waiting"),
                anyLabel: t("applications.list.anyWaiting"),
                value: state.filters.waiting,
                options: [{ value: WAITING, label: t("applications.list.waitingOnly") }],
              },
            ]}
          />
        }
        query={query}
        state={{ ...state, filters: vacancyId ? { ...filters, vacancy: vacancyId } : filters }}
        pageHref={(page) => href({ page })}
        texts={{
          loadFailed: t("applications.list.loadFailed"),
          empty: managed ? t("applications.list.emptyManaged") : t("applications.list.emptyOwn"),
          noMatches: t("applications.list.noMatches"),
          outOfRange: t("applications.list.outOfRange"),
          firstPage: t("applications.list.firstPage"),
          tableLabel: t("applications.list.tableLabel"),
          caption: (count) => t("applications.list.caption", { count }),
        }}
        head={
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("applications.list.columns.vacancy")}
            </th>
            {managed ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("applications.list.columns.applicant")}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("applications.list.columns.status")}
            </th>
            <SortHeader
              field="created_at"
              label={t("applications.list.columns.created")}
              sort={state.sort}
              hrefFor={(sort) => href({ sort })}
            />
            <SortHeader
              field="status_changed_at"
              label={t("applications.list.columns.changed")}
              sort={state.sort}
              hrefFor={(sort) => href({ sort })}
            />
          </tr>
        }
        row={(application) => (
          <ApplicationRow
            key={application.id}
            application={application}
            managed={managed}
            vacancyHref={(id) => href({ [VACANCY_PARAM]: id })}
          />
        )}
      />
      {/* The count after a search or filter, said without moving focus (WCAG 4.1.3). */}
      <p role="status" className="sr-only">
        {records === undefined ? "" : t("applications.list.caption", { count: records })}
      </p>
    </div>
  );
}

function ApplicationRow({
  application,
  managed,
  vacancyHref,
}: {
  application: TApplication;
  managed: boolean;
  vacancyHref: (id: string) => string;
}) {
  const t = useTranslations();
  const format = useFormatter();
  const when = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>{format.dateTime(new Date(iso), { dateStyle: "medium" })}</time>
    ) : (
      "—"
    );
  const vacancy = application.vacancy;
  const title = vacancy?.title || t("applications.list.columns.vacancy");
  const waiting = application.status === "new" && !application.respondedAt;
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        <Link href={`/applications/${application.id}`} className="inline-block py-1">
          {title}
        </Link>
        {managed && vacancy ? (
          <Link
            href={vacancyHref(vacancy.id)}
            className="block py-1 text-sm font-normal text-neutral-800"
          >
            {t("applications.list.onlyThisVacancy")}
            <span className="sr-only">: {title}</span>
          </Link>
        ) : null}
      </th>
      {managed ? <td className="px-3 py-2">{applicantName(application.user)}</td> : null}
      <td className="px-3 py-2">
        <ApplicationStatusBadge
          status={application.status}
          label={statusLabel(t, application.status)}
        />
        {managed && waiting ? (
          <span className="block text-sm text-neutral-800">
            {t("applications.list.waitingBadge")}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{when(application.createdAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(application.statusChangedAt)}</td>
    </tr>
  );
}
