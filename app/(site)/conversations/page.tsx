import { Suspense } from "react";
import { ConversationsPage } from "@/components/conversations/conversations-page";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("conversations");

/**
 * /conversations (spec §2, login-required; docs/conversations-pages.md): the signed-in
 * user's threads and the open one. Loads in the browser through the BFF (decisions.md:
 * server components never call authenticated api endpoints); only the two sides of a
 * thread get it, anyone else a 404.
 */
export default async function ConversationsRoute() {
  await requireSession("/conversations");
  return (
    <Suspense fallback={null}>
      <ConversationsPage />
    </Suspense>
  );
}
