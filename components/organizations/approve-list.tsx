"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { Pagination } from "@/components/lists/pagination";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { lastPage } from "@/lib/api/paged";
import { organizationTypeLabel } from "@/lib/i18n/labels";
import { listHref, parseListState } from "@/lib/lists/list-state";
import { organizationPageQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";
import { useChangeOrganizationStatus } from "@/lib/organizations/use-organization-mutations";
import { organizationAdminsQuery } from "@/lib/users/user-queries";
import { userDisplayName } from "@/lib/users/user-types";

const APPROVE_LIST = {
  sortable: ["created_at"] as const,
  defaultSort: { field: "created_at", direction: "asc" } as const,
  filters: { status: ["pending", "denied"] },
};
const PAGE_SIZE = 10;

const tabClass =
  "inline-flex min-h-11 items-center rounded-full border-2 border-neutral-700 px-4 py-1.5 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/**
 * /organizations/approve: new organizations wait here as 'pending' until a centre
 * admin approves or denies them; the organization's admins get a mail either way (the api
 * sends it). Denied ones can be taken back to pending. Oldest first: first come, first served.
 */
export function ApproveList() {
  return <StaffGate allow={centreStaff}>{() => <ApproveListBody />}</StaffGate>;
}

function ApproveListBody() {
  const t = useTranslations("organizationApprove");
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = parseListState(searchParams, APPROVE_LIST);
  const status = state.filters.status === "denied" ? "denied" : "pending";
  const query = useQuery(
    organizationPageQuery({
      include: "address,profile",
      filter: { status_eq: status },
      sort: "created_at",
      page: { number: state.page, size: PAGE_SIZE },
    }),
  );
  const [denying, setDenying] = useState<TOrganizationRecord | null>(null);
  const change = useChangeOrganizationStatus(() => setDenying(null));

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <nav aria-label={t("tabsLabel")}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              href={listHref(pathname, searchParams, { status: null })}
              aria-current={status === "pending" ? "page" : undefined}
              className={tabClass}
            >
              {t("tabPending")}
            </Link>
          </li>
          <li>
            <Link
              href={listHref(pathname, searchParams, { status: "denied" })}
              aria-current={status === "denied" ? "page" : undefined}
              className={tabClass}
            >
              {t("tabDenied")}
            </Link>
          </li>
        </ul>
      </nav>
      <QueryGate
        query={query}
        failed={t("loadFailed")}
        empty={{
          when: (page) => page.rows.length === 0,
          children: status === "pending" ? t("emptyPending") : t("emptyDenied"),
        }}
      >
        {(page) => (
          <ul
            aria-label={status === "pending" ? t("tabPending") : t("tabDenied")}
            className="flex flex-col gap-4"
          >
            {page.rows.map((organization) => (
              <li key={organization.id}>
                <ApplicationCard organization={organization}>
                  {status === "pending" ? (
                    <>
                      <Button
                        size="sm"
                        aria-disabled={change.isPending}
                        onClick={() => {
                          if (!change.isPending)
                            change.mutate({ organization, status: "approved" });
                        }}
                      >
                        {t("approve")}
                        <span className="sr-only"> {organization.name}</span>
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setDenying(organization)}>
                        {t("deny")}
                        <span className="sr-only"> {organization.name}</span>
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-disabled={change.isPending}
                      onClick={() => {
                        if (!change.isPending) change.mutate({ organization, status: "pending" });
                      }}
                    >
                      {t("reconsider")}
                      <span className="sr-only"> {organization.name}</span>
                    </Button>
                  )}
                </ApplicationCard>
              </li>
            ))}
          </ul>
        )}
      </QueryGate>
      {query.data ? (
        <Pagination
          current={state.page}
          last={lastPage(query.data.pagination.records, PAGE_SIZE)}
          hrefFor={(page) => listHref(pathname, searchParams, { page })}
        />
      ) : null}
      <ConfirmDialog
        open={denying !== null}
        title={t("denyTitle", { name: denying?.name ?? "" })}
        confirmLabel={t("denyConfirm")}
        pending={change.isPending}
        onConfirm={() => {
          if (denying) change.mutate({ organization: denying, status: "denied" });
        }}
        onCancel={() => setDenying(null)}
      >
        <p>{t("denyBody")}</p>
      </ConfirmDialog>
    </div>
  );
}

/** One application: what the organization told us, and who signed it up. */
function ApplicationCard({
  organization,
  children,
}: {
  organization: TOrganizationRecord;
  children: ReactNode;
}) {
  const t = useTranslations("organizationApprove");
  const tAll = useTranslations();
  const format = useFormatter();
  const admins = useQuery(organizationAdminsQuery(organization.id));
  const address = organization.address;
  const place = [
    [address?.street, address?.houseNumber].filter(Boolean).join(" "),
    [address?.postalCode, address?.city].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");
  const headingId = `application-${organization.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-shape-lg border-2 border-neutral-300 bg-white p-5"
    >
      <h2 id={headingId} className="font-bold text-xl">
        {organization.name}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">{t("type")}</dt>
        <dd>{organizationTypeLabel(tAll, organization.type)}</dd>
        <dt className="font-medium">{t("registered")}</dt>
        <dd>
          <time dateTime={organization.createdAt}>
            {format.dateTime(new Date(organization.createdAt), {
              dateStyle: "long",
              timeStyle: "short",
            })}
          </time>
        </dd>
        {place ? (
          <>
            <dt className="font-medium">{t("address")}</dt>
            <dd>{place}</dd>
          </>
        ) : null}
        {organization.email ? (
          <>
            <dt className="font-medium">{t("email")}</dt>
            <dd>
              <a href={`mailto:${organization.email}`}>{organization.email}</a>
            </dd>
          </>
        ) : null}
        {organization.phone ? (
          <>
            <dt className="font-medium">{t("phone")}</dt>
            <dd>{organization.phone}</dd>
          </>
        ) : null}
        {organization.website ? (
          <>
            <dt className="font-medium">{t("website")}</dt>
            <dd className="break-all">
              {/^https?:\/\//i.test(organization.website) ? (
                <a href={organization.website} rel="noopener noreferrer">
                  {organization.website}
                </a>
              ) : (
                organization.website
              )}
            </dd>
          </>
        ) : null}
        <dt className="font-medium">{t("admins")}</dt>
        <dd>
          <QueryGate
            query={admins}
            failed={t("adminsFailed")}
            // A line of a card: loading is said in that line, not as a list's block.
            loading={<span role="status">{tAll("common.loading")}</span>}
          >
            {(list) =>
              list.length > 0
                ? list.map((u) => `${userDisplayName(u)} <${u.email}>`).join(", ")
                : t("noAdmins")
            }
          </QueryGate>
        </dd>
      </dl>
      {organization.profile?.description ? (
        <p className="whitespace-pre-line text-neutral-800">{organization.profile.description}</p>
      ) : null}
      <div className="flex flex-wrap gap-3">{children}</div>
    </article>
  );
}
