/**
 * Signing in as another user and back (docs/impersonation-and-account-deletion.md). Both go
 * through the BFF, which keeps the admin's own session in the sealed cookie meanwhile.
 */
import type { ApiClient } from "@/lib/api";

/** spec §7: POST /api/v1/sign_in_as_user with data{type user, attributes{user_id}}. */
export async function signInAsUser(client: ApiClient, userId: string): Promise<void> {
  await client.post("/api/v1/sign_in_as_user", {
    data: { type: "user", attributes: { userId } },
  });
}

/** The BFF ends the impersonation upstream and puts the admin's own session back. */
export async function stopImpersonating(client: ApiClient): Promise<void> {
  await client.post("/api/session/stop_impersonating");
}

/** Where both land: a full page load, so nothing cached for the other account survives. */
export const AFTER_SWITCH_PATH = "/dashboard";
