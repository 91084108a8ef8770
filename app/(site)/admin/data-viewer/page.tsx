import { DataViewer } from "@/components/data-viewer/data-viewer";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("data-viewer");

/**
 * /admin/data-viewer (spec §2, login-required): superadmins browse the tenant's tables,
 * read-only (docs/data-viewer.md). Loads in the browser through the BFF.
 */
export default async function DataViewerRoute() {
  await requireSession("/admin/data-viewer");
  return <DataViewer />;
}
