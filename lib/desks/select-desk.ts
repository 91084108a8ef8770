import { normalizePath } from "@/lib/navigation/route-pattern";

/** What desk selection needs of a desk (spec §3: slug, volunteerCenterId; the desk's organization). */
export type TDeskSummary = {
  /** The desk's id: the desk guard compares it with a desk manager's roles. */
  id: string;
  slug: string;
  volunteerCenterId: string;
  organizationId: string | null;
};

/** The desk whose slug is the path's first segment (case ignored, like route matching). */
export function deskOfPath(
  pathname: string,
  desks: readonly TDeskSummary[],
): TDeskSummary | undefined {
  const first = normalizePath(pathname).split("/")[1]?.toLowerCase();
  if (!first) return undefined;
  return desks.find((desk) => desk.slug.toLowerCase() === first);
}

/**
 * spec §4 "Desk selection": the desk whose slug prefixes the path, else the desk of the
 * current user's selected organization. Its volunteerCenterId becomes the current centre.
 */
export function selectDesk(
  pathname: string,
  desks: readonly TDeskSummary[],
  selectedOrganizationId: string | null,
): TDeskSummary | undefined {
  const fromPath = deskOfPath(pathname, desks);
  if (fromPath) return fromPath;
  if (!selectedOrganizationId) return undefined;
  return desks.find((desk) => desk.organizationId === selectedOrganizationId);
}
