"use client";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { organizationKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  approveOrganization,
  createOrganization,
  deleteOrganization,
  moveOrganization,
  updateOrganization,
} from "./organization-api";
import type {
  TOrganizationAttributes,
  TOrganizationRecord,
  TOrganizationStatus,
  TVolunteerCentre,
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

/** POST /api/v1/organizations: staff add an organization (docs/api-organization-signup.md). */
export function useCreateOrganization() {
  const t = useTranslations("organizationForm.toasts");
  return useApiMutation({
    mutationFn: (attributes: TOrganizationAttributes) => createOrganization(api, attributes),
    // A new row in the lists; the detail of nothing else changes.
    invalidates: [organizationKeys.lists()],
    success: (_attributes, created) => t("created", { name: created.name }),
    failure: () => t("createFailed"),
  });
}

type TUpdate = { id: string; attributes: TOrganizationAttributes };

/** PUT /api/v1/organizations/:id with details, address and profile. */
export function useUpdateOrganization() {
  const t = useTranslations("organizationForm.toasts");
  return useApiMutation({
    mutationFn: ({ id, attributes }: TUpdate) => updateOrganization(api, id, attributes),
    // Its detail, the lists it is in, and current_organization(s) when it is the user's own.
    invalidates: [organizationKeys.all],
    success: (_variables, saved) => t("saved", { name: saved.name }),
    failure: () => t("saveFailed"),
  });
}

type TMove = { organization: TOrganizationRecord; target: TVolunteerCentre };

/** PUT /api/v1/organizations/:id/move: to another volunteer centre of the tenant. */
export function useMoveOrganization() {
  const t = useTranslations("organizationForm.toasts");
  return useApiMutation({
    mutationFn: ({ organization, target }: TMove) =>
      moveOrganization(api, organization.id, target.id),
    invalidates: [organizationKeys.all],
    success: ({ organization, target }) =>
      t("moved", { name: organization.name, centre: target.name }),
    failure: ({ organization }) => t("moveFailed", { name: organization.name }),
    reasons: { 403: t("moveForbidden") },
  });
}
