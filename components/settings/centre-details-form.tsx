"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { OrganizationForm } from "@/components/organizations/organization-form";
import { QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import { updateOrganization } from "@/lib/organizations/organization-api";
import {
  organizationFormValues,
  type TOrganizationFormPart,
} from "@/lib/organizations/organization-form";
import { organizationQuery } from "@/lib/organizations/organization-queries";
import { organizationChangeKeys } from "@/lib/organizations/use-organization-mutations";
import { refreshPublicSite } from "@/lib/site/refresh-public-site";

type Props = { centreId: string; parts: readonly TOrganizationFormPart[] };

/**
 * /instellingen/organisatie and /instellingen/contact-person: the centre's own record
 * through the organisation form's fields (PUT /api/v1/organizations/:id). The public site's
 * footer shows these details, so after a save it is drawn again at once.
 */
export function CentreDetailsForm({ centreId, parts }: Props) {
  const t = useTranslations("settings");
  const router = useRouter();
  const query = useQuery(organizationQuery(centreId));
  const tForm = useTranslations("organizationForm");
  return (
    <QueryGate query={query} failed={t("loadFailed")}>
      {(centre) => (
        <OrganizationForm
          parts={parts}
          defaultValues={organizationFormValues(centre)}
          submitLabel={t("saveDetails")}
          pendingLabel={t("saving")}
          save={(attributes) => updateOrganization(api, centreId, attributes)}
          invalidates={organizationChangeKeys}
          success={(saved) => tForm("toasts.saved", { name: saved.name })}
          failureTitle={tForm("saveFailed")}
          onSaved={async () => {
            await refreshPublicSite();
            router.refresh();
          }}
        />
      )}
    </QueryGate>
  );
}
