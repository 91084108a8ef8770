import "server-only";
import { notFound } from "next/navigation";
import { getCurrentTenant } from "@/lib/request/current-tenant";

/**
 * spec §1: volunteer profiles are off in the meedoen variant. The pages that show or edit a
 * profile are not there at all (404, like the api's profile routes), before any session
 * check: they do not exist on that site for anyone.
 */
export async function requireVolunteerProfiles(): Promise<void> {
  const tenant = await getCurrentTenant();
  if (!tenant.features.volunteerProfiles) notFound();
}

/** Whether the tenant has volunteer profiles: the account pages' tabs depend on it. */
export async function hasVolunteerProfiles(): Promise<boolean> {
  return (await getCurrentTenant()).features.volunteerProfiles;
}
