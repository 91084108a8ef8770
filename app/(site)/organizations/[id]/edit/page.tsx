import { OrganizationEdit } from "@/components/organizations/organization-edit";
import { requireSession } from "@/lib/auth/get-session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-edit");

/**
 * /organizations/:id/edit (spec §2, login-required). The organization loads in the
 * browser through the BFF (server components never call authenticated endpoints, and a
 * pending one is only visible to those who may edit it); the api's 404 and 403 show here.
 */
export default async function OrganizationEditPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await requireSession(`/organizations/${id}/edit`);
  const tenant = await getCurrentTenant();
  return <OrganizationEdit key={id} id={id} canMove={tenant.moveOrganizations} />;
}
