import { Suspense } from "react";
import { PoolPage } from "@/components/volunteer-pool/pool-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("volunteer-pool");

/**
 * /vrijwilligerspool (spec §2, login-required; docs/volunteer-pool.md): centre staff search
 * the volunteers who opted in and invite one for a vacancy. Loads in the browser through the
 * BFF; the api decides who may (a 403 shows the forbidden screen).
 */
export default async function VolunteerPoolRoute() {
  await requireSession("/vrijwilligerspool");
  return (
    <Suspense fallback={null}>
      <PoolPage />
    </Suspense>
  );
}
