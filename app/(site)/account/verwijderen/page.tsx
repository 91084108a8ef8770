import { AccountDeletionPage } from "@/components/account-deletion/account-deletion-page";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { firstParam, type SearchParams } from "@/lib/navigation/search-params";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("delete-account");

/**
 * /account/verwijderen (spec §2, public): anyone asks to delete their account; the mailed
 * link (`?token=…`) comes back here to confirm (docs/impersonation-and-account-deletion.md).
 * Whether someone is signed in only decides whether an address is asked for.
 */
export default async function DeleteAccountPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = firstParam(params.token)?.trim() || undefined;
  const session = await getSession();
  return <AccountDeletionPage token={token} signedIn={isSignedIn(session)} />;
}
