import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { BACK_OFFICE_HINT_COOKIE, decodeBackOfficeHint } from "@/lib/navigation/back-office-hint";
import { BackOfficeFrameView } from "./back-office-frame-view";

/**
 * The back office's frame around the default layout's <main> (docs/back-office-pages.md,
 * "The frame"): for signed-in staff on the login-required pages, the sections their roles
 * reach. Rendered on the server from the levels the browser last saw for this account
 * (lib/navigation/back-office-hint.ts), so it is on the first paint and its menu works
 * without JavaScript; the browser then follows the user's current roles.
 */
export async function BackOfficeFrame({ children }: { children: ReactNode }) {
  const [session, cookieStore] = await Promise.all([getSession(), cookies()]);
  const reach = isSignedIn(session)
    ? decodeBackOfficeHint(cookieStore.get(BACK_OFFICE_HINT_COOKIE)?.value, session.uid)
    : new Set<never>();
  return <BackOfficeFrameView initialReach={[...reach]}>{children}</BackOfficeFrameView>;
}
