/** spec §3: an organization as the client sees it (JSON:API flattened, camelCase). */
export interface Organization {
  id: string;
  /** School, VolunteerCenter, … */
  type?: string | null;
  name?: string;
  status?: "approved" | "pending" | "denied" | "archived" | string;
  [key: string]: unknown;
}

const PREFERRED_TYPES = new Set(["School", "VolunteerCenter"]);

/**
 * spec §4 organization selection: keep a stored id that is still in the list; a stored
 * id no longer in it is dropped; with none selected take the first School or
 * VolunteerCenter, else the first organization. An empty list selects nothing.
 */
export function selectOrganization(
  organizations: readonly Organization[],
  storedId: string | number | null | undefined,
): string | null {
  if (storedId !== null && storedId !== undefined) {
    const stored = String(storedId);
    if (organizations.some((organization) => String(organization.id) === stored)) return stored;
  }
  const preferred =
    organizations.find((organization) => PREFERRED_TYPES.has(String(organization.type))) ??
    organizations[0];
  return preferred ? String(preferred.id) : null;
}
