"use client";

import { useTranslations } from "next-intl";
import { TableRegion } from "@/components/lists/list-states";
import { Button } from "@/components/ui/button";
import { organizationStatusLabel, organizationTypeLabel } from "@/lib/i18n/labels";
import type { Organization } from "@/lib/organizations/select-organization";

type Props = {
  organizations: readonly Organization[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

export function OrganizationTable({ organizations, selectedId, onSelect }: Props) {
  const t = useTranslations();
  const selected = organizations.find((o) => String(o.id) === selectedId);

  return (
    <section aria-labelledby="organizations-heading">
      <h2 id="organizations-heading" className="text-xl font-semibold">
        {t("dashboard.organizations.heading")}
      </h2>
      <p className="mt-2">
        <span className="font-medium">{t("dashboard.organizations.selected")}: </span>
        {selected?.name ?? t("dashboard.organizations.noneSelected")}
      </p>
      {organizations.length === 0 ? (
        <p className="mt-2 text-neutral-700">{t("dashboard.organizations.none")}</p>
      ) : (
        // On a narrow screen the table scrolls on its own, in a region keyboard users can
        // focus and scroll (WCAG 2.1.1), while the page itself reflows (WCAG 1.4.10).
        <div className="mt-4">
          <TableRegion label={t("dashboard.organizations.tableLabel")}>
            <table className="w-full border-collapse text-left">
              <thead>
                <tr className="border-b-2 border-neutral-300">
                  <th scope="col" className="px-3 py-2">
                    {t("dashboard.organizations.name")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("dashboard.organizations.type")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t("dashboard.organizations.status")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t("dashboard.organizations.selected")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {organizations.map((organization) => {
                  const id = String(organization.id);
                  const name = organization.name ?? id;
                  return (
                    <tr key={id} className="border-b border-neutral-300">
                      <th scope="row" className="px-3 py-2 font-medium">
                        {name}
                      </th>
                      <td className="px-3 py-2">{organizationTypeLabel(t, organization.type)}</td>
                      <td className="px-3 py-2">
                        {organizationStatusLabel(t, organization.status)}
                      </td>
                      <td className="px-3 py-2">
                        {id === selectedId ? (
                          <span className="font-semibold text-primary-800">
                            {t("dashboard.organizations.current")}
                          </span>
                        ) : (
                          <Button variant="outline" size="sm" onClick={() => onSelect(id)}>
                            {t("dashboard.organizations.select", { name })}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableRegion>
        </div>
      )}
    </section>
  );
}
