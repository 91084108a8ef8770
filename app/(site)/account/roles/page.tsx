import { AccountRolesView } from "@/components/account-roles/account-roles-view";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("account-roles");

/**
 * /account/roles (spec §2, login-required): the signed-in user's roles per
 * organization. Loads in the browser through the BFF (docs/decisions.md, Auth).
 */
export default async function AccountRolesPage() {
  await requireSession("/account/roles");
  return <AccountRolesView />;
}
