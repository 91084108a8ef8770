"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useId, useState } from "react";
import { ListLoading } from "@/components/lists/list-states";
import { PagedList } from "@/components/lists/paged-list";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { TFormEvent } from "@/lib/contract/forms";
import {
  deleteForm,
  formSubmissionsQuery,
  formVersionsQuery,
  managedFormQuery,
  publicFormPath,
  submissionsCsvHref,
  submissionsListQuery,
  type TFormSubmission,
  type TFormVersion,
  type TManagedForm,
  transitionForm,
} from "@/lib/form-builder/form-builder-api";
import { formBuilderKeys } from "@/lib/form-builder/form-builder-keys";
import { readSubmissionFilters } from "@/lib/form-builder/submission-filters";
import { listHref, SEARCH_MAX } from "@/lib/lists/list-state";
import { parsePageSize } from "@/lib/pagination/page-size";
import { StatusBadge } from "./form-status";
import { DeleteSubmissionDialog } from "./submission-delete";

/**
 * /form_builder/:id: a form's overview for who manages it: its status and the next step
 * (publish, close, reopen), the public link, its versions, and its submissions with filters,
 * search, the CSV export and delete. A form the user does not manage is the api's 403/404
 * screen.
 */
export function FormDetail({ id }: { id: string }) {
  const t = useTranslations("formBuilder");
  const form = useQuery(managedFormQuery(id));
  return (
    <QueryGate
      query={form}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("detail.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {(record) => <DetailBody form={record} />}
    </QueryGate>
  );
}

function DetailBody({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.detail");
  const tAll = useTranslations();
  return (
    <div className="flex flex-col gap-8">
      <PageTitle
        description={t("versionOf", { number: form.versionNumber })}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink href={`/form_builder/${form.id}/edit`}>{t("edit")}</ButtonLink>
            <ButtonLink variant="outline" href={`/form_builder/${form.id}/preview`}>
              {t("preview")}
            </ButtonLink>
          </div>
        }
      >
        {form.title}
      </PageTitle>

      <section aria-labelledby="form-status" className="flex flex-col gap-3">
        <h2 id="form-status" className="font-bold text-xl">
          {t("statusHeading")}
        </h2>
        <p className="flex flex-wrap items-center gap-3">
          <StatusBadge t={tAll} status={form.status} />
          <span className="text-neutral-700">
            {t("submissionsCount", { count: form.submissionCount })}
          </span>
        </p>
        <StatusActions form={form} />
      </section>

      <PublicLink form={form} />
      <Versions form={form} />
      <Submissions form={form} />
      <DeleteForm form={form} />
    </div>
  );
}

/** The next step of the form's status: publish a draft, close a published one, reopen. */
function StatusActions({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.detail");
  const transition = useApiMutation({
    mutationFn: (event: TFormEvent) => transitionForm(api, form.id, event),
    invalidates: [formBuilderKeys.detail(form.id), formBuilderKeys.lists()],
    audited: true,
    success: (event) =>
      event === "publish"
        ? t("published", { title: form.title })
        : event === "close"
          ? t("closed", { title: form.title })
          : t("reopened", { title: form.title }),
    failure: () => t("transitionFailed", { title: form.title }),
  });
  const event: TFormEvent =
    form.status === "draft" ? "publish" : form.status === "published" ? "close" : "reopen";
  const label = event === "publish" ? t("publish") : event === "close" ? t("close") : t("reopen");
  return (
    <div>
      <Button
        variant={event === "close" ? "outline" : "neutral"}
        aria-disabled={transition.isPending || undefined}
        onClick={() => {
          if (!transition.isPending) transition.mutate(event);
        }}
      >
        {label}
      </Button>
    </div>
  );
}

function PublicLink({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.detail");
  const id = useId();
  const [copied, setCopied] = useState<string>("");
  const path = publicFormPath(form.token);
  const url = typeof window === "undefined" ? path : `${window.location.origin}${path}`;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="font-bold text-xl">
        {t("publicLink")}
      </h2>
      <p className="text-neutral-700">
        {form.status === "published" ? t("publicLinkOpen") : t("publicLinkNotOpen")}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 grow flex-col gap-1">
          <label htmlFor={`${id}-url`} className="font-medium text-neutral-900">
            {t("publicLinkLabel")}
          </label>
          <input
            id={`${id}-url`}
            readOnly
            value={url}
            className="min-h-11 rounded-shape border-2 border-neutral-500 bg-neutral-50 px-3 py-2 text-base text-neutral-900"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <Button
          variant="outline"
          onClick={() => {
            navigator.clipboard
              ?.writeText(url)
              .then(() => setCopied(t("copied")))
              .catch(() => setCopied(t("copyFailed")));
          }}
        >
          {t("copy")}
        </Button>
        <Link href={path} className="inline-flex min-h-11 items-center">
          {t("openPublic")}
        </Link>
      </div>
      <p role="status" className="text-sm text-neutral-700">
        {copied}
      </p>
    </section>
  );
}

function Versions({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.detail");
  const format = useFormatter();
  const versions = useQuery(formVersionsQuery(form.id));
  return (
    <section aria-labelledby="form-versions" className="flex flex-col gap-3">
      <h2 id="form-versions" className="font-bold text-xl">
        {t("versions")}
      </h2>
      <QueryGate
        query={versions}
        failed={t("versionsFailed")}
        empty={{ when: (rows) => rows.length === 0, children: t("noVersions") }}
      >
        {(rows) => (
          <ul className="flex flex-col gap-1">
            {rows.map((version) => (
              <li key={version.id}>
                {t("version", { number: version.number })} ·{" "}
                <time dateTime={version.createdAt}>
                  {format.dateTime(new Date(version.createdAt), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </time>
                {version.submissionCount === undefined
                  ? null
                  : ` · ${t("submissionsCount", { count: version.submissionCount })}`}
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
    </section>
  );
}

function Submissions({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.submissions");
  const locale = useLocale();
  const format = useFormatter();
  const pathname = usePathname();
  const params = new URLSearchParams(useSearchParams().toString());
  const filters = readSubmissionFilters(params);
  const size = parsePageSize(params.get("page[size]"));
  const query = useQuery(formSubmissionsQuery(form.id, submissionsListQuery(filters, size)));
  const versions = useQuery(formVersionsQuery(form.id));
  const [removing, setRemoving] = useState<TFormSubmission | null>(null);
  const numberOf = (submission: TFormSubmission) =>
    versions.data?.find((v: TFormVersion) => String(v.id) === String(submission.formVersionId))
      ?.number;
  return (
    <>
      <PagedList
        title={<h2 className="font-bold text-xl">{t("heading")}</h2>}
        filters={
          <SubmissionFilters
            key={params.toString()}
            filters={filters}
            versions={versions.data ?? []}
            search={params}
            csvHref={submissionsCsvHref(form.id, locale, filters)}
          />
        }
        query={query}
        state={{
          page: filters.page,
          size,
          q: filters.q,
          // Only the filters set: an empty list then reads "nothing yet", not "nothing matches".
          filters: Object.fromEntries(
            (["version", "from", "to"] as const)
              .filter((name) => filters[name] !== "")
              .map((name) => [name, filters[name]]),
          ),
        }}
        pageHref={(page) => listHref(pathname, params, { page })}
        texts={{
          loadFailed: t("loadFailed"),
          empty: t("empty"),
          noMatches: t("noMatches"),
          outOfRange: t("outOfRange"),
          firstPage: t("firstPage"),
          tableLabel: t("tableLabel"),
          caption: (count: number) => t("caption", { count }),
        }}
        head={
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("columns.submittedAt")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("columns.version")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">{t("columns.actions")}</span>
            </th>
          </tr>
        }
        row={(submission) => {
          const when = format.dateTime(new Date(submission.createdAt), {
            dateStyle: "medium",
            timeStyle: "short",
          });
          return (
            <tr key={submission.id} className="border-b border-neutral-200">
              <th scope="row" className="px-3 py-2 font-medium">
                <Link href={`/form_builder/${form.id}/submissions/${submission.id}`}>
                  <time dateTime={submission.createdAt}>{when}</time>
                </Link>
              </th>
              <td className="px-3 py-2">{numberOf(submission) ?? "—"}</td>
              <td className="px-3 py-2">
                <Button size="sm" variant="outline" onClick={() => setRemoving(submission)}>
                  {t("delete")}
                  <span className="sr-only"> {when}</span>
                </Button>
              </td>
            </tr>
          );
        }}
      />
      <DeleteSubmissionDialog
        formId={form.id}
        submission={removing}
        onDone={() => setRemoving(null)}
      />
    </>
  );
}

/**
 * The submissions' filters as a GET form: the version, a date range and a search in the
 * answers, applied on submit (WCAG 3.2.2); the CSV export takes the same filters.
 */
function SubmissionFilters({
  filters,
  versions,
  search,
  csvHref,
}: {
  filters: ReturnType<typeof readSubmissionFilters>;
  versions: readonly TFormVersion[];
  /** The URL's query, so the page size survives a new filter. */
  search: URLSearchParams;
  csvHref: string;
}) {
  const t = useTranslations("formBuilder.submissions");
  const router = useRouter();
  const pathname = usePathname();
  const id = useId();
  const control =
    "min-h-11 rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900";
  return (
    <div className="flex flex-col gap-3">
      <search>
        <form
          method="get"
          action={pathname}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const data = new FormData(event.currentTarget);
            const value = (name: string) => String(data.get(name) ?? "").trim() || null;
            const change = {
              version: value("version"),
              from: value("from"),
              to: value("to"),
              q: value("q"),
            };
            router.push(listHref(pathname, search, change));
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-version`} className="font-medium text-neutral-900">
              {t("version")}
            </label>
            <select
              id={`${id}-version`}
              name="version"
              defaultValue={filters.version}
              className={control}
            >
              <option value="">{t("anyVersion")}</option>
              {versions.map((v) => (
                <option key={v.id} value={String(v.id)}>
                  {t("versionOption", { number: v.number })}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-from`} className="font-medium text-neutral-900">
              {t("from")}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              name="from"
              defaultValue={filters.from}
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-to`} className="font-medium text-neutral-900">
              {t("to")}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              name="to"
              defaultValue={filters.to}
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-q`} className="font-medium text-neutral-900">
              {t("search")}
            </label>
            <input
              id={`${id}-q`}
              type="search"
              name="q"
              maxLength={SEARCH_MAX}
              defaultValue={filters.q}
              className={control}
            />
          </div>
          <Button type="submit" variant="outline">
            {t("apply")}
          </Button>
        </form>
      </search>
      <p>
        <a href={csvHref} download className="inline-flex min-h-11 items-center">
          {t("export")}
        </a>
      </p>
    </div>
  );
}

function DeleteForm({ form }: { form: TManagedForm }) {
  const t = useTranslations("formBuilder.detail");
  const tCommon = useTranslations("common");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const remove = useApiMutation({
    mutationFn: () => deleteForm(api, form.id),
    invalidates: [formBuilderKeys.lists()],
    audited: true,
    success: () => t("deleted", { title: form.title }),
    failure: () => t("deleteFailed", { title: form.title }),
    onSuccess: () => router.push("/form_builder"),
  });
  return (
    <section aria-labelledby="form-delete" className="flex flex-col gap-3">
      <h2 id="form-delete" className="font-bold text-xl">
        {t("deleteHeading")}
      </h2>
      <div>
        <Button variant="outline" onClick={() => setOpen(true)}>
          {t("delete")}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={t("confirmDeleteTitle", { title: form.title })}
        confirmLabel={t("confirmDelete")}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={tCommon("busy")}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate(undefined);
        }}
        onCancel={() => setOpen(false)}
      >
        <p>{t("confirmDeleteBody", { count: form.submissionCount })}</p>
      </ConfirmDialog>
    </section>
  );
}
