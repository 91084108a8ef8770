/**
 * What proxy.ts hands on to the page besides the tenant (lib/request/tenant-header.ts).
 * Both always overwritten by the proxy, so a value sent by the browser never survives.
 */

/** The slug of the desk a path selected (spec §4: "the desk whose slug prefixes the path"). */
export const deskHeaderName = "x-volunteerly-desk";

/**
 * Where a fatal 404 (spec §2, a failed validity check) is rewritten to. `_`-prefixed
 * folders are private in the App Router, so no page can ever answer this path.
 */
export const NOT_FOUND_REWRITE_PATH = "/_volunteerly/not-found";
