/** spec §2: unauthenticated users go to the sign-in page; we bring them back afterwards. */
export const signInPagePath = "/auth/login-1";

export function signInPath(returnTo?: string): string {
  if (!returnTo || returnTo === "/") return signInPagePath;
  return `${signInPagePath}?${new URLSearchParams({ redirect: returnTo })}`;
}
