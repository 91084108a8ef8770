"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { PageTitle } from "@/components/ui/page-title";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  type TVacancyStatusName,
  VACANCY_LIMITS,
  VACANCY_STATUSES,
} from "@/lib/contract/vacancies";
import { usePublishedFormsOf } from "@/lib/form-builder/application-forms";
import { tagName } from "@/lib/tags/tag-name";
import { tagsQuery } from "@/lib/tags/tag-queries";
import { siteToday } from "@/lib/vacancies/closed";
import { personLabel } from "@/lib/vacancies/contact-people";
import { managedVacancyKeys } from "@/lib/vacancies/managed-vacancy-keys";
import { organizationStaffQuery } from "@/lib/vacancies/managed-vacancy-queries";
import { useOrganizationNames } from "@/lib/vacancies/use-vacancy-context";
import {
  bulkUpdateVacancies,
  refusalsOf,
  type TBulkChanges,
  type TBulkResult,
  type TBulkVacancyChange,
  type TRefusal,
} from "@/lib/vacancies/vacancy-bulk-api";
import {
  DEADLINE_FILTERS,
  managedVacancyPageQuery,
  matchingVacancyIdsQuery,
  type TVacancyPick,
  VACANCY_LIST,
  vacancyListFilter,
  vacancyListQuery,
} from "@/lib/vacancies/vacancy-list";
import { closesApplications } from "@/lib/vacancies/vacancy-steps";
import {
  calendarDay,
  deadlineLabel,
  VacancyStatusBadge,
  vacancyStatusLabel,
} from "./vacancy-status";

type TBulkT = ReturnType<typeof useTranslations<"vacancyBulkEdit">>;

/** The `ids` of the URL (the list's chosen rows): record ids, at most the api's limit. */
export function parseIds(value: string | null): string[] {
  if (!value) return [];
  const ids = value
    .split(",")
    .map((id) => id.trim())
    .filter((id) => /^[1-9]\d{0,9}$/.test(id));
  return [...new Set(ids)].slice(0, VACANCY_LIMITS.bulkIds);
}

type TDeadlineChange = "keep" | "set" | "clear";
type TForm = {
  status: TVacancyStatusName | "";
  deadline: TDeadlineChange;
  closesOn: string;
  contact: "" | "none" | string;
  applicationForm: "" | "none" | string;
  addTags: string[];
  removeTags: string[];
};
const EMPTY_FORM: TForm = {
  status: "",
  deadline: "keep",
  closesOn: "",
  contact: "",
  applicationForm: "",
  addTags: [],
  removeTags: [],
};

