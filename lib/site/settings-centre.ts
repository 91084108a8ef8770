/**
 * Which volunteer centre the /instellingen pages edit (docs/organization-forms-and-settings.md):
 * the selected organization (spec §4, the account menu's choice) when it is a centre the user
 * may edit; else the first centre they administer; a superadmin who administers none edits
 * the site's own centre. Anyone else edits none (the 403 screen).
 */
export function chooseSettingsCentre(input: {
  superadmin: boolean;
  /** The centres the user administers (lib/auth/use-staff-access.ts), in their order. */
  centreIds: readonly string[];
  selected: { id: string; type?: string | null } | null;
  /** The centre of the site the browser is on (GET /api/v1/site_setting); null unknown. */
  siteCentreId: string | null;
}): string | null {
  const { superadmin, centreIds, selected, siteCentreId } = input;
  if (
    selected?.type === "VolunteerCenter" &&
    (superadmin || centreIds.includes(String(selected.id)))
  ) {
    return String(selected.id);
  }
  if (centreIds.length > 0) return centreIds[0];
  return superadmin ? siteCentreId : null;
}
