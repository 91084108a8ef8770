"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { managesForms, ownerChoices } from "@/lib/form-builder/form-access";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { FormBuilderForm } from "./form-builder-form";

/**
 * /form_builder/new: a new form, owned by one of the organisations or centres the user is
 * staff of (a choice when there are several). Saved as a draft; its overview takes over.
 */
export function FormNew() {
  const t = useTranslations("formBuilder");
  const router = useRouter();
  const organizations = useQuery(currentOrganizationsQuery());
  return (
    <StaffGate allow={managesForms}>
      {(access) => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("new.description")}>{t("new.title")}</PageTitle>
          <QueryGate query={organizations} failed={t("loadFailed")}>
            {(own) => {
              const owners = ownerChoices(access.roles, own);
              if (owners.length === 0) return <p>{t("new.noOwner")}</p>;
              return (
                <FormBuilderForm
                  record={null}
                  owners={owners}
                  onSaved={(saved) => router.push(`/form_builder/${saved.id}`)}
                />
              );
            }}
          </QueryGate>
        </div>
      )}
    </StaffGate>
  );
}
