import { Suspense } from "react";
import { TagsPage } from "@/components/tags/tags-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("tags");

/**
 * /tags (spec §2, login-required; docs/tags.md): the tenant's tag vocabulary for centre
 * admins and superadmins. Loads in the browser through the BFF; the api decides who may.
 */
export default async function TagsRoute() {
  await requireSession("/tags");
  return (
    <Suspense fallback={null}>
      <TagsPage />
    </Suspense>
  );
}
