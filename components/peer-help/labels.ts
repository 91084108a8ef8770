import type {
  THelpPostCategory,
  THelpPostEvent,
  THelpPostKind,
  THelpPostStatus,
} from "@/lib/contract/help-posts";
import type { Translator } from "@/lib/i18n/translator";

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).

export function kindLabel(t: Translator, kind: THelpPostKind): string {
  return kind === "offer" ? t("peerHelp.board.kinds.offer") : t("peerHelp.board.kinds.request");
}

export function categoryLabel(t: Translator, category: THelpPostCategory): string {
  switch (category) {
    case "company":
      return t("peerHelp.board.categories.company");
    case "shopping":
      return t("peerHelp.board.categories.shopping");
    case "transport":
      return t("peerHelp.board.categories.transport");
    case "odd_jobs":
      return t("peerHelp.board.categories.odd_jobs");
    case "garden":
      return t("peerHelp.board.categories.garden");
    case "computer":
      return t("peerHelp.board.categories.computer");
    case "paperwork":
      return t("peerHelp.board.categories.paperwork");
    case "language":
      return t("peerHelp.board.categories.language");
    case "pets":
      return t("peerHelp.board.categories.pets");
    case "other":
      return t("peerHelp.board.categories.other");
  }
}

export function statusLabel(t: Translator, status: THelpPostStatus): string {
  switch (status) {
    case "open":
      return t("peerHelp.board.statuses.open");
    case "closed":
      return t("peerHelp.board.statuses.closed");
    case "hidden":
      return t("peerHelp.board.statuses.hidden");
    case "expired":
      return t("peerHelp.board.statuses.expired");
  }
}

export function eventLabel(t: Translator, event: THelpPostEvent): string {
  switch (event) {
    case "close":
      return t("peerHelp.board.actions.close");
    case "reopen":
      return t("peerHelp.board.actions.reopen");
    case "hide":
      return t("peerHelp.board.actions.hide");
  }
}

/** The question before an event, naming the post. */
export function confirmQuestion(t: Translator, event: THelpPostEvent, title: string): string {
  switch (event) {
    case "close":
      return t("peerHelp.board.confirm.close", { title });
    case "reopen":
      return t("peerHelp.board.confirm.reopen", { title });
    case "hide":
      return t("peerHelp.board.confirm.hide", { title });
  }
}

/** What is said once an event went through. */
export function doneMessage(t: Translator, event: THelpPostEvent): string {
  switch (event) {
    case "close":
      return t("peerHelp.board.done.close");
    case "reopen":
      return t("peerHelp.board.done.reopen");
    case "hide":
      return t("peerHelp.board.done.hide");
  }
}
