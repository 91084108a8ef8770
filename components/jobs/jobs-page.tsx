"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import type { TJobKind, TJobState } from "@/lib/contract/jobs";
import type { TJob } from "@/lib/jobs/job-types";
import { JOBS_LIST, jobsListQuery } from "@/lib/jobs/jobs-list";
import { jobsPageQuery } from "@/lib/jobs/jobs-queries";
import { useRetryJob } from "@/lib/jobs/use-retry-job";

/**
 * /admin/jobs: the background job queue for superadmins (docs/jobs.md, "Operations"): what
 * ran, what waits, and what failed with its last error; a failed job can be run again.
 * State, kind, order and page live in the URL.
 */
export function JobsPage() {
  return <StaffGate allow={superadminOnly}>{() => <JobsBody />}</StaffGate>;
}

function JobsBody() {
  const t = useTranslations("jobs");
  const list = useListPage(JOBS_LIST);
  const query = useQuery(jobsPageQuery(jobsListQuery(list.state)));

  return (
    <ListTable
      list={list}
      title={<PageTitle description={t("description")}>{t("title")}</PageTitle>}
      selects={[
        {
          name: "state",
          label: t("state"),
          anyLabel: t("anyState"),
          options: JOBS_LIST.filters.state.map((value) => ({
            value,
            label: stateLabel(t, value),
          })),
        },
        {
          name: "kind",
          label: t("kind"),
          anyLabel: t("anyKind"),
          options: JOBS_LIST.filters.kind.map((value) => ({
            value,
            label: kindLabel(t, value),
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
        { key: "job", label: t("columns.job") },
        { key: "state", label: t("columns.state") },
        { key: "created", label: t("columns.created"), sort: "created_at" },
        { key: "runAt", label: t("columns.runAt"), sort: "run_at" },
        { key: "finished", label: t("columns.finished") },
        { key: "lastError", label: t("columns.lastError") },
        { key: "actions", label: t("columns.actions"), hideLabel: true },
      ]}
      row={(job) => <JobRow key={job.id} job={job} />}
    />
  );
}

type TJobsT = ReturnType<typeof useTranslations<"jobs">>;

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).
function stateLabel(t: TJobsT, state: TJobState | string): string {
  switch (state) {
    case "queued":
      return t("states.queued");
    case "running":
      return t("states.running");
    case "succeeded":
      return t("states.succeeded");
    case "failed":
      return t("states.failed");
    default:
      return state;
  }
}

/** Every kind the registry runs has a name here: a new kind without one does not compile. */
function kindLabel(t: TJobsT, kind: string): string {
  const known = kind as TJobKind;
  switch (known) {
    case "mail":
      return t("kinds.mail");
    case "jobs.cleanup":
      return t("kinds.cleanup");
    case "notify":
      return t("kinds.notify");
    case "notify.message":
      return t("kinds.notifyMessage");
    case "notify.help_post_hidden":
      return t("kinds.helpPostHidden");
    case "notify.registration_promoted":
      return t("kinds.registrationPromoted");
    case "notify.invitation":
      return t("kinds.invitation");
    case "applications.reply_nudges":
      return t("kinds.replyNudges");
    case "data_exports.prepare":
      return t("kinds.dataExport");
    case "account_deletions.unlink_messages":
      return t("kinds.unlinkMessages");
    case "periodic_mail.plan":
      return t("kinds.periodicMailPlan");
    case "periodic_mail.send":
      return t("kinds.periodicMailSend");
    case "notify.activity":
      return t("kinds.activityNotice");
    case "activities.reminders":
      return t("kinds.activityReminders");
    case "forms.retention":
      return t("kinds.formRetention");
    default:
      // A kind this build does not know (an older or newer api): its own name.
      known satisfies never;
      return kind;
  }
}

const STATE_BADGE: Record<TJobState, string> = {
  queued: "bg-neutral-100 text-neutral-900",
  running: "bg-sky-100 text-sky-900",
  succeeded: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

function JobRow({ job }: { job: TJob }) {
  const t = useTranslations("jobs");
  const format = useFormatter();
  const retry = useRetryJob();
  const when = (iso: string | null) =>
    iso ? (
      <time dateTime={iso}>
        {format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" })}
      </time>
    ) : (
      "—"
    );
  const label = kindLabel(t, job.kind);
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        {label}
        <span className="block text-sm font-normal text-neutral-700">
          {t("jobNumber", { id: job.id })}
          {job.tenantId === null ? ` · ${t("platform")}` : null}
        </span>
      </th>
      <td className="px-3 py-2">
        <span
          className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STATE_BADGE[job.state] ?? STATE_BADGE.queued}`}
        >
          {stateLabel(t, job.state)}
        </span>
        <span className="block text-sm text-neutral-700">
          {t("attempts", { attempts: job.attempts, max: job.maxAttempts })}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{when(job.createdAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(job.runAt)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{when(job.finishedAt)}</td>
      <td className="max-w-sm px-3 py-2">
        {job.lastError ? (
          <code className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
            {job.lastError}
          </code>
        ) : (
          "—"
        )}
      </td>
      <td className="px-3 py-2">
        {job.state === "failed" ? (
          <Button
            size="sm"
            variant="outline"
            aria-disabled={retry.isPending}
            onClick={() => {
              if (!retry.isPending) retry.mutate(job);
            }}
          >
            {t("retry.button")}
            <span className="sr-only"> {t("jobNumber", { id: job.id })}</span>
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
