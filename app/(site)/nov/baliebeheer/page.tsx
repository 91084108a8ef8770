import { DeskManagementPage } from "@/components/desks-admin/desk-management-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("desk-management");

/**
 * /nov/baliebeheer (spec §2, login-required): the desks of the centres a centre admin runs
 * (superadmins: all), active and not. Loads in the browser through the BFF; others get 403.
 */
export default async function DeskManagementRoute() {
  await requireSession("/nov/baliebeheer");
  return <DeskManagementPage />;
}
