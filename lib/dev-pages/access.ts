import type { Role } from "@/lib/auth/auth-state";
import { isSuperadmin } from "@/lib/auth/role-checks";

/**
 * Who may open the developer and test pages of spec §2 (docs/dev-pages.md):
 * - "open": everyone, where the switch is on (development, tests, ENABLE_DEV_PAGES=true);
 * - "superadmins": the switch is off (production) and a session came with the request, so
 *   the page asks the api who it is and shows itself to superadmins only;
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

/** Whether a user with these roles sees the page under this access. */
export function mayUseDevPages(access: TDevPagesAccess, roles: readonly Role[]): boolean {
  return access === "open" || isSuperadmin(roles);
}
