"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { classifyError } from "@/lib/errors/error-kind";
import { userStatusLabel } from "@/lib/i18n/labels";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { useOrganizations } from "@/lib/organizations/use-organizations";
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
export function DashboardView() {
  const t = useTranslations();
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const { selectedId, select } = useOrganizations();

  const error = user.error ?? organizations.error;
  if (error) {
    const { kind, code } = classifyError(error);
    return <ErrorScreen kind={kind} code={code} />;
  }
  if (!user.data || !organizations.data) {
    return (
      <p role="status" className="py-12 text-center text-neutral-800">
        {t("common.loading")}
      </p>
    );
  }

  const { email } = user.data;
  const name =
    [text(user.data.firstName), text(user.data.lastName)].filter(Boolean).join(" ") || email || "";
  const status = text(user.data.status);

  return (
    <div className="flex flex-col gap-8">
      <PageTitle>{t("dashboard.greeting", { name })}</PageTitle>
      <section aria-labelledby="account-heading">
        <h2 id="account-heading" className="text-xl font-semibold">
          {t("dashboard.account.heading")}
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium">{t("dashboard.account.name")}</dt>
          <dd>{name}</dd>
          <dt className="font-medium">{t("dashboard.account.email")}</dt>
          <dd>{email}</dd>
          {status ? (
            <>
              <dt className="font-medium">{t("dashboard.account.status")}</dt>
              <dd>{userStatusLabel(t, status)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <RoleList roles={user.data.roles ?? []} organizations={organizations.data} />
      <OrganizationTable
        organizations={organizations.data}
        selectedId={selectedId}
        onSelect={(id) => select(id)}
      />
      <div>
        <ButtonLink href="/uitloggen" variant="outline">
          {t("dashboard.signOut")}
        </ButtonLink>
      </div>
    </div>
  );
}
