import type { Translator } from "@/lib/i18n/translator";

// Names the api sends (roles, types, statuses), shown in the active locale. Unknown names are shown as sent, so a
// new role or status is visible before it has a translation.

export function roleLabel(t: Translator, name: string): string {
  switch (name) {
    case "superadmin":
      return t("labels.role.superadmin");
    case "admin":
      return t("labels.role.admin");
    case "member":
      return t("labels.role.member");
    case "desk_manager":
      return t("labels.role.desk_manager");
    case "volunteer":
      return t("labels.role.volunteer");
    default:
      return name;
  }
}

export function organizationTypeLabel(t: Translator, type: string | null | undefined): string {
  switch (type) {
    case "School":
      return t("labels.organizationType.School");
    case "VolunteerCenter":
      return t("labels.organizationType.VolunteerCenter");
    case "Organization":
      return t("labels.organizationType.Organization");
    default:
      return type ?? "";
  }
}

export function organizationStatusLabel(t: Translator, status: string | null | undefined): string {
  switch (status) {
    case "approved":
      return t("labels.organizationStatus.approved");
    case "pending":
      return t("labels.organizationStatus.pending");
    case "denied":
      return t("labels.organizationStatus.denied");
    case "archived":
      return t("labels.organizationStatus.archived");
    default:
      return status ?? "";
  }
}

export function userStatusLabel(t: Translator, status: string | null | undefined): string {
  switch (status) {
    case "active":
      return t("labels.userStatus.active");
    case "invited":
      return t("labels.userStatus.invited");
    case "inactive":
      return t("labels.userStatus.inactive");
    case "archived":
      return t("labels.userStatus.archived");
    default:
      return status ?? "";
  }
}
