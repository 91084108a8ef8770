import { safeInternalPath } from "./safe-navigation";

const fallbackPath = "/dashboard";

/**
 * A return path from the query (`?redirect=`) that is safe to navigate to: a path on this
 * site, else the fallback, so a link cannot send a user off-site after they sign in
 * (spec §2: no external navigation without permission). See safe-navigation.ts.
 */
export function safeReturnPath(value: string | null | undefined, fallback = fallbackPath): string {
  return safeInternalPath(value, fallback);
}
