"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListLoading } from "@/components/lists/list-states";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { TEMPLATE_LOCALES, type TTemplateLocale } from "@/lib/contract/notification-templates";
import {
  type TNotificationTemplate,
  templateOverviewQuery,
} from "@/lib/notification-templates/notification-templates";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";

/**
 * /notification_templates: every template kind, in Dutch and English, with whether it is
 * overridden and for which scope (the tenant, a centre); an override links to its edit page.
 */
export function TemplateList() {
  return <StaffGate allow={centreStaff}>{() => <TemplateListBody />}</StaffGate>;
}

function TemplateListBody() {
  const t = useTranslations("notificationTemplates");
  const locale = useLocale() === "en" ? "en" : "nl";
  const overview = useQuery(templateOverviewQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={t("description")}
        actions={<ButtonLink href="/notification_templates/add">{t("add")}</ButtonLink>}
      >
        {t("title")}
      </PageTitle>
      <QueryGate
        query={allOf(overview, organizations)}
        failed={t("loadFailed")}
        loading={<ListLoading />}
      >
        {([{ kinds, overrides }, own]) => {
          const names = new Map(own.map((o) => [Number(o.id), String(o.name ?? o.id)]));
          const scopeName = (row: TNotificationTemplate) =>
            row.volunteerCenterId === null
              ? t("scopes.tenant")
              : (names.get(Number(row.volunteerCenterId)) ??
                t("scopes.centre", { id: String(row.volunteerCenterId) }));
          return (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left">
                <caption className="sr-only">{t("caption", { count: kinds.length })}</caption>
                <thead>
                  <tr className="border-b-2 border-neutral-300">
                    <th scope="col" className="p-2">
                      {t("columns.kind")}
                    </th>
                    {TEMPLATE_LOCALES.map((l) => (
                      <th key={l} scope="col" className="p-2">
                        {l === "nl" ? t("columns.nl") : t("columns.en")}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {kinds.map((kind) => (
                    <tr key={kind.key} className="border-b border-neutral-200 align-top">
                      <th scope="row" className="p-2 font-normal">
                        <code className="font-bold">{kind.key}</code>
                        <p className="text-sm text-neutral-700">{kind.defaults[locale]?.subject}</p>
                      </th>
                      {TEMPLATE_LOCALES.map((l) => (
                        <td key={l} className="p-2">
                          <LocaleCell
                            overrides={overrides.filter(
                              (o) => o.kind === kind.key && o.locale === l,
                            )}
                            kind={kind.key}
                            locale={l}
                            scopeName={scopeName}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        }}
      </QueryGate>
    </div>
  );
}

function LocaleCell({
  overrides,
  kind,
  locale,
  scopeName,
}: {
  overrides: TNotificationTemplate[];
  kind: string;
  locale: TTemplateLocale;
  scopeName: (row: TNotificationTemplate) => string;
}) {
  const t = useTranslations("notificationTemplates");
  if (overrides.length === 0) {
    return (
      <span className="text-neutral-800">
        {t("standard")}{" "}
        <Link
          className="underline"
          href={`/notification_templates/add?kind=${encodeURIComponent(kind)}&locale=${locale}`}
        >
          {t("override")}
          <span className="sr-only"> {t("overrideFor", { kind, locale })}</span>
        </Link>
      </span>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {overrides.map((row) => (
        <li key={row.id}>
          <Link className="underline" href={`/notification_templates/${row.id}/edit`}>
            {t("overridden", { scope: scopeName(row) })}
            <span className="sr-only"> {t("editFor", { kind, locale })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
