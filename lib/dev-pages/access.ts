/**
 * Who may open the developer and test pages of spec §2 (docs/dev-pages.md):
 * - "open": everyone, where the switch is on (development, tests, ENABLE_DEV_PAGES=true);
 * - "superadmins": the switch is off (production) and a session came with the request, so
 *   the server asks the api whether it is a superadmin's before the page renders;
 * - null: the switch is off and nobody is signed in: the page does not exist (404).
 */
export type TDevPagesAccess = "open" | "superadmins";

export function devPagesAccess({
  enabled,
  signedIn,
}: {
  enabled: boolean;
  signedIn: boolean;
}): TDevPagesAccess | null {
  if (enabled) return "open";
  return signedIn ? "superadmins" : null;
}
