import { getSession } from "@/lib/auth/get-session";
import { impersonatorOf } from "@/lib/auth/session";
import { ImpersonationBannerView } from "./impersonation-banner-view";

/**
 * The banner while an admin acts as someone else (required: "a visible banner and a way back
 * to their own account"). Decided on the server from the sealed cookie, which holds the
 * admin's own session as `impersonator`, so it is on the first paint of every page; no api
 * call (docs/decisions.md, Auth). The cookie's uid is the other user's address; their name
 * loads in the browser.
 */
export async function ImpersonationBanner() {
  const session = await getSession();
  if (!impersonatorOf(session)) return null;
  return <ImpersonationBannerView email={session.uid ?? ""} />;
}
