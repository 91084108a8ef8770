import { ApplicationDetail } from "@/components/applications/application-detail";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("application");

/**
 * /applications/:id (spec §2, login-required; docs/applications-pages.md): one application
 * for its applicant or the vacancy's organisation. Loads in the browser through the BFF;
 * the api answers 404 for an id the caller may not see (another tenant's too), and the page
 * shows the not-found screen.
 */
export default async function ApplicationRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/applications/${id}`);
  return <ApplicationDetail id={id} />;
}
