"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListLoadFailed, ListLoading } from "@/components/lists/list-states";
import { OrganizationForm } from "@/components/organizations/organization-form";
import {
  organizationFormValues,
  type TOrganizationFormPart,
} from "@/lib/organizations/organization-form";
import { organizationQuery } from "@/lib/organizations/organization-queries";
import { useUpdateOrganization } from "@/lib/organizations/use-organization-mutations";
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
  const update = useUpdateOrganization();
  if (query.isPending) return <ListLoading />;
  if (query.isError) {
    return <ListLoadFailed message={t("loadFailed")} onRetry={() => void query.refetch()} />;
  }
  return (
    <OrganizationForm
      parts={parts}
      defaultValues={organizationFormValues(query.data)}
      submitLabel={t("saveDetails")}
      pendingLabel={t("saving")}
      onSubmit={async (attributes) => {
        await update.mutateAsync({ id: centreId, attributes });
        await refreshPublicSite();
        router.refresh();
      }}
    />
  );
}
