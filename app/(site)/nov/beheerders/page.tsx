import { AdministratorsPage } from "@/components/administrators/administrators-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("administrators");

/**
 * /nov/beheerders (spec §2, login-required): superadmins manage the administrators
 * of the tenant's volunteer centres. Loads in the browser through the BFF; others get 403.
 */
export default async function AdministratorsRoute() {
  await requireSession("/nov/beheerders");
  return <AdministratorsPage />;
}
