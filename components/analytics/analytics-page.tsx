"use client";

import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { centreStaff, StaffGate, superadminOnly } from "@/components/auth/staff-gate";
import { deskCentres } from "@/components/desks-admin/desk-management-page";
import { ListEmpty } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { centreAnalyticsQuery, comparisonQuery } from "@/lib/analytics/analytics-queries";
import type { TAnalytics, TRangeSearch } from "@/lib/analytics/analytics-types";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import { isDay } from "@/lib/contract/analytics";
import { volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import { useAnalyticsSections } from "./analytics-sections";
import { FigureSection } from "./figure-section";
import { RangeForm, rangeRefusal } from "./range-form";

/** `?from=` and `?to=` of the URL; anything that is no day is left to the api's default. */
function useRangeSearch(): TRangeSearch & { centre?: string } {
  const params = useSearchParams();
  const day = (name: string) => {
    const value = params.get(name) ?? "";
    // A value that is no day still goes to the api, which names it in its refusal.
    return value === "" ? undefined : value;
  };
  return { from: day("from"), to: day("to"), centre: params.get("centre") ?? undefined };
}

/**
 * /analytics: the figures of one volunteer centre over a period, for its admins and
 * superadmins (docs/analytics.md). The centre is the URL's, else the first the user may see.
 */
export function AnalyticsPage() {
  return <StaffGate allow={centreStaff}>{(access) => <CentreBody access={access} />}</StaffGate>;
}

/** /analytics/index-2: every centre of the tenant side by side, for superadmins. */
export function ComparisonPage() {
  return <StaffGate allow={superadminOnly}>{() => <ComparisonBody />}</StaffGate>;
}

function CentreBody({ access }: { access: TReadyAccess }) {
  const t = useTranslations("analytics");
  const search = useRangeSearch();
  const centres = useQuery(volunteerCentresQuery());
  const mine = centres.data ? deskCentres(access, centres.data) : undefined;
  const centre = mine?.find((c) => c.id === search.centre) ?? mine?.[0];
  const figures = useQuery({
    ...centreAnalyticsQuery(centre?.id ?? "", search),
    enabled: centre !== undefined,
  });
  const title = <PageTitle description={t("description")}>{t("title")}</PageTitle>;
  if (mine && mine.length === 0) {
    return (
      <>
        {title}
        <ListEmpty>{t("noCentres")}</ListEmpty>
      </>
    );
  }
  return (
    <>
      {title}
      <Figures
        query={{
          data: figures.data,
          error: centres.error ?? figures.error,
          refetch: centres.error ? centres.refetch : figures.refetch,
        }}
        search={search}
        centres={mine}
        centre={centre?.id}
        wrap={(data) => [data]}
      />
    </>
  );
}

function ComparisonBody() {
  const t = useTranslations("analytics");
  const search = useRangeSearch();
  const figures = useQuery(comparisonQuery(search));
  return (
    <>
      <PageTitle description={t("comparisonDescription")}>{t("title")}</PageTitle>
      <Figures query={figures} search={search} wrap={(data) => data} />
    </>
  );
}

function Figures<T>({
  query,
  search,
  centres,
  centre,
  wrap,
}: {
  query: { data: T | undefined; error: unknown; refetch: () => unknown };
  search: TRangeSearch;
  centres?: { id: string; name: string }[];
  centre?: string;
  wrap: (data: T) => TAnalytics[];
}) {
  const t = useTranslations("analytics");
  const refused = rangeRefusal(query.error);
  const form = (from: string, to: string) => (
    <RangeForm from={from} to={to} refused={refused} centres={centres} centre={centre} />
  );
  if (refused) {
    return form(
      isDay(search.from ?? "") ? (search.from ?? "") : "",
      isDay(search.to ?? "") ? (search.to ?? "") : "",
    );
  }
  return (
    <QueryGate query={query} failed={t("loadFailed")} errorScreens>
      {(data) => {
        const list = wrap(data);
        const first = list[0];
        return (
          <>
            {form(first?.from ?? search.from ?? "", first?.to ?? search.to ?? "")}
            {first ? <FigureList centres={list} /> : <ListEmpty>{t("noCentres")}</ListEmpty>}
          </>
        );
      }}
    </QueryGate>
  );
}

function FigureList({ centres }: { centres: TAnalytics[] }) {
  const t = useTranslations("analytics");
  const format = useFormatter();
  const sections = useAnalyticsSections(centres);
  const first = centres[0];
  const day = (d: string) =>
    format.dateTime(new Date(`${d}T12:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
  const columns = centres.map((c) => c.volunteerCenterName);
  return (
    <>
      <p className="mb-6 text-neutral-800" aria-live="polite">
        {t("range.shown", { from: day(first.from), to: day(first.to) })}
      </p>
      {sections.map((section) => (
        <FigureSection
          key={section.id}
          section={section}
          columns={columns}
          fileLabel={`${first.from}-${first.to}`}
        />
      ))}
    </>
  );
}
