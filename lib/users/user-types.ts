import type { Role } from "@/lib/auth/auth-state";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";

export type TUserStatus = "active" | "invited" | "inactive" | "archived";

/** A user as the back office reads them (JSON:API flattened, camelCase). */
export type TUserRecord = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  locale: string;
  status: TUserStatus;
  volunteerCenterId: number | string | null;
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
  roles?: Role[];
  organizations?: TOrganizationRecord[];
};

/** "First Last", else the e-mail address. */
export function userDisplayName(user: Pick<TUserRecord, "firstName" | "lastName" | "email">) {
  return (
    [user.firstName, user.lastName].filter((p) => p && p.trim() !== "").join(" ") || user.email
  );
}
