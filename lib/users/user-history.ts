import { userStatusLabel } from "@/lib/i18n/labels";
import type { Translator } from "@/lib/i18n/translator";
import { describeRole, type TResourceNames } from "./user-roles";
import type { TAuditEntry } from "./user-types";

/** The attribute names `user_updated` lists (wire names), in the active language. */
function attributeLabel(t: Translator, name: string): string {
  switch (name) {
    case "first_name":
      return t("userAdmin.fields.firstName");
    case "last_name":
      return t("userAdmin.fields.lastName");
    case "phone":
      return t("userAdmin.fields.phone");
    case "locale":
      return t("userAdmin.fields.locale");
    case "email":
      return t("userAdmin.fields.email");
    default:
      return name;
  }
}

const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : null;

/** The role an entry names (details `{role, resource_type, resource_id, resource_label}`). */
function entryRole(t: Translator, details: Record<string, unknown>, names: TResourceNames) {
  const resourceType = text(details.resourceType);
  const resourceId = text(details.resourceId);
  const label = text(details.resourceLabel);
  // The name when the entry was written wins: an organization may have been renamed since.
  const known: TResourceNames =
    label && resourceId
      ? {
          organizations: new Map([...names.organizations, [resourceId, label]]),
          desks: new Map([...names.desks, [resourceId, label]]),
        }
      : names;
  return describeRole(
    t,
    { id: "", name: text(details.role) ?? "", resourceType, resourceId },
    known,
  );
}

/**
 * What one audit entry about a user says (docs/audit-log.md lists the actions and their
 * details), in the active language. An action this page does not know is shown as sent.
 */
export function auditEntryText(t: Translator, entry: TAuditEntry, names: TResourceNames): string {
  const details = entry.details ?? {};
  switch (entry.action) {
    case "user_invited":
      return t("userAdmin.history.userInvited", { role: entryRole(t, details, names) });
    case "user_updated": {
      const changed = Array.isArray(details.changed) ? details.changed.map(String) : [];
      return t("userAdmin.history.userUpdated", {
        fields: changed.map((name) => attributeLabel(t, name)).join(", "),
      });
    }
    case "user_status_changed":
      return t("userAdmin.history.userStatusChanged", {
        from: userStatusLabel(t, text(details.from)),
        to: userStatusLabel(t, text(details.to)),
      });
    case "user_archived":
      return t("userAdmin.history.userArchived");
    case "role_added":
      return t("userAdmin.history.roleAdded", { role: entryRole(t, details, names) });
    case "role_removed":
      return t("userAdmin.history.roleRemoved", { role: entryRole(t, details, names) });
    case "signed_in_as":
      return t("userAdmin.history.signedInAs");
    case "signed_in_as_ended":
      return t("userAdmin.history.signedInAsEnded");
    case "account_deleted":
      return t("userAdmin.history.accountDeleted");
    default:
      return entry.action;
  }
}
