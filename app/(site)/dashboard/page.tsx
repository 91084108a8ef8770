import { DashboardView } from "@/components/dashboard/dashboard-view";
import { requireSession } from "@/lib/auth/get-session";
import { hasVolunteerProfiles } from "@/lib/profile/profiles-enabled";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("dashboard");

/**
 * spec §2: login-required. proxy.ts only sees that a cookie exists; this checks that it
 * holds a session. The data loads in the browser (decisions.md: server components never
 * call authenticated api endpoints).
 */
export default async function DashboardPage() {
  await requireSession("/dashboard");
  return <DashboardView profiles={await hasVolunteerProfiles()} />;
}
