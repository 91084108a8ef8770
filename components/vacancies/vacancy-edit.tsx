"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { isAdminOf } from "@/lib/auth/role-checks";
import { type TReadyAccess, useStaffAccessQuery } from "@/lib/auth/use-staff-access";
import type { TVacancyStatusName } from "@/lib/contract/vacancies";
import { useApplicationFormChoices } from "@/lib/form-builder/application-forms";
import { type TTag, tagsQuery } from "@/lib/tags/tag-queries";
import { updateVacancy } from "@/lib/vacancies/managed-vacancy-api";
import { managedVacancyKeys } from "@/lib/vacancies/managed-vacancy-keys";
import { managedVacancyQuery } from "@/lib/vacancies/managed-vacancy-queries";
import type { TManagedVacancy } from "@/lib/vacancies/managed-vacancy-types";
import { useSubmitStatus } from "@/lib/vacancies/use-submit-status";
import { useVacancyContacts } from "@/lib/vacancies/use-vacancy-contacts";
import { vacancyFormValues } from "@/lib/vacancies/vacancy-form";
import { VacancyForm } from "./vacancy-form";
import { VacancyStatusActions } from "./vacancy-status-actions";

/**
 * /vacancies/:id/edit: a vacancy its writers manage, in any status
 * (GET /api/v1/managed_vacancies/:id; vacancies.read_managed): the form, saved with PATCH,
 * and the status actions. Another tenant's or one the caller may not manage (not public) is
 * the api's 404 screen; a published one they may not manage the 403 screen.
 */
export function VacancyEdit({ id }: { id: string }) {
  const t = useTranslations("vacancyForm");
  const access = useStaffAccessQuery();
  const vacancy = useQuery(managedVacancyQuery(id));
  const tags = useQuery(tagsQuery());
  const user = useQuery(currentUserQuery());
  return (
    <QueryGate
      query={allOf(allOf(vacancy, access), allOf(tags, user))}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("edit.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([[record, ready], [tagList, me]]) => (
        <EditBody vacancy={record} access={ready} tags={tagList} me={me} />
      )}
    </QueryGate>
  );
}

function EditBody({
  vacancy,
  access,
  tags,
  me,
}: {
  vacancy: TManagedVacancy;
  access: TReadyAccess;
  tags: TTag[];
  me: { id: string; [key: string]: unknown };
}) {
  const t = useTranslations("vacancyForm");
  const centreId = String(vacancy.volunteerCenterId);
  const approver = access.superadmin || isAdminOf(access.roles, centreId);
  const current =
    vacancy.contactPersonId == null
      ? null
      : { id: String(vacancy.contactPersonId), name: vacancy.contactName };
  const contacts = useVacancyContacts(String(vacancy.organizationId), me, current);
  const submitStatus = useSubmitStatus(centreId, approver);
  const applicationForms = useApplicationFormChoices(String(vacancy.organizationId), centreId);
  const changed = [managedVacancyKeys.detail(vacancy.id), managedVacancyKeys.lists()];

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("edit.description")}>
        {t("edit.title", { title: vacancy.title })}
      </PageTitle>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("edit.status")}</dt>
        <dd>
          <StatusName status={vacancy.status} />
          {vacancy.status === "published" || vacancy.status === "closed" ? (
            <>
              {" "}
              <Link href={`/vacancies/${vacancy.id}`} className="inline-flex min-h-11 items-center">
                {t("edit.publicPage")}
              </Link>
            </>
          ) : null}
        </dd>
        {vacancy.applicationsCount !== undefined ? (
          <>
            <dt className="font-medium">{t("edit.applications")}</dt>
            <dd>
              {t("edit.applicationsCount", {
                count: vacancy.applicationsCount,
                open: vacancy.openApplicationsCount ?? 0,
              })}
            </dd>
          </>
        ) : null}
      </dl>
      <VacancyStatusActions vacancy={vacancy} approver={approver} />
      <VacancyForm
        vacancyId={vacancy.id}
        defaultValues={vacancyFormValues(vacancy)}
        tags={tags}
        contactPeople={contacts.choices}
        contactHint={contacts.limited ? t("hints.contactLimited") : t("hints.contactPerson")}
        applicationForms={applicationForms}
        submitStatus={vacancy.status === "draft" ? submitStatus : null}
        saveLabel={t("actions.save")}
        save={(document) => updateVacancy(api, vacancy.id, document)}
        invalidates={() => changed}
        success={(saved, intent) =>
          intent === "submit" && saved.status === "pending"
            ? t("toasts.submitted", { title: saved.title })
            : intent === "submit"
              ? t("toasts.published", { title: saved.title })
              : t("toasts.saved", { title: saved.title })
        }
        failureTitle={t("toasts.saveFailed")}
        cancelHref="/vacancies"
      />
    </div>
  );
}

/** The status in the page's language, one literal key per status (tests/unit/messages.test.ts). */
function StatusName({ status }: { status: TVacancyStatusName }) {
  const t = useTranslations("vacancyForm.statuses");
  switch (status) {
    case "draft":
      return <span>{t("draft")}</span>;
    case "pending":
      return <span>{t("pending")}</span>;
    case "published":
      return <span>{t("published")}</span>;
    case "closed":
      return <span>{t("closed")}</span>;
    default:
      return <span>{t("archived")}</span>;
  }
}
