import { DeskAddPage } from "@/components/desks-admin/desk-add-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("desk-add");

/** /nov/baliebeheer/toevoegen (spec §2, login-required): adds a desk (spec §7 POST). */
export default async function DeskAddRoute() {
  await requireSession("/nov/baliebeheer/toevoegen");
  return <DeskAddPage />;
}
