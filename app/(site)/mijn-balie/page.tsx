import { MyDeskPage } from "@/components/desks-admin/my-desk-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("my-desk");

/** /mijn-balie (spec §2, login-required): a desk manager's home (docs/desks-admin.md). */
export default async function MyDeskRoute() {
  await requireSession("/mijn-balie");
  return <MyDeskPage />;
}
