"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { Organization } from "@/lib/organizations/select-organization";

type Props = {
  organizations: Organization[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** The account menu's choice of organization (spec §4), for users with more than one. */
export function OrganizationSelect({ organizations, selectedId, onSelect }: Props) {
  const t = useTranslations("layout");
  const id = useId();
  return (
    <div className="flex flex-col gap-1 px-3 py-2">
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {t("organization")}
      </label>
      <select
        id={id}
        value={selectedId ?? ""}
        onChange={(event) => onSelect(event.target.value)}
        className="min-h-11 w-full rounded-shape border-2 border-neutral-500 bg-white px-2 py-1 text-neutral-900"
      >
        {selectedId === null ? <option value="" disabled /> : null}
        {organizations.map((organization) => (
          <option key={organization.id} value={String(organization.id)}>
            {organization.name ?? organization.id}
          </option>
        ))}
      </select>
    </div>
  );
}