/** The changes the form asks for, as the api takes them; null when it asks for none. */
export function bulkChanges(form: TForm): TBulkChanges | null {
  const changes: TBulkChanges = {};
  if (form.status) changes.status = form.status;
  if (form.deadline === "set" && form.closesOn) changes.closesOn = form.closesOn;
  if (form.deadline === "clear") changes.closesOn = null;
  if (form.contact === "none") changes.contactPersonId = null;
  else if (form.contact) changes.contactPersonId = form.contact;
  if (form.applicationForm === "none") changes.applicationFormId = null;
  else if (form.applicationForm) changes.applicationFormId = form.applicationForm;
  if (form.addTags.length > 0) changes.addTagIds = form.addTags;
  if (form.removeTags.length > 0) changes.removeTagIds = form.removeTags;
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * /vacancies/bulk-edit (docs/vacancy-pages.md): choose vacancies from the same filtered list
 * (or arrive with the list's `?ids=`), say what changes, see the api's preview of what
 * would change per vacancy, then apply it in one request. The api checks all first and
 * refuses all or nothing; a refusal is shown beside the vacancies it names.
 */
export function VacancyBulkEdit() {
  const t = useTranslations("vacancyBulkEdit");
  const tList = useTranslations("vacancyList");
  const queryClient = useQueryClient();
  const list = useListPage(VACANCY_LIST);
  const searchParams = useSearchParams();
  const today = siteToday();
  const query = useQuery(managedVacancyPageQuery(vacancyListQuery(list.state, today)));
  const rows = query.data?.rows ?? [];
  const records = query.data?.pagination.records ?? 0;
  // What the selection knows of each chosen vacancy (title, organisation), from every page seen.
  const known = useRef(new Map<string, TVacancyPick>());
  for (const row of rows) known.current.set(row.id, row);
  const names = useOrganizationNames(rows.map((row) => row.organizationId));

  const [chosen, setChosen] = useState<ReadonlySet<string>>(
    () => new Set(parseIds(searchParams.get("ids"))),
  );
  const [form, setForm] = useState<TForm>(EMPTY_FORM);
  const [preview, setPreview] = useState<TBulkResult | null>(null);
  const [refusals, setRefusals] = useState<TRefusal[]>([]);
  const [selectingAll, setSelectingAll] = useState(false);
  const [capped, setCapped] = useState(false);

  // Whatever changes the question makes the preview stale: it must be asked again.
  const changed = () => {
    setPreview(null);
    setRefusals([]);
  };
  const setField = <K extends keyof TForm>(key: K, value: TForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    changed();
  };
  const choose = (ids: readonly string[], on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on && next.size < VACANCY_LIMITS.bulkIds) next.add(id);
        if (!on) next.delete(id);
      }
      return next;
    });
    changed();
  };
  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const found = await queryClient.fetchQuery(
        matchingVacancyIdsQuery(
          vacancyListFilter(list.state, today),
          `${list.state.sort.direction === "desc" ? "-" : ""}${list.state.sort.field}`,
          VACANCY_LIMITS.bulkIds,
        ),
      );
      for (const pick of found.rows) known.current.set(pick.id, pick);
      setChosen(new Set(found.rows.map((pick) => pick.id)));
      setCapped(found.pagination.records > VACANCY_LIMITS.bulkIds);
      changed();
    } finally {
      setSelectingAll(false);
    }
  };

  const ids = [...chosen];
  const changes = bulkChanges(form);
  const organizations = new Set(
    ids.flatMap((id) => {
      const pick = known.current.get(id);
      return pick ? [String(pick.organizationId)] : [];
    }),
  );
  // A contact person must be staff of every organisation among the vacancies: offered when
  // they are all of one (known) organisation.
  const organizationId =
    organizations.size === 1 && ids.every((id) => known.current.has(id))
      ? [...organizations][0]
      : undefined;
  // An application form must be one every vacancy's organisation may use (its own or its
  // centre's): offered when they all share one known centre, the organisation's own too
  // when they are all of one.
  const centres = new Set(
    ids.flatMap((id) => {
      const centre = known.current.get(id)?.volunteerCenterId;
      return centre === undefined || centre === null ? [] : [String(centre)];
    }),
  );
  const centreId =
    centres.size === 1 && ids.every((id) => known.current.has(id)) ? [...centres][0] : undefined;
  const formOwners = centreId ? [centreId, ...(organizationId ? [organizationId] : [])] : [];

  const refusedIds = new Map<string, TRefusal[]>();
  for (const refusal of refusals) {
    for (const id of refusal.vacancyIds)
      refusedIds.set(id, [...(refusedIds.get(id) ?? []), refusal]);
  }

  const ask = useApiMutation({
    mutationFn: (variables: { ids: string[]; changes: TBulkChanges }) =>
      bulkUpdateVacancies(api, variables.ids, variables.changes, true),
    invalidates: [],
    audited: false,
    failure: () => t("preview.failed"),
    onError: (error) => {
      const found = refusalsOf(error);
      setRefusals(found);
      return found.length > 0 ? "handled" : undefined;
    },
    onSuccess: (result) => {
      setRefusals([]);
      setPreview(result);
    },
  });
  const apply = useApiMutation({
    mutationFn: (variables: { ids: string[]; changes: TBulkChanges }) =>
      bulkUpdateVacancies(api, variables.ids, variables.changes, false),
    invalidates: [managedVacancyKeys.all],
    success: (_variables, result) =>
      t("apply.done", {
        changed: result.changedCount,
        closed: result.closedApplications,
      }),
    failure: () => t("apply.failed"),
    onError: (error) => {
      const found = refusalsOf(error);
      setRefusals(found);
      if (found.length > 0) setPreview(null);
      return found.length > 0 ? "handled" : undefined;
    },
    onSuccess: () => {
      setPreview(null);
      setForm(EMPTY_FORM);
    },
  });

  const titleOf = (id: string) => known.current.get(id)?.title ?? t("vacancyNumber", { id });
  const allOnPage = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  const generalRefusals = refusals.filter((refusal) => refusal.vacancyIds.length === 0);

  return (
    <div className="flex flex-col gap-8">
      <ListTable
        list={list}
        title={
          <PageTitle
            description={t("description")}
            actions={
              <Link href="/vacancies" className="inline-flex min-h-11 items-center">
                {t("backToList")}
              </Link>
            }
          >
            {t("title")}
          </PageTitle>
        }
        searchLabel={tList("search")}
        selects={[
          {
            name: "status",
            label: tList("status"),
            anyLabel: tList("anyStatus"),
            options: VACANCY_STATUSES.map((value) => ({
              value,
              label: vacancyStatusLabel(tList, value),
            })),
          },
          {
            name: "deadline",
            label: tList("deadline"),
            anyLabel: tList("anyDeadline"),
            options: DEADLINE_FILTERS.map((value) => ({
              value,
              label: deadlineLabel(tList, value),
            })),
          },
        ]}
        toolbar={
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="font-medium">
              {t("chosen", { count: chosen.size, max: VACANCY_LIMITS.bulkIds })}
            </p>
            {records > rows.length ? (
              <Button
                size="sm"
                variant="outline"
                aria-disabled={selectingAll}
                onClick={() => {
                  if (!selectingAll) void selectAllMatching();
                }}
              >
                {t("chooseAllMatching", { count: Math.min(records, VACANCY_LIMITS.bulkIds) })}
              </Button>
            ) : null}
            {chosen.size > 0 ? (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  setChosen(new Set());
                  setCapped(false);
                  changed();
                }}
              >
                {t("clearChosen")}
              </Button>
            ) : null}
            {capped ? <p>{t("capped", { max: VACANCY_LIMITS.bulkIds })}</p> : null}
          </div>
        }
        query={query}
        texts={{
          loadFailed: tList("loadFailed"),
          empty: tList("empty"),
          noMatches: tList("noMatches"),
          outOfRange: tList("outOfRange"),
          firstPage: tList("firstPage"),
          tableLabel: t("tableLabel"),
          caption: (count) => tList("caption", { count }),
        }}
        columns={[
          {
            key: "choose",
            label: tList("columns.choose"),
            content: (
              <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={allOnPage}
                  onChange={(event) =>
                    choose(
                      rows.map((row) => row.id),
                      event.target.checked,
                    )
                  }
                />
                <span className="sr-only">{tList("chooseAllOnPage")}</span>
              </label>
            ),
          },
          { key: "title", label: tList("columns.title"), sort: "title" },
          { key: "organization", label: tList("columns.organization") },
          { key: "status", label: tList("columns.status"), sort: "status" },
          { key: "deadline", label: tList("columns.deadline"), sort: "closes_on" },
          { key: "refusal", label: t("columns.refusal"), hideLabel: true },
        ]}
        row={(vacancy) => (
          <tr key={vacancy.id} className="border-b border-neutral-200 align-top">
            <td className="px-3 py-2">
              <label className="inline-flex min-h-11 min-w-11 items-center justify-center">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={chosen.has(vacancy.id)}
                  onChange={(event) => choose([vacancy.id], event.target.checked)}
                />
                <span className="sr-only">{tList("choose", { title: vacancy.title })}</span>
              </label>
            </td>
            <th scope="row" className="px-3 py-2 font-medium">
              {vacancy.title}
            </th>
            <td className="px-3 py-2">{names.get(String(vacancy.organizationId)) ?? "—"}</td>
            <td className="px-3 py-2">
              <VacancyStatusBadge status={vacancy.status} />
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <DayOrDash day={vacancy.closesOn} />
            </td>
            <td className="px-3 py-2 text-danger-800">
              {(refusedIds.get(vacancy.id) ?? []).map((refusal) => (
                <p key={`${refusal.code}-${refusal.pointer}`}>{refusalText(t, refusal)}</p>
              ))}
            </td>
          </tr>
        )}
      />

      {query.data ? (
        <ChangesForm
          form={form}
          setField={setField}
          organizationId={organizationId}
          formOwners={formOwners}
          disabled={chosen.size === 0}
          generalRefusals={generalRefusals}
          onPreview={() => {
            if (changes && ids.length > 0) ask.mutate({ ids, changes });
          }}
          canPreview={changes !== null && ids.length > 0}
          pending={ask.isPending}
        />
      ) : null}

      {refusals.some((refusal) => refusal.vacancyIds.length > 0) ? (
        <section
          aria-labelledby="bulk-refusals"
          role="alert"
          className="rounded-shape border-2 border-danger-700 bg-danger-50 p-4 text-danger-800"
        >
          <h2 id="bulk-refusals" className="font-semibold text-lg">
            {t("refused.heading")}
          </h2>
          <p>{t("refused.nothingChanged")}</p>
          <ul className="mt-2 list-disc pl-6">
            {[...refusedIds.entries()].map(([id, found]) => (
              <li key={id}>
                <strong>{titleOf(id)}</strong>: {found.map((r) => refusalText(t, r)).join(" ")}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {preview ? (
        <PreviewTable
          preview={preview}
          closing={closingCount(preview, (id) => known.current.get(id))}
          pending={apply.isPending}
          onApply={() => {
            if (changes && !apply.isPending) apply.mutate({ ids, changes });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The open applications the previewed change would close. A preview writes nothing, so the
 * api's `closed_applications` is 0 there; the list's counts of the vacancies that would
 * leave published for closed or archived say it instead.
 */
function closingCount(preview: TBulkResult, pick: (id: string) => TVacancyPick | undefined) {
  let count = 0;
  for (const change of preview.changes) {
    const status = change.changes.status;
    if (status && closesApplications(status.from, status.to))
      count += pick(change.id)?.openApplicationsCount ?? 0;
  }
  return count;
}

function DayOrDash({ day }: { day: string | null | undefined }) {
  const format = useFormatter();
  if (!day) return <>—</>;
  return <time dateTime={day}>{format.dateTime(calendarDay(day), { dateStyle: "medium" })}</time>;
}

/** A refusal of the api in words: by its code (the api's details are for developers). */
function refusalText(t: TBulkT, refusal: TRefusal): string {
  // The api's code here is the generic `invalid`: the pointer says which rule it was.
  if (refusal.pointer.endsWith("/application_form_id")) return t("refused.applicationForm");
  switch (refusal.code) {
    case "invalid_transition":
      return t("refused.invalidTransition");
    case "organization_not_approved":
      return t("refused.notApproved");
    case "not_staff":
      return t("refused.notStaff");
    case "in_past":
      return t("refused.inPast");
    case "not_found":
      return t("refused.notFound");
    default:
      return refusal.detail || t("refused.other");
  }
}

type TFormProps = {
  form: TForm;
  setField: <K extends keyof TForm>(key: K, value: TForm[K]) => void;
  organizationId: string | undefined;
  /** The owners whose published forms every chosen vacancy may ask; none: not offered. */
  formOwners: string[];
  disabled: boolean;
  generalRefusals: TRefusal[];
  onPreview: () => void;
  canPreview: boolean;
  pending: boolean;
};

function ChangesForm({
  form,
  setField,
  organizationId,
  formOwners,
  disabled,
  generalRefusals,
  onPreview,
  canPreview,
  pending,
}: TFormProps) {
  const t = useTranslations("vacancyBulkEdit");
  const tList = useTranslations("vacancyList");
  const headingId = useId();
  const locale = useLocale();
  const [missing, setMissing] = useState(false);
  const tags = useQuery(tagsQuery());
  // The organisation's staff, who may be its vacancies' contact person (null: the caller may
  // not list them; "nobody" is still offered and the api checks `not_staff`).
  const staff = useQuery(organizationStaffQuery(organizationId ?? "")).data;
  const applicationForms = usePublishedFormsOf(formOwners);
  const formsOffered = formOwners.length > 0;
  const pointerRefusal = (name: string) =>
    generalRefusals
      .filter((refusal) => refusal.pointer.endsWith(`/${name}`))
      .map((refusal) => refusalText(t, refusal))
      .join(" ") || undefined;
  const otherRefusals = generalRefusals.filter(
    (refusal) =>
      ![
        "status",
        "closes_on",
        "contact_person_id",
        "application_form_id",
        "add_tag_ids",
        "remove_tag_ids",
      ].some((name) => refusal.pointer.endsWith(`/${name}`)),
  );
  const tagList = (name: "addTags" | "removeTags", legend: string, error: string | undefined) => (
    <fieldset className="flex flex-col gap-1">
      <legend className="font-medium text-neutral-900">{legend}</legend>
      {error ? <p className="text-danger-800">{error}</p> : null}
      <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
        {(tags.data ?? []).map((tag) => (
          <label key={tag.id} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={form[name].includes(tag.id)}
              onChange={(event) =>
                setField(
                  name,
                  event.target.checked
                    ? [...form[name], tag.id]
                    : form[name].filter((id) => id !== tag.id),
                )
              }
            />
            {tagName(tag, locale)}
          </label>
        ))}
      </div>
    </fieldset>
  );

  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-shape border border-neutral-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canPreview) setMissing(true);
        else {
          setMissing(false);
          onPreview();
        }
      }}
    >
      <h2 id={headingId} className="font-semibold text-lg">
        {t("changes.heading")}
      </h2>
      <FormError title={otherRefusals.length > 0 ? t("refused.heading") : undefined}>
        {otherRefusals.map((refusal) => refusalText(t, refusal)).join(" ")}
      </FormError>
      <div className="grid gap-4 md:grid-cols-3">
        <SelectField
          label={t("changes.status")}
          placeholder={t("changes.keep")}
          options={VACANCY_STATUSES.map((value) => ({
            value,
            label: vacancyStatusLabel(tList, value),
          }))}
          value={form.status}
          error={pointerRefusal("status")}
          onChange={(event) => setField("status", event.target.value as TForm["status"])}
        />
        <div className="flex flex-col gap-2">
          <SelectField
            label={t("changes.deadline")}
            options={[
              { value: "keep", label: t("changes.keep") },
              { value: "set", label: t("changes.deadlineSet") },
              { value: "clear", label: t("changes.deadlineClear") },
            ]}
            value={form.deadline}
            onChange={(event) => setField("deadline", event.target.value as TDeadlineChange)}
          />
          {form.deadline === "set" ? (
            <TextField
              label={t("changes.deadlineDate")}
              type="date"
              required
              min={siteToday()}
              value={form.closesOn}
              error={pointerRefusal("closes_on")}
              onChange={(event) => setField("closesOn", event.target.value)}
            />
          ) : null}
        </div>
        <SelectField
          label={t("changes.contact")}
          placeholder={t("changes.keep")}
          hint={organizationId ? undefined : t("changes.contactOneOrganization")}
          disabled={!organizationId}
          options={[
            { value: "none", label: t("changes.contactNone") },
            ...(organizationId ? (staff ?? []) : []).map((user) => ({
              value: user.id,
              label: personLabel(user),
            })),
          ]}
          value={organizationId ? form.contact : ""}
          error={pointerRefusal("contact_person_id")}
          onChange={(event) => setField("contact", event.target.value)}
        />
        <SelectField
          label={t("changes.applicationForm")}
          placeholder={t("changes.keep")}
          hint={formsOffered ? undefined : t("changes.applicationFormOneCentre")}
          disabled={!formsOffered}
          options={[
            { value: "none", label: t("changes.applicationFormNone") },
            ...applicationForms,
          ]}
          value={formsOffered ? form.applicationForm : ""}
          error={pointerRefusal("application_form_id")}
          onChange={(event) => setField("applicationForm", event.target.value)}
        />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {tagList("addTags", t("changes.addTags"), pointerRefusal("add_tag_ids"))}
        {tagList("removeTags", t("changes.removeTags"), pointerRefusal("remove_tag_ids"))}
      </div>
      {missing ? (
        <p role="alert" className="text-danger-800">
          {disabled ? t("changes.chooseFirst") : t("changes.nothing")}
        </p>
      ) : null}
      <div>
        <Button type="submit" aria-disabled={pending}>
          {pending ? t("preview.pending") : t("preview.button")}
        </Button>
      </div>
    </form>
  );
}

function PreviewTable({
  preview,
  closing,
  pending,
  onApply,
}: {
  preview: TBulkResult;
  /** The open applications the change would close. */
  closing: number;
  pending: boolean;
  onApply: () => void;
}) {
  const t = useTranslations("vacancyBulkEdit");
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The preview appears below the form: focus goes to it, so the keyboard continues there.
  useEffect(() => heading.current?.focus(), []);
  const changing = preview.changes.filter((change) => Object.keys(change.changes).length > 0);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} ref={heading} className="font-semibold text-xl" tabIndex={-1}>
        {t("preview.heading")}
      </h2>
      <p role="status">
        {t("preview.summary", {
          changed: changing.length,
          total: preview.changes.length,
          closed: closing,
        })}
      </p>
      {changing.length > 0 ? (
        <section
          aria-label={t("preview.tableLabel")}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className="relative overflow-x-auto rounded-shape border-2 border-neutral-300 bg-white"
        >
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">
              {t("preview.caption", { count: changing.length })}
            </caption>
            <thead className="border-b-2 border-neutral-300 bg-neutral-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("preview.columns.vacancy")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("preview.columns.changes")}
                </th>
              </tr>
            </thead>
            <tbody>
              {changing.map((change) => (
                <tr key={change.id} className="border-b border-neutral-200 align-top">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {change.title}
                  </th>
                  <td className="px-3 py-2">
                    <ChangeList change={change} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <div>
        <Button
          aria-disabled={pending || changing.length === 0}
          onClick={() => {
            if (!pending && changing.length > 0) onApply();
          }}
        >
          {pending ? t("apply.pending") : t("apply.button", { count: changing.length })}
        </Button>
      </div>
    </section>
  );
}

function ChangeList({ change }: { change: TBulkVacancyChange }) {
  const t = useTranslations("vacancyBulkEdit");
  const tList = useTranslations("vacancyList");
  const locale = useLocale();
  const tags = useQuery(tagsQuery());
  const nameOf = (id: number | string) => {
    const tag = tags.data?.find((candidate) => candidate.id === String(id));
    return tag ? tagName(tag, locale) : t("tagNumber", { id: String(id) });
  };
  const items: ReactNode[] = [];
  const { status, closesOn, contactPersonId, applicationFormId, tagIds } = change.changes;
  if (status) {
    items.push(
      <li key="status">
        {t("preview.status", {
          from: vacancyStatusLabel(tList, status.from),
          to: vacancyStatusLabel(tList, status.to),
        })}
      </li>,
    );
  }
  if (closesOn) {
    items.push(
      <li key="closesOn">
        {t("preview.deadline")} <DayOrDash day={closesOn.from} /> → <DayOrDash day={closesOn.to} />
      </li>,
    );
  }
  if (contactPersonId) {
    items.push(
      <li key="contact">
        {contactPersonId.to === null ? t("preview.contactCleared") : t("preview.contactChanged")}
      </li>,
    );
  }
  if (applicationFormId) {
    items.push(
      <li key="applicationForm">
        {applicationFormId.to === null ? t("preview.formCleared") : t("preview.formChanged")}
      </li>,
    );
  }
  if (tagIds) {
    const added = tagIds.to.filter((id) => !tagIds.from.map(String).includes(String(id)));
    const removed = tagIds.from.filter((id) => !tagIds.to.map(String).includes(String(id)));
    if (added.length > 0)
      items.push(
        <li key="added">{t("preview.tagsAdded", { tags: added.map(nameOf).join(", ") })}</li>,
      );
    if (removed.length > 0)
      items.push(
        <li key="removed">{t("preview.tagsRemoved", { tags: removed.map(nameOf).join(", ") })}</li>,
      );
  }
  return <ul className="list-disc pl-5">{items}</ul>;
}
