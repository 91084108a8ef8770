"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import { volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import { DeskForm } from "./desk-form";
import { deskCentres } from "./desk-management-page";

/**
 * /nov/baliebeheer/toevoegen: a new desk for one of the centres the user administers
 * (superadmins: any centre), through POST /api/v1/meedoen/desks (spec §7); back to the list
 * after saving.
 */
export function DeskAddPage() {
  return <StaffGate allow={centreStaff}>{(access) => <AddBody access={access} />}</StaffGate>;
}

function AddBody({ access }: { access: TReadyAccess }) {
  const t = useTranslations("deskAdmin");
  const router = useRouter();
  const centres = useQuery(volunteerCentresQuery());
  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("addDescription")}>{t("addTitle")}</PageTitle>
      <QueryGate query={centres} failed={t("loadFailed")}>
        {(all) => (
          <DeskForm
            desk={null}
            centres={deskCentres(access, all)}
            onSaved={() => router.push("/nov/baliebeheer")}
          />
        )}
      </QueryGate>
    </div>
  );
}
