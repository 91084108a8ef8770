import { Suspense } from "react";
import { ComparisonPage } from "@/components/analytics/analytics-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("analytics-index-2");

/**
 * /analytics/index-2 (spec §2): the figures of every volunteer centre of the tenant side by
 * side, for superadmins (docs/analytics.md). Loads in the browser through the BFF.
 */
export default async function AnalyticsComparisonPage() {
  await requireSession("/analytics/index-2");
  return (
    <Suspense fallback={null}>
      <ComparisonPage />
    </Suspense>
  );
}
