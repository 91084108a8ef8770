"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import { CONTENT_KINDS, type TContentKind } from "@/lib/news-admin/news-admin";
import { newsCentreChoices } from "@/lib/news-admin/news-form";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { siteSettingQuery } from "@/lib/site/site-settings-queries";
import { NewsForm } from "./news-form";

/**
 * /nieuwsbeheer/toevoegen: a new article of a centre the writer administers (the site's
 * when it is one of theirs; a choice when they run several; the api takes the site's for a
 * superadmin who runs none, and checks every case); /paginabeheer/toevoegen: a new page of
 * the tenant. Back to the list after saving.
 */
export function NewsAdd({ kind = "news" }: { kind?: TContentKind }) {
  const t = useTranslations("newsAdmin");
  const tp = useTranslations("pageAdmin");
  return (
    <StaffGate allow={centreStaff}>
      {(access) => (
        <div className="flex flex-col gap-6">
          {kind === "page" ? (
            <PageTitle description={tp("addDescription")}>{tp("addTitle")}</PageTitle>
          ) : (
            <PageTitle description={t("addDescription")}>{t("addTitle")}</PageTitle>
          )}
          {kind === "page" ? <AddForm kind={kind} /> : <NewsAddForm access={access} />}
        </div>
      )}
    </StaffGate>
  );
}

function AddForm({ kind, centres }: { kind: TContentKind; centres?: TCentres }) {
  const router = useRouter();
  const { adminPath } = CONTENT_KINDS[kind];
  return (
    <NewsForm kind={kind} article={null} centres={centres} onSaved={() => router.push(adminPath)} />
  );
}

type TCentres = ReturnType<typeof newsCentreChoices>;

function NewsAddForm({ access }: { access: TReadyAccess }) {
  const t = useTranslations("newsAdmin");
  const organizations = useQuery(currentOrganizationsQuery());
  const site = useQuery(siteSettingQuery());
  return (
    <QueryGate query={allOf(organizations, site)} failed={t("form.loadFailed")}>
      {([own, setting]) => {
        const names = new Map(own.map((o) => [String(o.id), String(o.name ?? o.id)]));
        const centres = newsCentreChoices(
          access.centreIds,
          names,
          setting ? String(setting.volunteerCenterId) : null,
        );
        return <AddForm kind="news" centres={centres} />;
      }}
    </QueryGate>
  );
}
