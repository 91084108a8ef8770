import { OrganizationAdd } from "@/components/organizations/organization-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-add");

/**
 * /organizations/add (spec §2, login-required): staff add an organization. The form
 * works in the browser through the BFF; centre admins and superadmins only (403 screen).
 */
export default async function OrganizationAddPage() {
  await requireSession("/organizations/add");
  return <OrganizationAdd />;
}
