import { comparablePath } from "@/lib/navigation/comparable-path";
import { safeReturnPath } from "@/lib/navigation/safe-return-path";
import { signInPath } from "@/lib/navigation/sign-in-path";

/** Pages about signing in, out or up: coming back to one after signing in makes no sense. */
const AUTH_SECTIONS = ["/auth", "/inloggen", "/uitloggen", "/signup", "/confirm"];

export function isAuthPage(pathname: string): boolean {
  const path = comparablePath(pathname);
  return AUTH_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));
}

/**
 * Where the toolbar's sign-in link goes: the sign-in page with `?redirect=` back to this
 * page and its query. On an auth page there is nothing to return to, except the sign-in
 * page's own `redirect`, which is kept. Only a path on this site is ever passed on.
 */
export function signInHref(pathname: string, search: string): string {
  const query = search.replace(/^\?/, "");
  if (isAuthPage(pathname)) {
    const redirect = new URLSearchParams(query).get("redirect");
    return signInPath(redirect ? safeReturnPath(redirect, "/") : undefined);
  }
  return signInPath(safeReturnPath(query ? `${pathname}?${query}` : pathname, "/"));
}
