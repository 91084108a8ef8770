"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import type { TStaffAccess } from "@/lib/auth/use-staff-access";
import { ORGANIZATION_TYPE_CHOICES } from "@/lib/contract/organization";
import { createOrganization } from "@/lib/organizations/organization-api";
import { EMPTY_ORGANIZATION_FORM } from "@/lib/organizations/organization-form";
import { volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import type { TVolunteerCentre } from "@/lib/organizations/organization-types";
import { organizationChangeKeys } from "@/lib/organizations/use-organization-mutations";
import { useOrganizations } from "@/lib/organizations/use-organizations";
import { OrganizationForm } from "./organization-form";

type TReady = Extract<TStaffAccess, { status: "ready" }>;

const PARTS = ["kind", "details", "address", "profile"] as const;

/**
 * /organizations/add: a centre's admins add an organization to their centre,
 * superadmins to any centre and may add a centre itself (policy organizations.create,
 * docs/permissions.md). It starts approved. Others get the 403 screen before any call.
 */
export function OrganizationAdd() {
  return <StaffGate allow={centreStaff}>{(access) => <AddBody access={access} />}</StaffGate>;
}

function AddBody({ access }: { access: TReady }) {
  const t = useTranslations("organizationForm");
  const centres = useQuery(volunteerCentresQuery());
  const { selectedId } = useOrganizations();
  return (
    <>
      <PageTitle description={t("add.description")}>{t("add.title")}</PageTitle>
      <QueryGate query={centres} failed={t("centresFailed")}>
        {(all) => <AddForm access={access} centres={all} selectedId={selectedId} />}
      </QueryGate>
    </>
  );
}

function AddForm({
  access,
  centres,
  selectedId,
}: {
  access: TReady;
  centres: readonly TVolunteerCentre[];
  selectedId: string | null | undefined;
}) {
  const t = useTranslations("organizationForm");
  const tToasts = useTranslations("organizationForm.toasts");
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  // The centres the user may add to: all of them for a superadmin, else the ones they run.
  const allowed = access.superadmin
    ? centres
    : centres.filter((centre) => access.centreIds.includes(centre.id));
  const preferred = allowed.find((centre) => centre.id === selectedId) ?? allowed[0];
  // A centre is added by a superadmin only.
  const types = ORGANIZATION_TYPE_CHOICES.filter(
    (type) => access.superadmin || type !== "VolunteerCenter",
  );

  return (
    <OrganizationForm
      parts={PARTS}
      defaultValues={{ ...EMPTY_ORGANIZATION_FORM, volunteerCenterId: preferred?.id ?? "" }}
      types={types}
      centres={allowed}
      submitLabel={t("add.submit")}
      pendingLabel={t("add.pending")}
      busy={leaving}
      cancelHref="/organizations"
      save={(attributes) => createOrganization(api, attributes)}
      invalidates={organizationChangeKeys}
      success={(created) => tToasts("created", { name: created.name })}
      failureTitle={t("toasts.createFailed")}
      onSaved={() => {
        setLeaving(true);
        router.push("/organizations");
      }}
    />
  );
}
