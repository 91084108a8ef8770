import { Suspense } from "react";
import { JobsPage } from "@/components/jobs/jobs-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("jobs");

/**
 * /admin/jobs (our route, docs/jobs.md "Operations"): the background job queue for
 * superadmins. Loads in the browser through the BFF.
 */
export default async function AdminJobsPage() {
  await requireSession("/admin/jobs");
  return (
    <Suspense fallback={null}>
      <JobsPage />
    </Suspense>
  );
}
