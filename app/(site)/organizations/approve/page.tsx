import { Suspense } from "react";
import { ApproveList } from "@/components/organizations/approve-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-approve");

/**
 * /organizations/approve (spec §2, login-required): centre admins and superadmins
 * approve or deny new organizations. Loads in the browser through the BFF; others get 403.
 */
export default async function OrganizationApprovePage() {
  await requireSession("/organizations/approve");
  return (
    <Suspense fallback={null}>
      <ApproveList />
    </Suspense>
  );
}
