"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import { isAdminOf, isSuperadmin, managesOrganization } from "@/lib/auth/role-checks";
import { useStaffAccessQuery } from "@/lib/auth/use-staff-access";
import { organizationStatusLabel, organizationTypeLabel } from "@/lib/i18n/labels";
import { updateOrganization } from "@/lib/organizations/organization-api";
import { organizationFormValues } from "@/lib/organizations/organization-form";
import { organizationQuery, volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import { organizationChangeKeys } from "@/lib/organizations/use-organization-mutations";
import { refreshPublicSite } from "@/lib/site/refresh-public-site";
import { OrganizationAdmins } from "./organization-admins";
import { OrganizationForm } from "./organization-form";

const PARTS = ["details", "address", "profile"] as const;

type Props = {
  id: string;
  /** The tenant lets organizations move between its centres (spec §1). */
  canMove: boolean;
};

/**
 * /organizations/:id/edit: details, address and profile of an organization, saved
 * with PUT /api/v1/organizations/:id, and its admins (spec §6). Who may: its own admins, its
 * centre's admins, superadmins (organizations.update); the api's 404 (another tenant's, or a
 * pending one the user may not see) shows the 404 screen, anyone else the 403 screen.
 */
export function OrganizationEdit({ id, canMove }: Props) {
  const t = useTranslations("organizationForm");
  const access = useStaffAccessQuery();
  const query = useQuery(organizationQuery(id));
  return (
    <QueryGate
      query={allOf(query, access)}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("edit.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([organization, { roles }]) => {
        const mayEdit =
          isSuperadmin(roles) ||
          isAdminOf(roles, organization.id) ||
          isAdminOf(roles, organization.volunteerCenterId);
        if (!mayEdit) return <ErrorScreen kind="forbidden" />;
        const mayMove =
          canMove &&
          organization.type !== "VolunteerCenter" &&
          managesOrganization(roles, organization);
        return <EditBody organization={organization} mayMove={mayMove} />;
      }}
    </QueryGate>
  );
}

function EditBody({
  organization,
  mayMove,
}: {
  organization: TOrganizationRecord;
  mayMove: boolean;
}) {
  const t = useTranslations("organizationForm");
  const tAll = useTranslations();
  const router = useRouter();
  const centres = useQuery(volunteerCentresQuery());
  const [leaving, setLeaving] = useState(false);
  const centre = centres.data?.find((c) => c.id === String(organization.volunteerCenterId));
  const isCentre = organization.type === "VolunteerCenter";

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("edit.description")}>
        {t("edit.title", { name: organization.name })}
      </PageTitle>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("fields.type")}</dt>
        <dd>{organizationTypeLabel(tAll, organization.type)}</dd>
        <dt className="font-medium">{t("edit.status")}</dt>
        <dd>{organizationStatusLabel(tAll, organization.status)}</dd>
        {centre ? (
          <>
            <dt className="font-medium">{t("fields.centre")}</dt>
            <dd>
              {centre.name}
              {mayMove ? (
                <>
                  {" "}
                  <Link
                    href={`/organizations/${organization.id}/move`}
                    className="inline-flex min-h-11 items-center"
                  >
                    {t("edit.moveLink")}
                  </Link>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <OrganizationForm
        parts={PARTS}
        defaultValues={organizationFormValues(organization)}
        submitLabel={t("edit.submit")}
        pendingLabel={t("edit.pending")}
        busy={leaving}
        cancelHref="/organizations"
        save={(attributes) => updateOrganization(api, organization.id, attributes)}
        invalidates={organizationChangeKeys}
        success={(saved) => t("toasts.saved", { name: saved.name })}
        failureTitle={t("toasts.saveFailed")}
        onSaved={async () => {
          // A centre's name and contact details are in its public site's footer.
          if (isCentre) await refreshPublicSite();
          setLeaving(true);
          router.push("/organizations");
        }}
      />
      <OrganizationAdmins organizationId={organization.id} />
    </div>
  );
}
