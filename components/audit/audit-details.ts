import { statusLabel as formStatusLabel } from "@/components/form-builder/form-status";
import type { TAuditEvent } from "@/lib/audit/audit-types";
import { FORM_STATUSES, type TFormStatus } from "@/lib/contract/forms";
import { organizationStatusLabel, roleLabel, userStatusLabel } from "@/lib/i18n/labels";
import type { Translator } from "@/lib/i18n/translator";

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const id = (value: unknown) =>
  typeof value === "number" || (typeof value === "string" && value !== "") ? String(value) : null;

/**
 * What changed, in one line of the active language (docs/audit-log.md's `details` per
 * action): a status from → to, the role and what it is on, the fields edited, the centres
 * of a move. Null when the entry holds nothing worth a line.
 */
export function auditDetails(
  t: Translator,
  event: Pick<TAuditEvent, "action" | "subjectType" | "details">,
  centreName: (id: string) => string | undefined = () => undefined,
): string | null {
  const d = event.details ?? {};
  const status = (value: unknown) => {
    const raw = text(value);
    if (!raw) return null;
    if (event.subjectType === "Form") {
      return FORM_STATUSES.includes(raw as TFormStatus)
        ? formStatusLabel(t, raw as TFormStatus)
        : raw;
    }
    return event.subjectType === "User" ? userStatusLabel(t, raw) : organizationStatusLabel(t, raw);
  };
  const role = text(d.role);
  if (role) {
    const resource = text(d.resourceLabel);
    return resource
      ? t("auditLog.details.roleOn", { role: roleLabel(t, role), resource })
      : t("auditLog.details.role", { role: roleLabel(t, role) });
  }
  const into = text(d.intoLabel);
  if (event.action === "tag_merged" && into) return t("auditLog.details.mergedInto", { into });
  const from = status(d.from);
  const to = status(d.to);
  if (from && to) return t("auditLog.details.status", { from, to });
  if (from) return t("auditLog.details.fromStatus", { from });
  const fromCentre = id(d.fromCenterId);
  const toCentre = id(d.toCenterId);
  if (fromCentre && toCentre) {
    return t("auditLog.details.moved", {
      from: centreName(fromCentre) ?? `#${fromCentre}`,
      to: centreName(toCentre) ?? `#${toCentre}`,
    });
  }
  const submission = id(d.submissionId);
  if (event.action === "form_submission_deleted" && submission) {
    return t("auditLog.details.submission", { id: submission });
  }
  if (event.action === "form_submissions_exported" && typeof d.rows === "number") {
    return t("auditLog.details.rows", { count: d.rows });
  }
  if (Array.isArray(d.changed) && d.changed.length > 0) {
    return t("auditLog.details.changed", { fields: d.changed.map(String).join(", ") });
  }
  return null;
}
