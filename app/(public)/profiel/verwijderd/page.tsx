import { AccountDeletedView } from "@/components/account-deletion/account-deleted-view";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-deleted");

/**
 * /profiel/verwijderd (spec §2): shown right after the account was deleted, when nobody is
 * signed in any more; so public in lib/routes.ts although the spec lists it as
 * login-required (docs/account-and-impersonation-pages.md).
 */
export default function ProfileDeletedPage() {
  return <AccountDeletedView />;
}
