import { ROUTES } from "@/lib/routes";

/**
 * A route pattern as a robots.txt rule for exactly its paths: each parameter becomes a
 * wildcard and the rule is anchored at the end, e.g. "/vacancies/:id/edit" gives
 * "/vacancies/(star)/edit$". Closing the back office's /vacancies so never closes the public
 * /vacancies/search or /vacancies/12 (Google and Bing honour both the wildcard and `$`).
 */
export function robotsRule(pattern: string): string {
  return `${pattern.replace(/:[A-Za-z]+\??/g, "*")}$`;
}

/**
 * What robots.txt closes: the BFF, the developer and test pages and every route that is not public or is
 * guarded (the developer pages) in lib/routes.ts.
 */
export function closedPaths(): string[] {
  const closed = ROUTES.filter((route) => !route.meta.isPublic || route.meta.guards.length > 0).map(
    (route) => robotsRule(route.pattern),
  );
  return [...new Set(["/api/", "/dev/", "/test/", ...closed])].sort();
}
