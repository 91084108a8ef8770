"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { CENTRES_QUERY } from "@/lib/administrators/administrator-api";
import type { TCentreAdminChange } from "@/lib/administrators/use-administrator-mutations";
import { currentUserQuery } from "@/lib/auth/current-user-query";
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

  return (
    <>
      <QueryGate
        query={centres}
        failed={t("centresFailed")}
        // The api's 401, 403 and 404 are spec §8's screens, instead of the page.
        errorScreens
        frame={(state) => (
          <div className="flex flex-col gap-6">
            <PageTitle description={t("description")}>{t("title")}</PageTitle>
            {state}
          </div>
        )}
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
      <RemoveAdministratorDialog pending={removing} onDone={() => setRemoving(null)} />
    </>
  );
}
