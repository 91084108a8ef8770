import { getBffConfig } from "@/lib/bff/config";
import { handleStopImpersonating } from "@/lib/bff/handlers";

// Back to one's own account after signing in as someone else: the impersonated client is
// signed out at the api and the cookie holds the admin's session again. Same-origin POST
// from a browser that is signed in as someone else; anyone else gets 409 (or 403 cross-origin).
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  return handleStopImpersonating(request, getBffConfig());
}
