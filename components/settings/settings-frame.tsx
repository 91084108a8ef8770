"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import type { TStaffAccess } from "@/lib/auth/use-staff-access";
import { volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import { useOrganizations } from "@/lib/organizations/use-organizations";
import { chooseSettingsCentre } from "@/lib/site/settings-centre";
import { siteSettingQuery } from "@/lib/site/site-settings-queries";
import { SettingsNav } from "./settings-nav";

type TReady = Extract<TStaffAccess, { status: "ready" }>;
export type TSettingsCentre = { id: string; name: string };

type Props = {
  /** The page's h1 (its route title). */
  title: string;
  children: (centre: TSettingsCentre) => ReactNode;
};

/**
 * What the four /instellingen pages share: the 403 screen for anyone who runs no centre
 * (superadmins and centre admins only, before any call), the choice of centre
 * (lib/site/settings-centre.ts), the page title naming that centre, and the sub-navigation.
 */
export function SettingsFrame({ title, children }: Props) {
  return (
    <StaffGate allow={centreStaff}>
      {(access) => (
        <Frame access={access} title={title}>
          {children}
        </Frame>
      )}
    </StaffGate>
  );
}

function Frame({ access, title, children }: Props & { access: TReady }) {
  const t = useTranslations("settings");
  const { selectedOrganization, organizations, loaded } = useOrganizations();
  const centres = useQuery(volunteerCentresQuery());
  // Only a superadmin who runs no centre and has none selected edits the site's own.
  const needsSite =
    access.superadmin &&
    access.centreIds.length === 0 &&
    selectedOrganization?.type !== "VolunteerCenter";
  const site = useQuery({ ...siteSettingQuery(), enabled: needsSite });
  // What the frame waits for: the user's organisations (the selection is among them), and
  // the site's own centre only where that is the one to edit (null: not needed).
  let siteCentreId: string | null | undefined = null;
  if (!loaded) siteCentreId = undefined;
  else if (needsSite) siteCentreId = site.data && String(site.data.volunteerCenterId);
  const siteCentre = {
    data: siteCentreId,
    error: needsSite ? site.error : null,
    refetch: site.refetch,
  };

  return (
    <QueryGate query={siteCentre} failed={t("centreFailed")}>
      {(siteId) => {
        const centreId = chooseSettingsCentre({
          superadmin: access.superadmin,
          centreIds: access.centreIds,
          selected: selectedOrganization,
          siteCentreId: siteId,
        });
        if (centreId === null) return <ErrorScreen kind="forbidden" />;
        const name =
          organizations.find((o) => String(o.id) === centreId)?.name ??
          centres.data?.find((c) => c.id === centreId)?.name ??
          "";
        return (
          <div className="flex flex-col gap-6">
            <PageTitle description={name ? t("description", { centre: name }) : undefined}>
              {title}
            </PageTitle>
            <SettingsNav />
            {/* A new centre (another organization chosen in the account menu) starts afresh. */}
            <div key={centreId} className="flex flex-col gap-6">
              {children({ id: centreId, name })}
            </div>
          </div>
        );
      }}
    </QueryGate>
  );
}
