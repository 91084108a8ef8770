"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListEmpty, ListLoadFailed, ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { CENTRES_QUERY } from "@/lib/administrators/administrator-api";
import type { TCentreAdminChange } from "@/lib/administrators/use-administrator-mutations";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { classifyError } from "@/lib/errors/error-kind";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import { CentreAdministrators } from "./centre-administrators";
import { RemoveAdministratorDialog } from "./remove-administrator-dialog";

/**
 * /nov/beheerders (issue 4: "a superadmin manages the centres' administrators"): every
 * volunteer centre of the tenant with its administrators (spec §6: users filtered by
 * organization and role admin, page size 1000), to add (an existing account, or a new one by
 * invitation), remove, or sign in as. Superadmins only; others get the 403 screen before
 * anything is asked of the api.
 */
export function AdministratorsPage() {
  return <StaffGate allow={superadminOnly}>{() => <AdministratorsBody />}</StaffGate>;
}

function AdministratorsBody() {
  const t = useTranslations("administrators");
  const centres = useQuery(organizationPageQuery(CENTRES_QUERY));
  const me = useQuery(currentUserQuery());
  const [removing, setRemoving] = useState<TCentreAdminChange | null>(null);

  if (centres.error && !centres.data) {
    const { kind, code } = classifyError(centres.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
  }

  let content: ReactNode;
  if (centres.isPending) content = <ListLoading />;
  else if (centres.isError && !centres.data)
    content = (
      <ListLoadFailed message={t("centresFailed")} onRetry={() => void centres.refetch()} />
    );
  else if (centres.data && centres.data.rows.length === 0)
    content = <ListEmpty>{t("noCentres")}</ListEmpty>;
  else if (centres.data)
    content = (
      <div className="flex flex-col gap-8">
        {centres.data.rows.map((centre) => (
          <CentreAdministrators
            key={centre.id}
            centre={centre}
            currentUserId={me.data ? String(me.data.id) : null}
            onRemove={setRemoving}
          />
        ))}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      {content}
      <RemoveAdministratorDialog pending={removing} onDone={() => setRemoving(null)} />
    </div>
  );
}
