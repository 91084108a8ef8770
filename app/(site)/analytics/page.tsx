import { Suspense } from "react";
import { AnalyticsPage } from "@/components/analytics/analytics-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("analytics");

/**
 * /analytics (spec §2, title 'Volunteerly Analytics'): a volunteer centre's figures over a
 * period, for its admins and superadmins (docs/analytics.md). Loads in the browser through
 * the BFF.
 */
export default async function AnalyticsRoutePage() {
  await requireSession("/analytics");
  return (
    <Suspense fallback={null}>
      <AnalyticsPage />
    </Suspense>
  );
}
