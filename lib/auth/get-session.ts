import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { isSignedIn, type TSignedInAuth } from "@/lib/auth/auth-headers";
import { sessionCookieName, type TSession, unsealSession } from "@/lib/auth/session";
import { requestProto } from "@/lib/bff/request-info";
import { env, getSessionSecret } from "@/lib/env";
import { signInPath } from "@/lib/navigation/sign-in-path";

// For server components: read-only, once per render. Server components never call
// authenticated api endpoints (docs/decisions.md, Auth): they could rotate the token but not
// write the cookie. This only says who is signed in, for guards and layout.

export const getSession = cache(async (): Promise<TSession> => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const secure = requestProto(headerStore) === "https";
  const seal = cookieStore.get(sessionCookieName(env.SESSION_COOKIE_NAME, secure))?.value;
  return unsealSession(seal, getSessionSecret());
});

/** STYLE.md: reading the session goes through one cached function that redirects when missing. */
/** The session of a login-required page; signed out, the sign-in page and back to `returnTo`. */
export async function requireSession(returnTo: string): Promise<TSignedInAuth> {
  const session = await getSession();
  // spec §2: unauthenticated users on non-public routes go to /auth/login-1.
  if (!isSignedIn(session)) redirect(signInPath(returnTo));
  return session;
}
