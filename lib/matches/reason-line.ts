import { shownKm, type TMatchReason } from "@/lib/contract/matches";
import type { TAvailabilityDay } from "@/lib/contract/volunteer-profile";
import type { Translator } from "@/lib/i18n/translator";
import { tagName } from "@/lib/tags/tag-name";

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).
function dayWord(t: Translator, day: TAvailabilityDay): string {
  switch (day) {
    case "monday":
      return t("matches.days.monday");
    case "tuesday":
      return t("matches.days.tuesday");
    case "wednesday":
      return t("matches.days.wednesday");
    case "thursday":
      return t("matches.days.thursday");
    case "friday":
      return t("matches.days.friday");
    case "saturday":
      return t("matches.days.saturday");
    case "sunday":
      return t("matches.days.sunday");
  }
}

/**
 * "Sport, Zorg · 3 km · zaterdag": why a vacancy fits, in the reader's language. The mail
 * words it the same way (backend/mail/templates/periodic-mail.ts).
 */
export function reasonLine(
  t: Translator,
  locale: string,
  reasons: readonly TMatchReason[],
): string {
  const tags = reasons.flatMap((r) => (r.kind === "tag" ? [tagName(r, locale)] : []));
  const days = reasons.flatMap((r) => (r.kind === "day" ? [dayWord(t, r.day)] : []));
  const parts: string[] = [];
  if (tags.length > 0) parts.push(tags.join(", "));
  for (const reason of reasons) {
    if (reason.kind === "remote") parts.push(t("matches.remote"));
    if (reason.kind === "distance") parts.push(t("matches.km", { km: String(shownKm(reason.km)) }));
  }
  if (days.length > 0) parts.push(days.join(", "));
  return parts.join(" · ");
}
