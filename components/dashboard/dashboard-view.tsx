"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { DashboardMatches } from "@/components/matches/dashboard-matches";
import { OverdueApplications } from "@/components/reply-times/overdue-applications";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import type { CurrentUser } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { userStatusLabel } from "@/lib/i18n/labels";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import type { Organization } from "@/lib/organizations/select-organization";
import { useOrganizations } from "@/lib/organizations/use-organizations";
import { administeredCentres } from "@/lib/reply-times/overdue-applications";
import { OrganizationTable } from "./organization-table";
import { RoleList } from "./role-list";

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * Who is signed in: name, e-mail, roles, organizations and the selected one. The same
 * queries as AuthProvider and OrganizationProvider, so the cache serves them once.
 * (A 401 here is handled by AuthProvider, which signs out; spec §8.)
 */
export function DashboardView({ profiles = false }: { profiles?: boolean }) {
  const t = useTranslations();
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const { selectedId, select } = useOrganizations();

  return (
    <QueryGate query={allOf(user, organizations)} failed={t("dashboard.loadFailed")} errorScreens>
      {([me, mine]) => (
        <Dashboard
          user={me}
          organizations={mine}
          selectedId={selectedId}
          onSelect={select}
          profiles={profiles}
        />
      )}
    </QueryGate>
  );
}

function Dashboard({
  user,
  organizations,
  selectedId,
  onSelect,
  profiles,
}: {
  user: CurrentUser;
  organizations: readonly Organization[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** The site has volunteer profiles, so the vacancies that fit one can be shown. */
  profiles: boolean;
}) {
  const t = useTranslations();
  const { email } = user;
  const name = [text(user.firstName), text(user.lastName)].filter(Boolean).join(" ") || email || "";
  const status = text(user.status);

  return (
    <div className="flex flex-col gap-8">
      <PageTitle>{t("dashboard.greeting", { name })}</PageTitle>
      {profiles ? (
        <DashboardMatches
          hideWithoutProfile={(user.roles ?? []).some((role) => role.name !== "volunteer")}
        />
      ) : null}
      <section aria-labelledby="account-heading">
        <h2 id="account-heading" className="text-xl font-semibold">
          {t("dashboard.account.heading")}
        </h2>
        {/* One column on a narrow screen, and a long address breaks: no sideways scrolling
            at 320 px (WCAG 1.4.10). */}
        <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium">{t("dashboard.account.name")}</dt>
          <dd className="min-w-0 wrap-anywhere">{name}</dd>
          <dt className="font-medium">{t("dashboard.account.email")}</dt>
          <dd className="min-w-0 wrap-anywhere">{email}</dd>
          {status ? (
            <>
              <dt className="font-medium">{t("dashboard.account.status")}</dt>
              <dd>{userStatusLabel(t, status)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <OverdueApplications centres={administeredCentres(organizations, user.roles ?? [])} />
      <RoleList roles={user.roles ?? []} organizations={organizations} />
      <OrganizationTable
        organizations={organizations}
        selectedId={selectedId}
        onSelect={onSelect}
      />
      <div>
        <ButtonLink href="/uitloggen" variant="outline">
          {t("dashboard.signOut")}
        </ButtonLink>
      </div>
    </div>
  );
}
