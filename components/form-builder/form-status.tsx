import type { TFormStatus } from "@/lib/contract/forms";
import type { Translator } from "@/lib/i18n/translator";

/** A status's name (one literal key per status, for the message check). */
export function statusLabel(t: Translator, status: TFormStatus): string {
  switch (status) {
    case "draft":
      return t("formBuilder.statuses.draft");
    case "published":
      return t("formBuilder.statuses.published");
    case "closed":
      return t("formBuilder.statuses.closed");
  }
}

const BADGE: Record<TFormStatus, string> = {
  draft: "bg-neutral-100 text-neutral-900",
  published: "bg-emerald-100 text-emerald-900",
  closed: "bg-amber-100 text-amber-900",
};

/** The status as a badge: its word, never its colour alone. */
export function StatusBadge({ t, status }: { t: Translator; status: TFormStatus }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${BADGE[status]}`}>
      {statusLabel(t, status)}
    </span>
  );
}
