import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { requestHost, requestProto } from "@/lib/bff/request-info";

/**
 * The origin this tenant's site is served on, as the browser addressed it (canonical URLs,
 * Open Graph, the sitemap). Tenants are told apart by host, so the request's own host is
 * the tenant's; a missing Host falls back to localhost rather than inventing one.
 */
export const getSiteOrigin = cache(async (): Promise<string> => {
  const list = await headers();
  const host = requestHost(list) ?? "localhost";
  return `${requestProto(list)}://${host}`;
});

/** An absolute URL on the site for a path (which may carry a query). */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).toString();
}
