import type { Role } from "@/lib/auth/auth-state";
import type {
  TRoleResourceType,
  TScopedRoleName,
  TUserLocale,
  TUserStatus,
} from "@/lib/contract/user";
import type { TOrganizationRecord } from "@/lib/organizations/organization-types";

export type { TRoleResourceType, TScopedRoleName, TUserLocale, TUserStatus };

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

/** One role as add_role and remove_role take it: name plus the exact resource (rolify). */
export type TRoleChange = {
  role: string;
  resourceType: string | null;
  resourceId: string | null;
};

/** POST /api/v1/users: the person to invite and the role they get. */
export type TInvitation = {
  email: string;
  firstName: string;
  lastName: string;
  locale: TUserLocale;
  role: TScopedRoleName;
  resourceType: TRoleResourceType;
  resourceId: string;
};

/** PATCH /api/v1/users/:id: what the edit page changes. */
export type TUserChanges = {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  locale?: TUserLocale;
  status?: TUserStatus;
};

/** One entry of the audit log about a user (docs/audit-log.md), with `include=actor`. */
export type TAuditEntry = {
  id: string;
  action: string;
  subjectType: string;
  subjectId: string | number;
  subjectLabel: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  actor?: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
};

/** "First Last", else the e-mail address. */
export function userDisplayName(user: Pick<TUserRecord, "firstName" | "lastName" | "email">) {
  return (
    [user.firstName, user.lastName].filter((p) => p && p.trim() !== "").join(" ") || user.email
  );
}
