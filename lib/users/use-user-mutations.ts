"use client";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { archiveUser, removeUserRole, resendInstructions, updateUser } from "./user-api";
import type { TRoleChange, TUserRecord, TUserStatus } from "./user-types";
import { userDisplayName } from "./user-types";

type TStatusChange = { user: TUserRecord; status: TUserStatus };

/**
 * Every change to a user invalidates all user queries: the list, the user, their history,
 * and current_user when admins change their own roles.
 */
const INVALIDATES = [userKeys.all];

/** PATCH /api/v1/users/:id with status (spec §7): deactivate and activate. */
export function useChangeUserStatus(onSuccess?: () => void) {
  const t = useTranslations("userAdmin.statusChange");
  return useApiMutation({
    mutationFn: ({ user, status }: TStatusChange) => updateUser(api, user.id, { status }),
    invalidates: INVALIDATES,
    success: ({ user, status }) => {
      const name = userDisplayName(user);
      return status === "inactive" ? t("deactivated", { name }) : t("activated", { name });
    },
    failure: ({ user }) => t("failed", { name: userDisplayName(user) }),
    onSuccess,
  });
}

/** DELETE /api/v1/users/:id (spec §7): archives the user. */
export function useArchiveUser(onSuccess?: () => void) {
  const t = useTranslations("userAdmin.statusChange");
  return useApiMutation({
    mutationFn: (user: TUserRecord) => archiveUser(api, user.id),
    invalidates: INVALIDATES,
    success: (user) => t("archived", { name: userDisplayName(user) }),
    failure: (user) => t("failed", { name: userDisplayName(user) }),
    onSuccess,
  });
}

/** POST …/resend_confirmation_instructions: the invitation again, or the confirmation. */
export function useResendInstructions() {
  const t = useTranslations("userAdmin.resend");
  return useApiMutation({
    mutationFn: (user: TUserRecord) => resendInstructions(api, user.id),
    // It changes nothing an admin sees (docs/api-users.md: no audit entry either).
    invalidates: [],
    success: (user) =>
      user.status === "invited"
        ? t("invitationSent", { email: user.email })
        : t("confirmationSent", { email: user.email }),
    failure: (user) => t("failed", { email: user.email }),
    reasons: { 422: t("notNeeded") },
  });
}

type TRoleMutation = { user: TUserRecord; change: TRoleChange; label: string };

/** DELETE …/remove_role (spec §7) with the exact role. */
export function useRemoveUserRole(onSuccess?: () => void) {
  const t = useTranslations("userAdmin.roleAdmin");
  return useApiMutation({
    mutationFn: ({ user, change }: TRoleMutation) => removeUserRole(api, user.id, change),
    invalidates: INVALIDATES,
    success: ({ label }) => t("removed", { role: label }),
    failure: ({ label }) => t("removeFailed", { role: label }),
    onSuccess,
  });
}
