import { Suspense } from "react";
import { OrganizationList } from "@/components/organizations/organization-list";
import { requireSession } from "@/lib/auth/get-session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organizations");

/**
 * /organizations (spec §2, login-required): the back office's organization list.
 * The list loads in the browser through the BFF (docs/decisions.md: server components never
 * call authenticated api endpoints); the api decides who sees which organizations.
 */
export default async function OrganizationsPage() {
  await requireSession("/organizations");
  const tenant = await getCurrentTenant();
  return (
    // It reads the URL with useSearchParams.
    <Suspense fallback={null}>
      <OrganizationList canMove={tenant.moveOrganizations} />
    </Suspense>
  );
}
