import type { TPoolSort } from "@/lib/contract/pool";
import type { Translator } from "@/lib/i18n/translator";
import type { TPoolVolunteer } from "@/lib/volunteer-pool/pool-types";

// One literal key per case, so the message check sees every text (docs/decisions.md, i18n).

/** "Anna D.": the first name and the initial of the last, as the pool shares them. */
export const volunteerName = (v: Pick<TPoolVolunteer, "firstName" | "lastNameInitial">) =>
  [v.firstName, v.lastNameInitial ? `${v.lastNameInitial}.` : null].filter(Boolean).join(" ");

export function sortLabel(t: Translator, sort: TPoolSort): string {
  switch (sort) {
    case "best_match":
      return t("volunteerPool.sorts.bestMatch");
    case "distance":
      return t("volunteerPool.sorts.distance");
    case "least_recently_asked":
      return t("volunteerPool.sorts.leastRecentlyAsked");
  }
}
