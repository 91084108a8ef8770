"use client";
import type { QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { organizationKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { approveOrganization, deleteOrganization } from "./organization-api";
import type {
  TOrganizationRecord,
  TOrganizationStatus,
  TOrganizationType,
} from "./organization-types";

type TStatusChange = { organization: TOrganizationRecord; status: TOrganizationStatus };

/** PUT …/approve (spec §7): approve, deny, archive, reactivate, back to pending. */
export function useChangeOrganizationStatus(onSuccess?: () => void) {
  const t = useTranslations("organizationAdmin.statusChange");
  return useApiMutation({
    mutationFn: ({ organization, status }: TStatusChange) =>
      approveOrganization(api, organization.id, status),
    invalidates: [organizationKeys.all],
    success: ({ organization, status }) => {
      const name = organization.name;
      switch (status) {
        case "approved":
          return organization.status === "archived"
            ? t("reactivated", { name })
            : t("approved", { name });
        case "denied":
          return t("denied", { name });
        case "archived":
          return t("archived", { name });
        default:
          return t("pending", { name });
      }
    },
    failure: ({ organization }) => t("failed", { name: organization.name }),
    onSuccess,
  });
}

/** DELETE /api/v1/organizations/:id (spec §7). */
export function useDeleteOrganization(onSuccess?: () => void) {
  const t = useTranslations("organizationAdmin.delete");
  return useApiMutation({
    mutationFn: (organization: TOrganizationRecord) => deleteOrganization(api, organization.id),
    invalidates: [organizationKeys.all],
    success: (organization) => t("done", { name: organization.name }),
    failure: (organization) => t("failed", { name: organization.name }),
    reasons: { 409: t("inUse") },
    onSuccess,
  });
}

/**
 * The queries that show an organization once it was added or saved: its detail, every list,
 * the signed-in user's organizations (the selected one among them, with its address and
 * profile), and, for a centre, the list of centres the forms choose from.
 */
export function organizationChangeKeys(saved: {
  id: string;
  type: TOrganizationType;
}): readonly QueryKey[] {
  return [
    organizationKeys.detail(saved.id),
    organizationKeys.lists(),
    organizationKeys.current(),
    organizationKeys.selected(),
    ...(saved.type === "VolunteerCenter" ? [organizationKeys.centres()] : []),
  ];
}
