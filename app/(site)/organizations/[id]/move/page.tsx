import { notFound } from "next/navigation";
import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { OrganizationMove } from "@/components/organizations/organization-move";
import { requireSession } from "@/lib/auth/get-session";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("organization-move");

/**
 * /organizations/:id/move (spec §2, login-required). Spec §1: moving organisations
 * is off by default and on in an override (cordaad). Where it is off the page does not
 * exist: the 404 screen, whoever asks (docs/organization-forms-and-settings.md).
 */
export default withInterruptScreens(async function OrganizationMovePage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await requireSession(`/organizations/${id}/move`);
  const tenant = await getCurrentTenant();
  if (!tenant.moveOrganizations) notFound();
  return <OrganizationMove key={id} id={id} />;
});
