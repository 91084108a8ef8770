"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import type { Role } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { hasRole, isAdminOf } from "@/lib/auth/role-checks";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import { useApplicationFormChoices } from "@/lib/form-builder/application-forms";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import { tagsQuery } from "@/lib/tags/tag-queries";
import { createVacancy } from "@/lib/vacancies/managed-vacancy-api";
import { managedVacancyKeys } from "@/lib/vacancies/managed-vacancy-keys";
import { useSubmitStatus } from "@/lib/vacancies/use-submit-status";
import { useVacancyContacts } from "@/lib/vacancies/use-vacancy-contacts";
import { EMPTY_VACANCY_FORM } from "@/lib/vacancies/vacancy-form";
import { VacancyForm } from "./vacancy-form";

/** An organisation a vacancy may be added for. */
type TWritable = { id: string; name: string; volunteerCenterId: string };

/** The roles that write an organisation's vacancies (vacancies.create, docs/permissions.md). */
const isStaffOf = (roles: readonly Role[], organizationId: string) =>
  hasRole(roles, "admin", { type: "Organization", id: organizationId }) ||
  hasRole(roles, "member", { type: "Organization", id: organizationId });

const writesVacancies = (access: TReadyAccess) =>
  access.superadmin ||
  access.centreIds.length > 0 ||
  access.roles.some(
    (role) =>
      (role.name === "admin" || role.name === "member") && role.resourceType === "Organization",
  );

// Centre staff choose from the organisations they may edit (the api scopes the list).
const ORGANIZATION_LIST = { sort: "name", page: { size: 1000 } };

/**
 * /vacancies/add: an organisation's admins and members write a vacancy of their
 * organisation, a centre's admins and superadmins of the organisations they run
 * (vacancies.create). It is saved as a draft or submitted; then the edit page takes over.
 * Anyone else gets the 403 screen before any call.
 */
export function VacancyAdd() {
  return <StaffGate allow={writesVacancies}>{(access) => <AddBody access={access} />}</StaffGate>;
}

type TCandidate = { id: string; name: string; type: unknown; volunteerCenterId: unknown };
const toCandidate = (o: {
  id: string | number;
  name?: unknown;
  type?: unknown;
  volunteerCenterId?: unknown;
}): TCandidate => ({
  id: String(o.id),
  name: typeof o.name === "string" ? o.name : String(o.id),
  type: o.type,
  volunteerCenterId: o.volunteerCenterId,
});

function AddBody({ access }: { access: TReadyAccess }) {
  const t = useTranslations("vacancyForm");
  const centreStaff = access.superadmin || access.centreIds.length > 0;
  const own = useQuery(currentOrganizationsQuery());
  const listed = useQuery({ ...organizationPageQuery(ORGANIZATION_LIST), enabled: centreStaff });
  const tags = useQuery(tagsQuery());
  const user = useQuery(currentUserQuery());

  const organizations = {
    data: (centreStaff ? listed.data?.rows : own.data)?.map(toCandidate),
    error: centreStaff ? listed.error : own.error,
    refetch: centreStaff ? listed.refetch : own.refetch,
  };

  return (
    <>
      <PageTitle description={t("add.description")}>{t("add.title")}</PageTitle>
      <QueryGate query={allOf(organizations, allOf(tags, user))} failed={t("loadFailed")}>
        {([all, [tagList, me]]) => {
          // A centre has no vacancies of its own; staff write for the organisations they hold a role on.
          const writable: TWritable[] = all
            .filter((o) => o.type !== "VolunteerCenter" && o.volunteerCenterId != null)
            .filter((o) => centreStaff || isStaffOf(access.roles, o.id))
            .map((o) => ({
              id: o.id,
              name: o.name,
              volunteerCenterId: String(o.volunteerCenterId),
            }));
          return <AddForm access={access} writable={writable} tags={tagList} me={me} />;
        }}
      </QueryGate>
    </>
  );
}

function AddForm({
  access,
  writable,
  tags,
  me,
}: {
  access: TReadyAccess;
  writable: TWritable[];
  tags: Parameters<typeof VacancyForm>[0]["tags"];
  me: { id: string; [key: string]: unknown };
}) {
  const t = useTranslations("vacancyForm");
  const router = useRouter();
  const first = writable.length === 1 ? writable[0] : undefined;
  const [organizationId, setOrganizationId] = useState(first?.id ?? "");
  const organization = writable.find((o) => o.id === organizationId);
  const approver =
    access.superadmin || isAdminOf(access.roles, organization?.volunteerCenterId ?? null);
  const contacts = useVacancyContacts(organizationId, me, null);
  const submitStatus = useSubmitStatus(organization?.volunteerCenterId ?? "", approver);
  const applicationForms = useApplicationFormChoices(
    organizationId,
    organization?.volunteerCenterId,
  );

  if (writable.length === 0) {
    return <p>{t("add.noOrganization")}</p>;
  }
  return (
    <VacancyForm
      defaultValues={{
        ...EMPTY_VACANCY_FORM,
        organizationId: first?.id ?? "",
        // Staff of the organisation are its usual contact; a centre's admin is none.
        contactPersonId: first && isStaffOf(access.roles, first.id) ? me.id : "",
      }}
      organizations={writable.map((o) => ({ value: o.id, label: o.name }))}
      onOrganizationChange={setOrganizationId}
      tags={tags}
      contactPeople={contacts.choices}
      contactHint={contacts.limited ? t("hints.contactLimited") : t("hints.contactPerson")}
      applicationForms={applicationForms}
      submitStatus={submitStatus}
      submitNote={organization ? undefined : t("hints.chooseOrganizationFirst")}
      saveLabel={t("actions.saveDraft")}
      save={(document) => createVacancy(api, document)}
      invalidates={() => [managedVacancyKeys.lists()]}
      success={(saved, intent) =>
        intent === "submit" && saved.status === "pending"
          ? t("toasts.submitted", { title: saved.title })
          : intent === "submit"
            ? t("toasts.published", { title: saved.title })
            : t("toasts.created", { title: saved.title })
      }
      failureTitle={t("toasts.createFailed")}
      onSaved={(saved) => router.push(`/vacancies/${saved.id}/edit`)}
      cancelHref="/vacancies"
    />
  );
}
