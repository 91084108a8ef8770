// The path normalisation of route matching (route-pattern.ts), apart, so the header's client
// islands (main-nav-items.ts, sign-in-href.ts) need not ship the pattern compiler.

/** '/Users/5/' → '/users/5'; '' → '/'. Case is folded for static parts only at match time. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** A path as route matching compares it (spec §2: case and a trailing slash ignored). */
export function comparablePath(pathname: string): string {
  return normalizePath(pathname).toLowerCase();
}
