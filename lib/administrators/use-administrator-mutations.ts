"use client";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { userDisplayName } from "@/lib/users/user-types";
import { removeCentreAdmin } from "./administrator-api";

type TCentre = { id: string; name: string };
type TUser = { id: string; email: string; firstName: string | null; lastName: string | null };
export type TCentreAdminChange = { user: TUser; centre: TCentre };

// A role change alters the user's record, every list they are in (the centre's admins among
// them) and, should superadmins change their own roles, the current user: all user queries.
const CHANGED = [userKeys.all] as const;

/** DELETE …/remove_role admin on the centre (that role only), with toasts. */
export function useRemoveCentreAdmin(onSuccess?: () => void) {
  const t = useTranslations("administrators.remove");
  return useApiMutation({
    mutationFn: ({ user, centre }: TCentreAdminChange) =>
      removeCentreAdmin(api, user.id, centre.id),
    invalidates: CHANGED,
    success: ({ user, centre }) => t("done", { name: userDisplayName(user), centre: centre.name }),
    failure: ({ user, centre }) =>
      t("failed", { name: userDisplayName(user), centre: centre.name }),
    onSuccess,
  });
}
