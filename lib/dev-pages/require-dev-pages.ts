import "server-only";
import { notFound } from "next/navigation";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { devPagesEnabled } from "@/lib/env";
import { devPagesAccess, type TDevPagesAccess } from "./access";

/**
 * Every developer and test page (spec §2: /dev/*, /test/*) calls this first, through
 * components/dev-pages/dev-page.tsx. Where the switch is off and nobody is signed in, the
 * page does not exist: a 404. Signed in, the answer is "superadmins": the page's gate asks
 * the api for the user's roles through the BFF (a server component must not call an
 * authenticated endpoint: the call would rotate the token without writing the cookie).
 */
export async function requireDevPages(): Promise<TDevPagesAccess> {
  const enabled = devPagesEnabled();
  const access = devPagesAccess({
    enabled,
    // The session is read only where it decides something.
    signedIn: !enabled && isSignedIn(await getSession()),
  });
  if (!access) notFound();
  return access;
}
