/**
 * Account deletion (spec §2 /account/verwijderen; docs/impersonation-and-account-deletion.md).
 * Both calls are public: the mailed token is the proof.
 */
import type { ApiClient } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";

const TYPE = "account_deletion";

/**
 * POST /api/v1/account_deletions: mails a link to confirm. With an address, for that address;
 * without one (signed in), for the caller's own account. Always 202, known address or not.
 */
export async function requestAccountDeletion(client: ApiClient, email?: string): Promise<void> {
  await client.post("/api/v1/account_deletions", {
    data: { type: TYPE, attributes: email === undefined ? {} : { email } },
  });
}

/** POST /api/v1/account_deletions/confirm: anonymises the account the token was mailed for. */
export async function confirmAccountDeletion(client: ApiClient, token: string): Promise<void> {
  await client.post("/api/v1/account_deletions/confirm", {
    data: { type: TYPE, attributes: { token } },
  });
}

/** Why a token was refused: 422 `expired` (older than 24 hours), else `invalid` (or `blank`). */
export type TTokenRefusal = "expired" | "invalid";

export function tokenRefusalOf(error: unknown): TTokenRefusal | undefined {
  if (!isApiError(error) || error.statusCode !== 422) return undefined;
  const item = error.errors.find((e) => e.source?.pointer === "/data/attributes/token");
  return item?.code === "expired" ? "expired" : "invalid";
}
