import type { TApplicationEvent, TApplicationStatus } from "@/lib/contract/applications";
import type { Translator } from "@/lib/i18n/translator";

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).

/** An application status in the active language. */
export function statusLabel(t: Translator, status: TApplicationStatus | string): string {
  switch (status) {
    case "new":
      return t("applications.statuses.new");
    case "in_conversation":
      return t("applications.statuses.inConversation");
    case "accepted":
      return t("applications.statuses.accepted");
    case "declined":
      return t("applications.statuses.declined");
    case "withdrawn":
      return t("applications.statuses.withdrawn");
    case "closed":
      return t("applications.statuses.closed");
    default:
      return status;
  }
}

/** The button of an event the viewer may take. */
export function eventLabel(t: Translator, event: TApplicationEvent): string {
  switch (event) {
    case "accept":
      return t("applications.actions.accept");
    case "decline":
      return t("applications.actions.decline");
    case "withdraw":
      return t("applications.actions.withdraw");
  }
}
