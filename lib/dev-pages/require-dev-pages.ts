import "server-only";
import { notFound } from "next/navigation";
import { serverApi } from "@/lib/api/server";
import { isSignedIn, type TSignedInAuth } from "@/lib/auth/auth-headers";
import { getSession } from "@/lib/auth/get-session";
import { devPagesEnabled } from "@/lib/env";
import { publicTenantHeaders } from "@/lib/public/tenant-headers";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { devPagesAccess } from "./access";

/**
 * Whether the api lets this session open the developer pages. The one authenticated call a
 * server component makes: GET /api/v1/dev_pages/access never rotates the token (a server
 * component could not write the new one into the cookie). Anything but its 204 (403, an
 * expired session's 401, an api that does not answer) counts as no.
 */
async function apiAllows(auth: TSignedInAuth): Promise<boolean> {
  const tenant = await getCurrentTenant();
  try {
    const response = await serverApi.get<unknown>("/api/v1/dev_pages/access", {
      headers: {
        ...publicTenantHeaders(tenant),
        "access-token": auth.accessToken,
        client: auth.client,
        uid: auth.uid,
      },
    });
    return response.status === 204;
  } catch {
    return false;
  }
}

/**
 * Every developer and test page (spec §2: /dev/*, /test/*) calls this first, through
 * components/dev-pages/dev-page.tsx. Where the switch is on, the pages are open. Where it is
 * off (production), they exist for superadmins only, as the api says: to everyone else,
 * signed in or not, the page is a real 404 before anything of it renders.
 */
export async function requireDevPages(): Promise<void> {
  const enabled = devPagesEnabled();
  const session = enabled ? null : await getSession();
  const signedIn = session !== null && isSignedIn(session);
  const access = devPagesAccess({ enabled, signedIn });
  if (access === "open") return;
  if (access === "superadmins" && signedIn && (await apiAllows(session))) return;
  notFound();
}
