import "server-only";
import { notFound } from "next/navigation";
import { devPagesEnabled } from "@/lib/env";

/**
 * Developer and test pages (spec §2: /dev/*, /test/*) call this first: where they are
 * switched off (production, unless ENABLE_DEV_PAGES) they do not exist, so a 404.
 */
export function requireDevPages(): void {
  if (!devPagesEnabled()) notFound();
}
