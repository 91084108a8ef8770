import { timeZone } from "@/lib/i18n/config";
import type { TVacancy } from "./types";

/** Today's date (YYYY-MM-DD) in the site's time zone, the day a closing date counts in. */
export function siteToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(now);
}

/**
 * A vacancy that no longer takes applications: closed by its organisation, or past its
 * closing date (which still counts on the day itself). Its page stays and says so.
 */
export function isClosedVacancy(
  vacancy: Pick<TVacancy, "status" | "closesOn">,
  today: string,
): boolean {
  return vacancy.status === "closed" || (vacancy.closesOn !== null && vacancy.closesOn < today);
}

/** The last moment it took applications, for JobPosting's validThrough. */
export function validThrough(
  vacancy: Pick<TVacancy, "status" | "closesOn" | "closedAt">,
): string | undefined {
  if (vacancy.status === "closed" && vacancy.closedAt) return vacancy.closedAt;
  return vacancy.closesOn ? `${vacancy.closesOn}T23:59:59+01:00` : undefined;
}
