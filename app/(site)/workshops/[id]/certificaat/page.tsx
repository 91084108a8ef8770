import { withInterruptScreens } from "@/components/errors/interrupt-page";
import { WorkshopCertificate } from "@/components/workshops/workshop-certificate";
import { requireActivities } from "@/lib/activities/load";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("workshop-certificate");

type Props = { params: Promise<{ id: string }> };

/**
 * /workshops/:id/certificaat (ours, login-required; docs/workshops.md): the printable
 * certificate of a workshop the caller attended, `:id` being their place. Loads in the
 * browser through the BFF; anyone but the holder, a place not marked present, or an
 * activity that is no workshop gets the 404 screen.
 */
export default withInterruptScreens(async function WorkshopCertificateRoute({ params }: Props) {
  await requireActivities();
  const { id } = await params;
  await requireSession(`/workshops/${id}/certificaat`);
  return <WorkshopCertificate registrationId={id} />;
});
