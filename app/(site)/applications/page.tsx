import { Suspense } from "react";
import { ApplicationsPage } from "@/components/applications/applications-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("applications");

/**
 * /applications (spec §2, login-required; docs/applications-pages.md): the user's own
 * applications and, for staff, those to the vacancies they manage. Loads in the browser
 * through the BFF (decisions.md: server components never call authenticated api endpoints).
 */
export default async function ApplicationsRoute() {
  await requireSession("/applications");
  return (
    <Suspense fallback={null}>
      <ApplicationsPage />
    </Suspense>
  );
}
