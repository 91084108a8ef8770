import "server-only";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { routeTitleText } from "@/lib/route-titles";
import { routeByName } from "@/lib/routes";

/**
 * A page's `generateMetadata` from its row in lib/routes.ts (spec §1: the route's title;
 * the root layout adds the site-name suffix). Pages that know a better title from their
 * data (a vacancy's name) write their own and fall back to this one.
 */
export function routeMetadata(name: string): () => Promise<Metadata> {
  const route = routeByName(name); // at import: a wrong name fails the build, not a request
  return async () => {
    const t = await getTranslations();
    return { title: routeTitleText(t, route.meta.title) };
  };
}
