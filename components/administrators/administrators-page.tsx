"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { CENTRES_QUERY } from "@/lib/administrators/administrator-api";
import type { TCentreAdminChange } from "@/lib/administrators/use-administrator-mutations";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { classifyError } from "@/lib/errors/error-kind";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import { CentreAdministrators } from "./centre-administrators";
import { RemoveAdministratorDialog } from "./remove-administrator-dialog";

/**
 * /nov/beheerders (a superadmin manages the centres' administrators): every
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

  // The api's 401, 403 and 404 are the page's error screen (spec §8), in its place.
  if (centres.error && !centres.data) {
    const { kind, code } = classifyError(centres.error);
    if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
  }
  const content: ReactNode = (
    <QueryGate
      query={centres}
      failed={t("centresFailed")}
      empty={{ when: (page) => page.rows.length === 0, children: t("noCentres") }}
    >
      {(page) => (
        <div className="flex flex-col gap-8">
          {page.rows.map((centre) => (
            <CentreAdministrators
              key={centre.id}
              centre={centre}
              currentUserId={me.data ? String(me.data.id) : null}
              onRemove={setRemoving}
            />
          ))}
        </div>
      )}
    </QueryGate>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      {content}
      <RemoveAdministratorDialog pending={removing} onDone={() => setRemoving(null)} />
    </div>
  );
}
