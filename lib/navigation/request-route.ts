/**
 * What proxy.ts hands on to the page besides the tenant (lib/request/tenant-header.ts).
 * Both always overwritten by the proxy, so a value sent by the browser never survives.
 */

/** The slug of the desk a path selected (spec §4: "the desk whose slug prefixes the path"). */
export const deskHeaderName = "x-volunteerly-desk";

/**
 * Where a fatal 404 (spec §2, a failed validity check) and an address no route matches are
 * rewritten to: app/(public)/%5Fvolunteerly/not-found, the 404 screen in the public layout
 * (`%5F` is a leading underscore in the URL; a plain `_` folder would be private).
 */
export const NOT_FOUND_REWRITE_PATH = "/_volunteerly/not-found";

/**
 * Whether proxy.ts sends an address the route table does not match to the 404 screen above.
 * Not when its last segment names a file (has an extension): Next's route handlers outside
 * the route table (the activities' .ics feeds) answer those, or else the root not-found.tsx.
 */
export function isUnknownPageAddress(pathname: string): boolean {
  const last = pathname.split("/").findLast((segment) => segment !== "") ?? "";
  return !last.includes(".");
}
